import type { z } from "zod";
import type { Response } from "express";
import { HttpError } from "./http-error.js";

/** Parses a request body with its zod schema; a bad body is a 400 naming the field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".") || (issue.code === "unrecognized_keys" ? issue.keys.join(", ") : "body");
    throw new HttpError(400, "invalid_body", `${field}: ${issue.message}`, { field });
  }
  return parsed.data;
}

/** Sends a JSON body typed by its response schema (the schema the OpenAPI document shows), so a
 *  route and its documentation cannot drift apart. */
export function send<S extends z.ZodType>(res: Response, _schema: S, body: z.input<S>, status = 200): void {
  res.status(status).json(body);
}

/** send() for a body some of whose fields are JSON text serialized once elsewhere (the tool list
 *  every episode shares): they are spliced in after the others. */
export function sendSpliced<S extends z.ZodType, K extends keyof z.input<S> & string>(
  res: Response, _schema: S, body: Omit<z.input<S>, K>, json: Record<K, string>, status = 200,
): void {
  const head = JSON.stringify(body);
  const tail = Object.entries<string>(json).map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",");
  res.status(status).type("application/json").send(head === "{}" ? `{${tail}}` : `${head.slice(0, -1)},${tail}}`);
}

/** Nesting of any JSON body but a tool call's (whose arguments have their own, lower limit, and
 *  come back as a tool error), in levels: far above what any route takes, far below what a
 *  recursive reader (JSON.stringify, the log writer) can hold. */
export const MAX_BODY_DEPTH = 64;

/** The `agent` metadata of POST /episodes: written to the log's header and the journal. */
export const AGENT_LIMITS = { depth: 8, bytes: 16 * 1024 };

/** The path of the first value nested deeper than `max` levels below `value`, or undefined.
 *  Iterative, so that a 100,000-level body cannot overflow the stack. */
export function tooDeep(value: unknown, max: number, base = ""): string | undefined {
  const stack: [unknown, number, string][] = [[value, 0, base]];
  while (stack.length) {
    const [v, depth, path] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth >= max) return path || "body";
    for (const [k, child] of Object.entries(v)) stack.push([child, depth + 1, path ? `${path}.${k}` : k]);
  }
  return undefined;
}

/** A 400 for a field nested past its depth, a 413 for one larger than its size as JSON. */
export function checkField(field: string, value: unknown, limits: { depth: number; bytes?: number }): void {
  const deep = tooDeep(value, limits.depth);
  if (deep !== undefined) {
    // The whole body is checked as "body": the field named is its top-level member at fault.
    const named = field === "body" && deep !== "body" ? deep.split(".")[0]! : field;
    const where = deep === "body" ? "" : ` (at ${deep.length > 80 ? `${deep.slice(0, 80)}...` : deep})`;
    throw new HttpError(400, "limit_exceeded", `${named}: nested more than ${limits.depth} levels deep${where}`, { field: named, limit: limits.depth });
  }
  if (limits.bytes !== undefined) {
    const bytes = Buffer.byteLength(JSON.stringify(value) ?? "");
    if (bytes > limits.bytes) throw new HttpError(413, "limit_exceeded", `${field}: ${bytes} bytes of JSON; at most ${limits.bytes} are accepted`, { field, limit: limits.bytes });
  }
}
