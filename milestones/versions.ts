import type { Row, Trajectory } from "../episode/trajectory.js";
import { TABLE_NAMES, type TableName } from "./catalog.js";
import { jsonEqual } from "./similarity.js";
import { sameRows } from "./rows.js";
import { TooLargeToScore } from "./budget.js";

// Table versions ("bucket compression"): a step that does not change a table keeps its version,
// so every similarity that reads one table is computed once per version (or pair of versions)
// rather than once per step. With the trajectory's changes, versions follow what each write
// changed and content keys are updated from the rows it touched, so a trajectory of N writes
// costs what they changed, not N whole tables; a version's rows are read only when something
// compares them. Without them, versions are the snapshots' arrays by identity (snapshots share
// the arrays of the tables a step did not change).

const NO_ROWS: readonly Row[] = [];

/** Rows read from table versions over one scoring (database constraints, equal-content checks),
 *  at most this many: past it the trajectory is refused as too large to score (a few seconds). */
export const ROW_BUDGET = 2 ** 22;

export interface TableVersions {
  /** version[table][snapshot index] -> version number. */
  version: Record<TableName, Int32Array>;
  /** The rows of a version, read when asked for. */
  rowsOf(table: TableName, version: number): readonly Row[];
  /** Versions with equal content share a class: a table changed and changed back is unchanged. */
  contentClass: Record<TableName, Int32Array>;
  /** Counts rows read by the scorer against ROW_BUDGET; throws TooLargeToScore past it. */
  charge(rows: number): void;
}

export function tableVersions(trajectory: Trajectory): TableVersions {
  const version = {} as Record<TableName, Int32Array>;
  const contentClass = {} as Record<TableName, Int32Array>;
  /** The first snapshot of each version, per table. */
  const firstSnapshot = {} as Record<TableName, number[]>;
  let used = 0;
  const charge = (rows: number) => {
    used += rows;
    if (used > ROW_BUDGET) {
      throw new TooLargeToScore(`scoring this trajectory would compare more than ${ROW_BUDGET.toExponential(1)} table rows (its writes keep changing a large table that a milestone compares at many steps): the trajectory is too long for this scenario's milestones`, ROW_BUDGET);
    }
  };
  const { snapshots, changes } = trajectory;
  const rowsAt = (table: TableName, s: number) => snapshots[s]![table] ?? NO_ROWS;
  for (const table of TABLE_NAMES) {
    const perSnapshot = new Int32Array(snapshots.length);
    const first: number[] = [];
    const keys: string[] = [];
    if (changes) {
      // A version per snapshot whose write touched the table; content keys kept up to date from
      // the rows touched.
      const initial = rowsAt(table, 0);
      let key = contentSums(initial);
      first.push(0);
      keys.push(keyOf(key));
      for (let s = 1; s < snapshots.length; s++) {
        const change = changes[s]?.[table];
        if (change && touchesContent(change)) {
          key = updated(key, change.before, change.after);
          first.push(s);
          keys.push(keyOf(key));
        }
        perSnapshot[s] = first.length - 1;
      }
    } else {
      const ids = new Map<readonly Row[], number>();
      snapshots.forEach((snapshot, s) => {
        const arr = snapshot[table] ?? NO_ROWS;
        let v = ids.get(arr);
        if (v === undefined) { v = ids.size; ids.set(arr, v); first.push(s); keys.push(keyOf(contentSums(arr))); }
        perSnapshot[s] = v;
      });
    }
    // Class = the first version with equal content. Versions are bucketed by a content key, so
    // each is compared only with the representatives that hash alike (linear, not quadratic, in
    // the number of versions); a comparison reads both versions' rows.
    const classes = new Int32Array(first.length);
    const buckets = new Map<string, number[]>();
    keys.forEach((key, v) => {
      const reps = buckets.get(key);
      const same = reps?.find((w) => {
        const a = rowsAt(table, first[w]!);
        const b = rowsAt(table, first[v]!);
        charge(a.length + b.length);
        return sameRows(a, b);
      });
      classes[v] = same === undefined ? v : same;
      if (same === undefined) { if (reps) reps.push(v); else buckets.set(key, [v]); }
    });
    version[table] = perSnapshot;
    contentClass[table] = classes;
    firstSnapshot[table] = first;
  }
  return { version, contentClass, rowsOf: (table, v) => rowsAt(table, firstSnapshot[table][v]!), charge };
}

/** False for a write that touched rows without changing them (an update to the same values). */
function touchesContent(change: { before: readonly Row[]; after: readonly Row[] }): boolean {
  if (change.before.length !== change.after.length) return true;
  for (let i = 0; i < change.before.length; i++) {
    const a = change.before[i]!;
    const b = change.after[i]!;
    if (a.id !== b.id || (a !== b && !jsonEqual(a, b))) return true;
  }
  return false;
}

// A row's hash, cached on the (frozen, shared) row object. Consistent with jsonEqual: key order
// does not matter, and a null or undefined value is the same as a missing key.
const rowHashes = new WeakMap<object, number>();

function canonical(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
}

function rowHash(row: Row): number {
  let h = rowHashes.get(row);
  if (h === undefined) {
    h = 0x811c9dc5;
    const text = canonical(row);
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    h >>>= 0;
    rowHashes.set(row, h);
  }
  return h;
}

/** A table's content as sums over its rows' hashes: rows are unique by id and kept in id order,
 *  so the set of rows is the content, and sums can be updated row by row. Equal content gives
 *  equal sums. */
interface Sums { n: number; a: number; b: number }

function contentSums(rows: readonly Row[]): Sums {
  return updated({ n: 0, a: 0, b: 0 }, [], rows);
}

function updated(sums: Sums, removed: readonly Row[], added: readonly Row[]): Sums {
  let { n, a, b } = sums;
  for (const row of removed) {
    const h = rowHash(row);
    n--; a = (a - h) >>> 0; b = (b - Math.imul(h ^ (h >>> 15), 0x9e3779b1)) >>> 0;
  }
  for (const row of added) {
    const h = rowHash(row);
    n++; a = (a + h) >>> 0; b = (b + Math.imul(h ^ (h >>> 15), 0x9e3779b1)) >>> 0;
  }
  return { n, a, b };
}

const keyOf = (s: Sums) => `${s.n}:${s.a}:${s.b}`;
