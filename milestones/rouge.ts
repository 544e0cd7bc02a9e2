import { stemmer } from "stemmer";

// ROUGE-L F-measure as Google's rouge-score computes it with use_stemmer=True: lower-case,
// keep ASCII alphanumeric runs, Porter-stem tokens longer than 3 characters, then the longest
// common subsequence of the two token lists gives precision and recall.

/** Caches token lists by text within one scoring run (no module-level state). */
export type TokenCache = Map<string, readonly string[]>;

export function rougeTokens(text: string, cache?: TokenCache): readonly string[] {
  const hit = cache?.get(text);
  if (hit) return hit;
  const tokens = text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0)
    .map((t) => (t.length > 3 ? stemmer(t) : t))
    .filter((t) => /^[a-z0-9]+$/.test(t));
  cache?.set(text, tokens);
  return tokens;
}

export function lcsLength(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  // One row of the DP table suffices; keep the shorter list as the row.
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  const row = new Uint32Array(short.length + 1);
  for (let i = 1; i <= long.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= short.length; j++) {
      const above = row[j]!;
      row[j] = long[i - 1] === short[j - 1] ? diagonal + 1 : Math.max(above, row[j - 1]!);
      diagonal = above;
    }
  }
  return row[short.length]!;
}

/** ROUGE-L F-measure of `prediction` against `target`; 0 when either has no tokens (as rouge-score). */
export function rougeL(target: string, prediction: string, cache?: TokenCache): number {
  const t = rougeTokens(target, cache);
  const p = rougeTokens(prediction, cache);
  const lcs = lcsLength(t, p);
  if (lcs === 0) return 0;
  const precision = lcs / p.length;
  const recall = lcs / t.length;
  return (2 * precision * recall) / (precision + recall);
}
