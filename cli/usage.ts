// Usage errors exit 2 with a message and no stack (main.ts); everything a command checks about
// its arguments throws one.

export class UsageError extends Error {}

/** A failure the user can act on (a refused file, an unwritable path): exit 1, message only. */
export class CommandFailure extends Error {}

/** A whole number in [min, max], or a usage error naming the flag. */
export function intFlag(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

/** A usage error for an unknown name, listing the valid ones (or those sharing its first
 *  letters, when there are many). */
export function unknownName(what: string, name: string, valid: readonly string[], hint: string): UsageError {
  const near = valid.filter((v) => v.startsWith(name.slice(0, 3)));
  const shown = valid.length <= 12 ? valid : near.slice(0, 12);
  const list = shown.length ? `; ${valid.length <= 12 ? "valid" : "similar"}: ${shown.join(", ")}` : "";
  return new UsageError(`no ${what} "${name}"${list} (${hint})`);
}

/** The API key a model command reads from `envVar`: required for the OpenAI API, optional when
 *  --base-url points at another endpoint (local servers take any key). */
export function apiKeyFrom(envVar: string, baseUrl: string | null | undefined): string | null {
  const key = process.env[envVar] || null;
  if (key === null && !baseUrl) throw new UsageError(`set ${envVar} (or --api-key-env VAR) for the OpenAI API, or point --base-url at another endpoint`);
  return key;
}
