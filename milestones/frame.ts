import type { Row, Trajectory } from "../episode/trajectory.js";
import { TABLE_NAMES, type TableName } from "./catalog.js";
import { diffTable, matchesWhere } from "./rows.js";
import type { AllowedChange } from "./spec.js";
import { jsonEqual, type CompareContext } from "./similarity.js";

// The global frame check: every net change from the initial state to the final one must be
// explained by a matched milestone. Guardrails only look between milestones; this looks at the
// whole episode, so a stray message after the last milestone, or a second write into a table a
// milestone already touches, is seen. Net means a change undone later is no change, and a draft
// later sent is one row whose last writer is the sending step.

export type ChangeKind = "added" | "removed" | "updated";

export interface UnaccountedChange {
  table: TableName;
  id: string;
  change: ChangeKind;
  /** Indices of the steps that wrote this row. */
  steps: number[];
}

/** What a matched milestone explains: the rows its step wrote in the tables it constrains, and
 *  the rows its database constraints paired with expected rows. */
export interface Explanation {
  step: number;
  tables: ReadonlySet<TableName>;
  rowIds: ReadonlySet<string>;
}

const key = (table: TableName, id: string) => `${table}\u0000${id}`;

/** For every row some step changed, the indices of the steps that changed it. */
function writersOfRows(trajectory: Trajectory): Map<string, number[]> {
  const writers = new Map<string, number[]>();
  const wrote = (table: TableName, id: string, step: number) => {
    const k = key(table, id);
    const list = writers.get(k);
    if (!list) writers.set(k, [step]);
    else if (list[list.length - 1] !== step) list.push(step);
  };
  let previous = 0;
  if (trajectory.changes) {
    // From what each write touched: a row it touched without changing it is not written.
    for (const step of trajectory.steps) {
      for (let s = previous + 1; s <= step.snapshot; s++) {
        for (const [table, change] of Object.entries(trajectory.changes[s] ?? {})) {
          const before = new Map(change.before.map((r) => [r.id, r]));
          for (const row of change.after) {
            const old = before.get(row.id);
            before.delete(row.id);
            if (!old || (old !== row && !jsonEqual(old, row))) wrote(table as TableName, row.id, step.index);
          }
          for (const id of before.keys()) wrote(table as TableName, id, step.index);
        }
      }
      previous = Math.max(previous, step.snapshot);
    }
    return writers;
  }
  for (const step of trajectory.steps) {
    if (step.snapshot === previous) continue;
    const before = trajectory.snapshots[previous]!;
    const after = trajectory.snapshots[step.snapshot]!;
    for (const table of TABLE_NAMES) {
      if (before[table] === after[table]) continue;
      const diff = diffTable(before[table] ?? [], after[table] ?? []);
      for (const row of [...diff.added, ...diff.removed, ...diff.updated.map((u) => u.after)]) {
        const k = key(table, row.id);
        const list = writers.get(k);
        if (list) list.push(step.index); else writers.set(k, [step.index]);
      }
    }
    previous = step.snapshot;
  }
  return writers;
}

export function unaccountedChanges(
  trajectory: Trajectory, explained: readonly Explanation[], allowed: readonly AllowedChange[], ctx: CompareContext,
): UnaccountedChange[] {
  const { snapshots } = trajectory;
  const first = snapshots[0];
  const last = snapshots[snapshots.length - 1];
  if (!first || !last || first === last) return [];
  const writers = writersOfRows(trajectory);
  const out: UnaccountedChange[] = [];
  for (const table of TABLE_NAMES) {
    if (first[table] === last[table]) continue;
    const diff = diffTable(first[table] ?? [], last[table] ?? []);
    const changes: [Row, ChangeKind][] = [
      ...diff.added.map((r): [Row, ChangeKind] => [r, "added"]),
      ...diff.removed.map((r): [Row, ChangeKind] => [r, "removed"]),
      ...diff.updated.map((u): [Row, ChangeKind] => [u.after, "updated"]),
    ];
    for (const [row, change] of changes) {
      const steps = writers.get(key(table, row.id)) ?? [];
      const isExplained = explained.some((e) => e.tables.has(table) && (e.rowIds.has(row.id) || steps.includes(e.step)));
      const isAllowed = allowed.some((a) => a.table === table && matchesWhere(a.where, row, ctx));
      if (!isExplained && !isAllowed) out.push({ table, id: row.id, change, steps });
    }
  }
  return out;
}

/** Each write step that left an unaccounted change halves the score: one stray write (a
 *  message with the conversation it opened, say) leaves at most half the credit. */
export function frameFactor(unaccounted: readonly UnaccountedChange[]): number {
  return 0.5 ** new Set(unaccounted.map((c) => c.steps[c.steps.length - 1] ?? -1)).size;
}
