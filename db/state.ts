import { isDeepStrictEqual } from "node:util";
import type Database from "better-sqlite3";
import { asc } from "drizzle-orm";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { TABLE_NAMES, tables, type TableName } from "./schema.js";
import type { Row, Snapshot } from "../episode/trajectory.js";

// Tools use drizzle's query builder only, not its relational API, so no schema is registered:
// registering one costs as much as opening the database.
export type PimDatabase = BetterSQLite3Database;

export function wrap(sqlite: Database.Database): PimDatabase {
  return drizzle(sqlite);
}

/** The rows of one table as the scorer sees them (JSON parsed, booleans), ordered by id. */
export function readTable(db: PimDatabase, table: TableName): Row[] {
  const t = tables[table];
  return Object.freeze(db.select().from(t).orderBy(asc(t.id)).all().map((r) => Object.freeze(r))) as unknown as Row[];
}

export function readSnapshot(db: PimDatabase): Snapshot {
  return Object.freeze(Object.fromEntries(TABLE_NAMES.map((t) => [t, readTable(db, t)])));
}

/** The next snapshot: `changed` tables re-read, the others shared with `previous`. In a re-read
 *  table, rows equal to their previous version are the previous objects, and a table with no
 *  row changed is the previous array: a write costs memory for what it changed, and the scorer
 *  compares unchanged rows by identity. */
export function nextSnapshot(db: PimDatabase, previous: Snapshot, changed: readonly TableName[]): Snapshot {
  const next: Record<string, readonly Row[]> = { ...previous };
  for (const t of changed) next[t] = sharingUnchanged(previous[t] ?? [], readTable(db, t));
  return Object.freeze(next);
}

function sharingUnchanged(before: readonly Row[], after: Row[]): readonly Row[] {
  const old = new Map(before.map((r) => [r.id, r]));
  let same = before.length === after.length;
  const rows = after.map((row, i) => {
    const prev = old.get(row.id);
    if (prev && isDeepStrictEqual(prev, row)) {
      if (before[i] !== prev) same = false;
      return prev;
    }
    same = false;
    return row;
  });
  return same ? before : Object.freeze(rows);
}
