import type Database from "better-sqlite3";
import type { z } from "zod";
import type { Scenario } from "../scenarios/catalog.js";
import { openFromSnapshot, type ScenarioSnapshot } from "../db/snapshot.js";
import { ChangeTracker, wrap, type NextSnapshot, type PimDatabase } from "../db/state.js";
import { SnapshotHistory } from "./history.js";
import { TOOLS, findTool } from "../tools/registry.js";
import type { AnyTool } from "../tools/tool.js";
import type { ToolContext } from "../tools/context.js";
import { ToolError } from "../tools/errors.js";
import { Clock } from "./clock.js";
import { parseTime } from "../db/time.js";
import { systemPrompt } from "./prompt.js";
import { ScriptedUser } from "./user.js";
import type { AgentStep, Snapshot, Step, ToolErrorValue, ToolStep, Trajectory, UserStep } from "./trajectory.js";
import { checkCall, checkMessage, DEFAULT_LIMITS, LimitExceeded, type EpisodeLimits, type RefusedCall } from "./limits.js";

export interface EpisodeOptions {
  /** Seconds the clock advances per step. */
  tickSeconds: number;
  /** What the episode may cost (default DEFAULT_LIMITS); not part of the log, as a refused call is not a step. */
  limits?: EpisodeLimits;
  /** "all" (default) keeps the snapshot after every write, for scoring in place; "current" keeps
   *  only the latest, so that a write costs memory for what it changed (a live server episode,
   *  scored and inspected by replay elsewhere). */
  history?: "all" | "current";
}

export const DEFAULT_OPTIONS: EpisodeOptions = Object.freeze({ tickSeconds: 5 });

export interface EpisodeObserver {
  /** Every step, as soon as it is recorded, before the call that made it returns. */
  step?(step: Step): void;
  /** A call refused by one of the limits (it is not a step). */
  refused?(tool: string, error: ToolErrorValue): void;
}

export interface AgentTurn {
  step: AgentStep;
  /** The simulated user's answer, or null when the conversation is over. */
  user: UserStep | null;
  ended: boolean;
}

const referenceMs = (s: Scenario) => s.cached("reference-ms", () => parseTime(s.file.reference_time, s.zone).toMillis());
const promptOf = (s: Scenario) => s.cached("system-prompt", () => systemPrompt(s));

/** Computes now what every episode of the scenario shares (its reference instant, its system
 *  prompt), so that a server's first open of it costs no more than a later one. */
export function prepareScenario(scenario: Scenario): void {
  referenceMs(scenario);
  promptOf(scenario);
}

/** One run of one scenario: a private in-memory database opened from the scenario snapshot, a
 *  clock, and the trajectory with the snapshot after every step. */
export class Episode {
  /** The private database, opened from the snapshot's image on the first write (reads use the
   *  snapshot's rows): opening one is most of what an episode costs to create, and many episodes
   *  (an MCP session that only lists tools, a read-only scenario) never write. */
  private opened: { sqlite: Database.Database; db: PimDatabase } | undefined;
  private readonly snapshot: ScenarioSnapshot;
  private closed = false;
  private readonly clock: Clock;
  private readonly user: ScriptedUser;
  private readonly steps: Step[] = [];
  /** The current snapshot, every table an array. */
  private latest: Snapshot;
  /** Every snapshot, when the history is kept. */
  private readonly history: SnapshotHistory | undefined;
  /** Snapshots made so far (steps index them), kept or not. */
  private snapshotCount = 1;
  private readonly allowed: ReadonlySet<string> | undefined;
  private counter = 0;
  private tracker: ChangeTracker | undefined;
  /** Runs a function in a SQLite transaction: made on the first write, once (better-sqlite3
   *  builds a wrapper per call of transaction()). */
  private transaction: (<T>(run: () => T) => T) | undefined;
  private ended = false;
  private readonly observers: EpisodeObserver[] = [];
  lastActive = Date.now();
  /** Who ran the episode (agent, model, harness): free-form, written to the log's header. */
  agent: Record<string, unknown> = {};

  constructor(readonly id: string, readonly scenario: Scenario, readonly options: EpisodeOptions = DEFAULT_OPTIONS) {
    const snapshot = scenario.snapshot();
    this.snapshot = snapshot;
    this.clock = new Clock(referenceMs(scenario), scenario.zone, options.tickSeconds, scenario.cached("zone-offsets", () => new Map<number, number>()));
    this.user = new ScriptedUser(scenario.file);
    this.latest = snapshot.rows;
    this.history = options.history === "current" ? undefined : new SnapshotHistory(snapshot.rows);
    this.allowed = scenario.file.tools ? new Set(scenario.file.tools) : undefined;
    this.push({ kind: "system", content: promptOf(scenario) });
    this.push({ kind: "user", content: scenario.file.query });
  }

  get systemPrompt(): string { return (this.steps[0] as { content: string }).content; }
  get firstUserMessage(): string { return this.scenario.file.query; }
  get isEnded(): boolean { return this.ended; }
  get stepCount(): number { return this.steps.length; }

  /** The tools this episode offers: all 27, or the scenario's allow-list. */
  tools(): AnyTool[] {
    return this.allowed
      ? TOOLS.filter((t) => this.allowed!.has(t.name))
      : [...TOOLS];
  }

  isAllowed(name: string): boolean {
    return this.allowed === undefined || this.allowed.has(name);
  }

  now(): string {
    return this.clock.display(this.steps.length);
  }

  /** Runs a tool call as the next step; a call past one of the episode's limits is refused and
   *  is not a step. */
  callTool(name: string, rawArgs: unknown, callId?: string): ToolStep | RefusedCall {
    this.touch();
    const index = this.steps.length;
    const args = isPlainObject(rawArgs) ? rawArgs : {};
    const tool = findTool(name);
    const refused = checkCall(tool, rawArgs, index, this.limits);
    if (refused) {
      for (const o of this.observers) o.refused?.(name, refused);
      return { refused: true, ok: false, error: refused };
    }
    const outcome = this.execute(name, tool, rawArgs, index);
    const write = tool?.write ?? false;
    if (outcome.ok && tool?.write) this.record(this.tracker!.next(this.database().db, this.current()));
    // Built in place, in the order the log writes its keys: spreads cost more than the tool
    // call itself on a fast read.
    const step: Record<string, unknown> = { index, time: this.clock.display(index), snapshot: this.snapshotCount - 1, kind: "tool", tool: name, arguments: args };
    if (!isPlainObject(rawArgs)) step.raw_arguments = rawArgs ?? null;
    if (callId !== undefined) step.call_id = callId;
    step.write = write;
    step.ok = outcome.ok;
    if (outcome.ok) step.result = outcome.result;
    else step.error = outcome.error;
    return this.append(step as unknown as ToolStep);
  }

  private execute(
    name: string, tool: AnyTool | undefined, rawArgs: unknown, index: number,
  ): { ok: true; result: unknown } | { ok: false; error: ToolErrorValue } {
    if (!tool) return fail({ code: "unknown_tool", message: `no tool named "${name}"` });
    if (!this.isAllowed(name)) return fail({ code: "not_allowed", message: `the tool "${name}" is not available in this scenario` });
    if (!isPlainObject(rawArgs)) {
      return fail({ code: "invalid_argument", message: "arguments must be a JSON object of named arguments", field: "arguments" });
    }
    const malformed = malformedText(rawArgs, "");
    if (malformed !== undefined) {
      return fail({ code: "invalid_argument", message: `${malformed || "arguments"}: contains a lone UTF-16 surrogate (half of a pair); send well-formed Unicode`, field: malformed || "arguments" });
    }
    const ctx = this.context(index);
    try {
      const args = dropNulls(rawArgs);
      const parsed = tool.input.safeParse(args);
      if (!parsed.success) return fail(describeZodError(parsed.error));
      // The triggers that record changed rows exist from the first write on (opening an episode
      // that never writes costs nothing more).
      if (tool.write) this.tracker ??= new ChangeTracker(this.sqlite);
      const result = tool.write
        ? (this.transaction ??= this.sqlite.transaction((run: () => unknown) => run()) as <T>(run: () => T) => T)(() => tool.handler(ctx, parsed.data))
        : tool.handler(ctx, parsed.data);
      return { ok: true, result };
    } catch (e) {
      if (e instanceof ToolError) return fail(e.toValue());
      return fail({ code: "internal", message: `the tool failed unexpectedly: ${(e as Error).message}` });
    }
  }

  /** Throws LimitExceeded past the step limit or for an oversized message. */
  agentMessage(content: string, options: { scriptedUser?: boolean } = {}): AgentTurn {
    this.touch();
    this.admitMessage(content);
    const step = this.push({ kind: "agent", content }) as AgentStep;
    if (options.scriptedUser === false) return { step, user: null, ended: this.ended };
    // Asked again after the user fell silent: an answer sent as several messages often puts its
    // question last, after a message the user had nothing to say to. The user answers what it can.
    const reply = this.user.reply(content);
    if (reply === null) {
      this.ended = true;
      return { step, user: null, ended: true };
    }
    this.ended = false;
    return { step, user: this.push({ kind: "user", content: reply }) as UserStep, ended: false };
  }

  /** A user message from outside the script (a replayed log, or a live human). */
  userMessage(content: string): UserStep {
    this.touch();
    this.admitMessage(content);
    this.ended = false;
    return this.push({ kind: "user", content }) as UserStep;
  }

  /** Tells `observer` of every later step and refused call (the server's journal and metrics). */
  observe(observer: EpisodeObserver): void {
    this.observers.push(observer);
  }

  /** The steps so far (also when the snapshots are not kept). */
  get recordedSteps(): readonly Step[] {
    return this.steps;
  }

  /** Steps and every snapshot: for scoring. Throws for an episode that keeps only its current
   *  state (score it by replaying its steps). */
  trajectory(): Trajectory {
    if (!this.history) {
      if (this.snapshotCount > 1) throw new Error(`episode ${this.id} keeps only its current state; replay its steps to score it`);
      return { steps: this.steps, snapshots: [this.latest], zone: this.scenario.zone, region: this.scenario.region };
    }
    return { steps: this.steps, snapshots: this.history.snapshots, changes: this.history.changes, zone: this.scenario.zone, region: this.scenario.region };
  }

  current(): Snapshot {
    return this.latest;
  }

  stateAfter(stepIndex: number): Snapshot | undefined {
    const step = this.steps[stepIndex];
    if (!step) return undefined;
    if (this.history) return this.history.snapshots[step.snapshot];
    return step.snapshot === this.snapshotCount - 1 ? this.current() : undefined;
  }

  /** The raw database image, for byte-level comparisons of replays. */
  image(): Buffer {
    return this.sqlite.serialize();
  }

  close(): void {
    this.closed = true;
    if (this.opened?.sqlite.open) this.opened.sqlite.close();
  }

  private get sqlite(): Database.Database {
    return this.database().sqlite;
  }

  private database(): { sqlite: Database.Database; db: PimDatabase } {
    if (!this.opened) {
      // As a closed better-sqlite3 database would: a closed episode never reopens.
      if (this.closed) throw new TypeError("The database connection is not open");
      const sqlite = openFromSnapshot(this.snapshot);
      this.opened = { sqlite, db: wrap(sqlite) };
    }
    return this.opened;
  }

  private context(index: number): ToolContext {
    const episode = this;
    return {
      get db() { return episode.database().db; },
      get sqlite() { return episode.sqlite; },
      rows: (table) => this.current()[table] as never,
      zone: this.scenario.zone,
      region: this.scenario.region,
      now: () => this.clock.storage(index),
      nextId: (prefix) => `${prefix}_new${++this.counter}`,
    };
  }

  private push(step: DistributiveOmit<Step, "index" | "time" | "snapshot">): Step {
    const index = this.steps.length;
    return this.append({ index, time: this.clock.display(index), snapshot: this.snapshotCount - 1, ...step } as Step);
  }

  private append<S extends Step>(step: S): S {
    this.steps.push(step);
    for (const o of this.observers) o.step?.(step);
    return step;
  }

  /** A write that changed nothing (an update to the same values) still makes a snapshot: the
   *  same state under a new index. */
  private record(next: NextSnapshot | undefined): void {
    this.latest = next?.snapshot ?? this.latest;
    this.history?.push(this.latest, next?.changes ?? {});
    this.snapshotCount++;
  }

  private get limits(): EpisodeLimits {
    return this.options.limits ?? DEFAULT_LIMITS;
  }

  private admitMessage(content: string): void {
    const refused = checkMessage(content, this.steps.length, this.limits);
    if (refused) throw new LimitExceeded(refused);
  }

  private touch(): void {
    this.lastActive = Date.now();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function fail(error: ToolErrorValue): { ok: false; error: ToolErrorValue } {
  return { ok: false, error };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** OpenAI strict mode sends null for an omitted optional argument; null means "not given",
 *  at any depth (a phone number's label inside add_contact's list, too). The depth is bounded
 *  by the episode's limits before this runs. */
function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v !== null) out[k] = dropNulls(v);
  }
  return out;
}

// With the u flag a paired surrogate is one code point, so \p{Cs} matches only unpaired halves.
const LONE_SURROGATE = /\p{Cs}/u;

/** The path of the first string holding a lone surrogate (SQLite would store it as U+FFFD, so
 *  the agent would read back something other than it wrote), or undefined. */
function malformedText(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? path : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [k, v] of Object.entries(value)) {
    const found = malformedText(v, path ? `${path}.${k}` : k);
    if (found !== undefined) return found;
  }
  return undefined;
}

function describeZodError(error: z.ZodError): ToolErrorValue {
  const issue = error.issues[0]!;
  const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
  const field = keys.length ? keys.join(", ") : issue.path.join(".") || "arguments";
  const message = keys.length
    ? `unknown argument${keys.length > 1 ? "s" : ""} ${keys.map((k) => `"${k}"`).join(", ")}; see the tool's schema for the accepted names`
    : `${field}: ${issue.message}`;
  return { code: "invalid_argument", message, field };
}
