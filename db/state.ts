import type Database from "better-sqlite3";
import { asc, inArray } from "drizzle-orm";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { TABLE_NAMES, tables, type TableName } from "./schema.js";
import type { Row, Snapshot } from "../episode/trajectory.js";

// Tools use drizzle's query builder only, not its relational API, so no schema is registered:
// registering one costs as much as opening the database.
export type PimDatabase = BetterSQLite3Database;

export function wrap(sqlite: Database.Database): PimDatabase {
  return drizzle(sqlite);
}

const frozen = (rows: Row[]): Row[] => Object.freeze(rows.map((r) => Object.freeze(r))) as unknown as Row[];

/** The rows of one table as the scorer sees them (JSON parsed, booleans), ordered by id. */
export function readTable(db: PimDatabase, table: TableName): Row[] {
  const t = tables[table];
  return frozen(db.select().from(t).orderBy(asc(t.id)).all() as unknown as Row[]);
}

export function readSnapshot(db: PimDatabase): Snapshot {
  return Object.freeze(Object.fromEntries(TABLE_NAMES.map((t) => [t, readTable(db, t)])));
}

/** SQLite orders TEXT by its bytes (UTF-8), that is by code point; JS `<` compares UTF-16 units. */
function compareIds(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** The ids of the rows each write changes, recorded by temporary triggers (the temp schema is
 *  not part of the serialized image): the next snapshot re-reads those rows only and shares
 *  every other row object, and every unchanged table, with the previous one. A write then costs
 *  time and memory for what it changed, plus one array of row references per changed table. */
export class ChangeTracker {
  private readonly drain: Database.Statement<[], { tbl: TableName; id: string }>;
  private readonly clear: Database.Statement;

  constructor(sqlite: Database.Database) {
    const ddl = ["CREATE TEMP TABLE pimbox_changed (tbl TEXT NOT NULL, id TEXT NOT NULL)"];
    for (const t of TABLE_NAMES) {
      ddl.push(
        `CREATE TEMP TRIGGER pimbox_ins_${t} AFTER INSERT ON main.${t} BEGIN INSERT INTO pimbox_changed VALUES ('${t}', NEW.id); END`,
        `CREATE TEMP TRIGGER pimbox_upd_${t} AFTER UPDATE ON main.${t} BEGIN INSERT INTO pimbox_changed VALUES ('${t}', OLD.id), ('${t}', NEW.id); END`,
        `CREATE TEMP TRIGGER pimbox_del_${t} AFTER DELETE ON main.${t} BEGIN INSERT INTO pimbox_changed VALUES ('${t}', OLD.id); END`,
      );
    }
    sqlite.exec(ddl.join(";\n"));
    this.drain = sqlite.prepare("SELECT DISTINCT tbl, id FROM pimbox_changed");
    this.clear = sqlite.prepare("DELETE FROM pimbox_changed");
  }

  /** The snapshot after the write(s) since the last call: changed rows re-read, spliced into the
   *  previous tables in id order. */
  next(db: PimDatabase, previous: Snapshot): Snapshot {
    const changed = new Map<TableName, string[]>();
    for (const { tbl, id } of this.drain.all()) {
      let ids = changed.get(tbl);
      if (!ids) changed.set(tbl, (ids = []));
      ids.push(id);
    }
    this.clear.run();
    if (changed.size === 0) return previous;
    const next: Record<string, readonly Row[]> = { ...previous };
    for (const [table, ids] of changed) next[table] = splice(previous[table] ?? [], readRows(db, table, ids), ids);
    return Object.freeze(next);
  }
}

function readRows(db: PimDatabase, table: TableName, ids: readonly string[]): Map<string, Row> {
  const t = tables[table];
  const rows = new Map<string, Row>();
  // SQLite binds at most 32,766 parameters per statement.
  for (let i = 0; i < ids.length; i += 10_000) {
    const found = db.select().from(t).where(inArray(t.id, ids.slice(i, i + 10_000) as string[])).all() as unknown as Row[];
    for (const r of frozen(found)) rows.set(r.id, r);
  }
  return rows;
}

/** `before` with the rows of `ids` replaced by their new version (`now`), dropped when gone, and
 *  new ones inserted in id order. */
function splice(before: readonly Row[], now: Map<string, Row>, ids: readonly string[]): Row[] {
  const touched = new Set(ids);
  const kept = before.filter((r) => !touched.has(r.id));
  const fresh = [...now.values()].sort((a, b) => compareIds(a.id, b.id));
  const out: Row[] = new Array(kept.length + fresh.length);
  let i = 0, j = 0, k = 0;
  while (i < kept.length || j < fresh.length) {
    if (j >= fresh.length || (i < kept.length && compareIds(kept[i]!.id, fresh[j]!.id) < 0)) out[k++] = kept[i++]!;
    else out[k++] = fresh[j++]!;
  }
  return Object.freeze(out) as unknown as Row[];
}
