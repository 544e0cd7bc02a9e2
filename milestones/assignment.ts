// One-to-one assignment of targets to candidates that maximises the geometric mean of their
// similarities (the sum of logs), by the Hungarian method. A zero similarity is floored so that
// the solver can still rank assignments; the caller turns any zero back into a zero result.

const LOG_FLOOR = Math.log(1e-12);

export interface Assignment {
  /** For each target, the index of its candidate, or -1 when there are more targets than candidates. */
  match: number[];
  /** Geometric mean over targets of the matched similarities; unmatched targets count 0. */
  similarity: number;
}

/** `sim[i][j]` is the similarity of target i with candidate j, in [0, 1]. */
export function assignGeometric(sim: readonly (readonly number[])[], candidates: number): Assignment {
  const n = sim.length;
  if (n === 0) return { match: [], similarity: 1 };
  if (candidates === 0) return { match: new Array<number>(n).fill(-1), similarity: 0 };
  const cost = (i: number, j: number) => -Math.max(Math.log(sim[i]![j]!), LOG_FLOOR);
  let match: number[];
  if (n <= candidates) {
    match = hungarian(n, candidates, cost);
  } else {
    const byCandidate = hungarian(candidates, n, (j, i) => cost(i, j));
    match = new Array<number>(n).fill(-1);
    byCandidate.forEach((i, j) => { match[i] = j; });
  }
  let logSum = 0;
  for (let i = 0; i < n; i++) {
    const j = match[i]!;
    const s = j < 0 ? 0 : sim[i]![j]!;
    if (s <= 0) return { match, similarity: 0 };
    logSum += Math.log(s);
  }
  return { match, similarity: Math.exp(logSum / n) };
}

/** Minimum-cost assignment of n rows to distinct columns of an n x m matrix (n <= m).
 *  Potentials-based Hungarian method, O(n^2 m). Returns the column of each row. */
export function hungarian(n: number, m: number, cost: (row: number, col: number) => number): number[] {
  const u = new Float64Array(n + 1);
  const v = new Float64Array(m + 1);
  const rowOfCol = new Int32Array(m + 1); // 1-based row matched to each column, 0 = free
  const way = new Int32Array(m + 1);
  for (let i = 1; i <= n; i++) {
    rowOfCol[0] = i;
    let j0 = 0;
    const minv = new Float64Array(m + 1).fill(Infinity);
    const used = new Uint8Array(m + 1);
    do {
      used[j0] = 1;
      const i0 = rowOfCol[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= m; j++) {
        if (used[j]) continue;
        const cur = cost(i0 - 1, j - 1) - u[i0]! - v[j]!;
        if (cur < minv[j]!) { minv[j] = cur; way[j] = j0; }
        if (minv[j]! < delta) { delta = minv[j]!; j1 = j; }
      }
      for (let j = 0; j <= m; j++) {
        if (used[j]) { u[rowOfCol[j]!]! += delta; v[j]! -= delta; } else minv[j]! -= delta;
      }
      j0 = j1;
    } while (rowOfCol[j0] !== 0);
    do {
      const j1 = way[j0]!;
      rowOfCol[j0] = rowOfCol[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  const colOfRow = new Array<number>(n).fill(-1);
  for (let j = 1; j <= m; j++) if (rowOfCol[j]! > 0) colOfRow[rowOfCol[j]! - 1] = j - 1;
  return colOfRow;
}
