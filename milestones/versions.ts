import type { Row, Trajectory } from "../episode/trajectory.js";
import { TABLE_NAMES, type TableName } from "./catalog.js";
import { sameRows } from "./rows.js";

// Table versions by object identity ("bucket compression"): snapshots share the arrays of the
// tables a step did not change, so every similarity that reads one table is computed once per
// version (or pair of versions) rather than once per step.

const NO_ROWS: readonly Row[] = [];

export interface TableVersions {
  /** version[table][snapshot index] -> version number. */
  version: Record<TableName, Int32Array>;
  /** The rows of each version. */
  rows: Record<TableName, (readonly Row[])[]>;
  /** Versions with equal content share a class: a table changed and changed back is unchanged. */
  contentClass: Record<TableName, Int32Array>;
}

export function tableVersions(trajectory: Trajectory): TableVersions {
  const version = {} as Record<TableName, Int32Array>;
  const rows = {} as Record<TableName, (readonly Row[])[]>;
  const contentClass = {} as Record<TableName, Int32Array>;
  for (const table of TABLE_NAMES) {
    const ids = new Map<readonly Row[], number>();
    const perSnapshot = new Int32Array(trajectory.snapshots.length);
    trajectory.snapshots.forEach((snapshot, s) => {
      const arr = snapshot[table] ?? NO_ROWS;
      let v = ids.get(arr);
      if (v === undefined) { v = ids.size; ids.set(arr, v); }
      perSnapshot[s] = v;
    });
    const list = [...ids.keys()];
    const classes = new Int32Array(list.length);
    // Class = the first version with equal content. Versions are bucketed by a content hash, so
    // each is compared only with the representatives that hash alike (linear, not quadratic, in
    // the number of versions).
    const buckets = new Map<string, number[]>();
    list.forEach((arr, v) => {
      const key = contentKey(arr);
      const reps = buckets.get(key);
      const same = reps?.find((w) => sameRows(list[w]!, arr));
      classes[v] = same === undefined ? v : same;
      if (same === undefined) { if (reps) reps.push(v); else buckets.set(key, [v]); }
    });
    version[table] = perSnapshot;
    rows[table] = list;
    contentClass[table] = classes;
  }
  return { version, rows, contentClass };
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

/** Equal content gives equal keys (an order-sensitive combination of the rows' hashes). */
function contentKey(rows: readonly Row[]): string {
  let a = rows.length;
  let b = 0;
  for (const row of rows) {
    const h = rowHash(row);
    a = (Math.imul(a, 31) + h) >>> 0;
    b = (b + Math.imul(h, 0x9e3779b1)) >>> 0;
  }
  return `${rows.length}:${a}:${b}`;
}
