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
    list.forEach((arr, v) => {
      const same = list.findIndex((other, w) => w < v && classes[w] === w && sameRows(other, arr));
      classes[v] = same < 0 ? v : same;
    });
    version[table] = perSnapshot;
    rows[table] = list;
    contentClass[table] = classes;
  }
  return { version, rows, contentClass };
}
