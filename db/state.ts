import type Database from "better-sqlite3";
import { asc, eq, sql } from "drizzle-orm";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { TABLE_NAMES, tables, type TableName } from "./schema.js";
import type { Row, Snapshot } from "../episode/trajectory.js";

// Tools use drizzle's query builder only, not its relational API, so no schema is registered:
// registering one costs as much as opening the database.
export type PimDatabase = BetterSQLite3Database;

/** Statements kept per connection: drizzle prepares its SQL on every call, and SQLite's parse
 *  of it costs more than running it. Bounded, as some SQL varies with its argument count. */
const STATEMENT_CACHE = 256;

export function wrap(sqlite: Database.Database): PimDatabase {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Database.Statement>();
  Object.defineProperty(sqlite, "prepare", {
    configurable: true,
    value: (source: string) => {
      const known = cache.get(source);
      // drizzle switches a statement to raw (array) rows for some reads; a reused one starts plain.
      if (known) return known.reader ? known.raw(false) : known;
      if (cache.size >= STATEMENT_CACHE) cache.clear();
      const statement = prepare(source);
      cache.set(source, statement);
      return statement;
    },
  });
  return drizzle(sqlite);
}

// Rows are frozen; the arrays of a table are not (typed readonly): V8 copies a frozen array an
// element at a time, and each write copies its table's array.
const frozen = (rows: Row[]): Row[] => rows.map((r) => Object.freeze(r));

/** The rows of one table as the scorer sees them (JSON parsed, booleans), ordered by id. */
export function readTable(db: PimDatabase, table: TableName): Row[] {
  const t = tables[table];
  return frozen(db.select().from(t).orderBy(asc(t.id)).all() as unknown as Row[]);
}

export function readSnapshot(db: PimDatabase): Snapshot {
  return Object.freeze(Object.fromEntries(TABLE_NAMES.map((t) => [t, readTable(db, t)])));
}

const inserts = new WeakMap<PimDatabase, Map<TableName, { run(values: Record<string, unknown>): unknown }>>();

/** Inserts a whole row (every column given) with a statement prepared once per database and
 *  table: drizzle's query builder costs more per call than the insert itself. */
export function insertRow<T extends TableName>(db: PimDatabase, table: T, row: (typeof tables)[T]["$inferInsert"]): void {
  let perTable = inserts.get(db);
  if (!perTable) inserts.set(db, (perTable = new Map()));
  let statement = perTable.get(table);
  if (!statement) {
    const t = tables[table];
    const columns = Object.keys(t) as (keyof typeof t & string)[];
    const values = Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)]));
    statement = db.insert(t).values(values as never).prepare();
    perTable.set(table, statement);
  }
  statement.run(row as Record<string, unknown>);
}

/** SQLite orders TEXT by its bytes (UTF-8), that is by code point; JS `<` compares UTF-16 units. */
export function compareIds(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** What one write changed in one table: the previous versions of the rows it touched (those
 *  that existed) and their new versions (those that still exist), both in id order. */
export interface TableChange { before: readonly Row[]; after: readonly Row[] }

/** The snapshot after a write, and what the write changed in each table it touched. */
export interface NextSnapshot { snapshot: Snapshot; changes: Readonly<Record<string, TableChange>> }

/** The ids of the rows each write changes, recorded by temporary triggers (the temp schema is
 *  not part of the serialized image): the next snapshot re-reads those rows only and shares
 *  every other row object, and every unchanged table, with the previous one. A write then costs
 *  time for what it changed plus one copy of the references of each changed table (a memcpy),
 *  and memory for what it changed. */
export class ChangeTracker {
  private readonly drain: Database.Statement<[], { tbl: TableName; id: string }>;
  private readonly clear: Database.Statement;
  /** One prepared select by id per table, made on first use (drizzle maps JSON and booleans). */
  private readonly byId = new Map<TableName, { all(values: { id: string }): unknown[] }>();

  constructor(sqlite: Database.Database) {
    sqlite.pragma("temp_store = MEMORY");
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

  /** The snapshot after the write(s) since the last call (changed rows re-read, spliced into the
   *  previous tables in id order) with what changed, or undefined when nothing did. */
  next(db: PimDatabase, previous: Snapshot): NextSnapshot | undefined {
    const changed = new Map<TableName, string[]>();
    for (const { tbl, id } of this.drain.all()) {
      let ids = changed.get(tbl);
      if (!ids) changed.set(tbl, (ids = []));
      ids.push(id);
    }
    this.clear.run();
    if (changed.size === 0) return undefined;
    const next: Record<string, readonly Row[]> = { ...previous };
    const changes: Record<string, TableChange> = {};
    for (const [table, ids] of changed) {
      ids.sort(compareIds);
      const now = this.readRows(db, table, ids);
      const before = previous[table] ?? [];
      next[table] = applyChanges(before, ids, now);
      changes[table] = { before: ids.flatMap((id) => { const r = findRow(before, id); return r ? [r] : []; }), after: ids.flatMap((id) => { const r = now.get(id); return r ? [r] : []; }) };
    }
    return { snapshot: Object.freeze(next), changes: Object.freeze(changes) };
  }

  private readRows(db: PimDatabase, table: TableName, ids: readonly string[]): Map<string, Row> {
    let statement = this.byId.get(table);
    if (!statement) {
      const t = tables[table];
      statement = db.select().from(t).where(eq(t.id, sql.placeholder("id"))).prepare();
      this.byId.set(table, statement);
    }
    const rows = new Map<string, Row>();
    for (const id of ids) for (const r of frozen(statement.all({ id }) as Row[])) rows.set(r.id, r);
    return rows;
  }
}

/** Index of the first row whose id is not below `id` (rows are in id order), from `from` on. */
function lowerBound(rows: readonly Row[], id: string, from = 0): number {
  let lo = from;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareIds(rows[mid]!.id, id) < 0) lo = mid + 1; else hi = mid;
  }
  return lo;
}

export function findRow(rows: readonly Row[], id: string): Row | undefined {
  const i = lowerBound(rows, id);
  return rows[i]?.id === id ? rows[i] : undefined;
}

/** `before` with the rows of `ids` (sorted by compareIds) replaced by their new version (`now`),
 *  dropped when gone, and new ones inserted in id order: a binary search per changed id and one
 *  copy of the rest. */
export function applyChanges(before: readonly Row[], ids: readonly string[], now: ReadonlyMap<string, Row | undefined>): Row[] {
  if (ids.length <= 16) {
    // A few rows: copy the runs between them whole (slice and concat copy memory; a loop of
    // pushes is several times slower on a table of thousands).
    const parts: (readonly Row[])[] = [];
    let i = 0;
    for (const id of ids) {
      const j = lowerBound(before, id, i);
      if (j > i) parts.push(i === 0 && j === before.length ? before : before.slice(i, j));
      i = j < before.length && before[j]!.id === id ? j + 1 : j;
      const row = now.get(id);
      if (row) parts.push([row]);
    }
    if (i < before.length) parts.push(i === 0 ? before : before.slice(i));
    return parts.length === 0 ? [] : parts[0]!.concat(...parts.slice(1));
  }
  const out: Row[] = [];
  let i = 0;
  for (const id of ids) {
    const j = lowerBound(before, id, i);
    while (i < j) out.push(before[i++]!);
    if (i < before.length && before[i]!.id === id) i++;
    const row = now.get(id);
    if (row) out.push(row);
  }
  while (i < before.length) out.push(before[i++]!);
  return out;
}

