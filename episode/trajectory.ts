// The trajectory of an episode: the steps, and the database snapshots they produced.
// These types are all that the scorer (milestones/) may import from outside its folder.

/** One table row as the scorer sees it: JSON columns parsed, booleans as booleans, times UTC "Z". */
export type Row = Readonly<Record<string, unknown>> & { readonly id: string };

/** The database state after a step: every table's rows, ordered by id. Never mutated once made;
 *  unchanged tables share their arrays with the previous snapshot. */
export type Snapshot = Readonly<Record<string, readonly Row[]>>;

/** What the write(s) between two snapshots changed, per table touched: the previous versions of
 *  the rows touched (those that existed) and their new versions (those that still exist), both
 *  in id order. A row in neither list was not touched. */
export type SnapshotChanges = Readonly<Record<string, { readonly before: readonly Row[]; readonly after: readonly Row[] }>>;

export interface ToolErrorValue {
  code: "invalid_argument" | "not_found" | "conflict" | "unknown_tool" | "not_allowed" | "limit_exceeded" | "internal";
  message: string;
  field?: string;
  id?: string;
}

interface StepBase {
  index: number;
  /** Clock time of the step, ISO 8601 in the protagonist's zone with offset. */
  time: string;
  /** Index into Trajectory.snapshots of the state after this step. */
  snapshot: number;
}

export interface SystemStep extends StepBase { kind: "system"; content: string }
export interface UserStep extends StepBase { kind: "user"; content: string }
export interface AgentStep extends StepBase { kind: "agent"; content: string }
export interface ToolStep extends StepBase {
  kind: "tool";
  tool: string;
  arguments: Record<string, unknown>;
  /** The arguments exactly as sent, when they were not a JSON object (a string, an array...):
   *  kept so that a replay makes the same call and gets the same error. */
  raw_arguments?: unknown;
  call_id?: string;
  ok: boolean;
  result?: unknown;
  error?: ToolErrorValue;
  /** true when the tool is a write tool (it may have changed state). */
  write: boolean;
}

export type Step = SystemStep | UserStep | AgentStep | ToolStep;

export interface Trajectory {
  steps: readonly Step[];
  /** snapshots[0] is the scenario snapshot (state before any step). */
  snapshots: readonly Snapshot[];
  /** Optional: changes[s] for s >= 1 is what changed from snapshot s-1 to s (changes[0] is
   *  null). With it, the scorer follows table versions by what changed, without reading whole
   *  tables, so a long trajectory of writes costs what it changed; without it, it compares the
   *  snapshots' arrays. */
  changes?: readonly (SnapshotChanges | null)[];
  /** The protagonist's IANA zone, for time comparisons. */
  zone: string;
  /** The protagonist's country (ISO 3166 alpha-2), for phone numbers written without a country code. */
  region?: string;
}
