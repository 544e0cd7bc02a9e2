import { applyChanges, compareIds, type TableChange } from "../db/state.js";
import type { Row, Snapshot, SnapshotChanges } from "./trajectory.js";

// Every snapshot of an episode that keeps its history, at a cost linear in what the writes
// changed. A snapshot holding every table as an array costs, for a write to a table of n rows,
// n references: 10,000 add_contact calls would keep 50 million. Here each table version keeps
// only what its write changed; its rows are materialised when read (from the nearest version
// that still holds its rows, replaying at most CHECKPOINT changes), and only every CHECKPOINT-th
// version, the initial and the current one keep theirs (and the last one read, per table). The scorer reads the changes
// (Trajectory.changes) and materialises only the versions a database constraint compares.

const CHECKPOINT = 64;

/** The last version of one table materialised by a read, shared by all its versions: a scorer
 *  reading versions in order then pays for the changes between them. (Not a WeakRef: a WeakRef's
 *  target stays alive until the end of the current job, and a replay is one job.) */
interface RecentRows { version: TableVersion | undefined; rows: readonly Row[] }

class TableVersion {
  private held: readonly Row[] | undefined;

  constructor(
    readonly parent: TableVersion | undefined,
    /** The rows this version's write touched, by id: the new row, or undefined when removed. */
    readonly change: ReadonlyMap<string, Row | undefined> | undefined,
    readonly depth: number,
    rows: readonly Row[],
    private readonly recent: RecentRows,
  ) {
    this.held = rows;
  }

  /** Drops the rows once a later version is current, unless this is a checkpoint. */
  settle(): void {
    if (this.parent !== undefined && this.depth % CHECKPOINT !== 0) this.held = undefined;
  }

  rows(): readonly Row[] {
    if (this.held) return this.held;
    if (this.recent.version === this) return this.recent.rows;
    // Back to the nearest version that holds its rows (at most CHECKPOINT steps), then every
    // change on the way applied at once.
    const chain: TableVersion[] = [];
    let base: readonly Row[] = [];
    for (let v: TableVersion | undefined = this; v; v = v.parent) {
      const rows = v.held ?? (this.recent.version === v ? this.recent.rows : undefined);
      if (rows) { base = rows; break; }
      chain.push(v);
    }
    const merged = new Map<string, Row | undefined>();
    for (let k = chain.length - 1; k >= 0; k--) for (const [id, row] of chain[k]!.change!) merged.set(id, row);
    const rows = applyChanges(base, [...merged.keys()].sort(compareIds), merged);
    this.recent.version = this;
    this.recent.rows = rows;
    return rows;
  }

  next(change: ReadonlyMap<string, Row | undefined>, rows: readonly Row[]): TableVersion {
    this.settle();
    return new TableVersion(this, change, this.depth + 1, rows, this.recent);
  }

  static initial(rows: readonly Row[]): TableVersion {
    return new TableVersion(undefined, undefined, 0, rows, { version: undefined, rows: [] });
  }
}

/** A snapshot whose tables are materialised when read (own enumerable getters, so that
 *  Object.keys, JSON and structured clone see the tables). */
function lazySnapshot(versions: ReadonlyMap<string, TableVersion>): Snapshot {
  const snapshot = {};
  for (const [table, version] of versions) Object.defineProperty(snapshot, table, { enumerable: true, get: () => version.rows() });
  return Object.freeze(snapshot) as Snapshot;
}

export class SnapshotHistory {
  readonly snapshots: Snapshot[];
  /** changes[s]: what the write(s) that made snapshot s changed (changes[0] is null). */
  readonly changes: (SnapshotChanges | null)[] = [null];
  private readonly current = new Map<string, TableVersion>();

  constructor(initial: Snapshot) {
    for (const [table, rows] of Object.entries(initial)) this.current.set(table, TableVersion.initial(rows));
    this.snapshots = [initial];
  }

  /** Records the snapshot after a write; `materialised` is that snapshot with every table as an
   *  array (the episode's current state), `changes` what the write changed. */
  push(materialised: Snapshot, changes: Readonly<Record<string, TableChange>>): void {
    for (const [table, change] of Object.entries(changes)) {
      const touched = new Map<string, Row | undefined>();
      for (const r of change.before) touched.set(r.id, undefined);
      for (const r of change.after) touched.set(r.id, r);
      const previous = this.current.get(table) ?? TableVersion.initial([]);
      this.current.set(table, previous.next(touched, materialised[table] ?? []));
    }
    this.snapshots.push(lazySnapshot(this.current));
    this.changes.push(changes);
  }
}
