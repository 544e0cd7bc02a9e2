import { messageHtml } from "./message-html.js";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { judgePath, scorePath, trajectoryPath, type RunResult } from "../run/run-dir.js";
import { LogParseError, parseLog, type LoggedStep, type ParsedLog } from "../episode/log.js";
import { replay } from "../episode/replay.js";
import type { Row, Snapshot, Step } from "../episode/trajectory.js";
import type { Scenario, ScenarioCatalog } from "../scenarios/catalog.js";
import { diffTable } from "../milestones/rows.js";
import { explainNode, WRITE_TOOL_TABLES, type ConstraintResult, type ScoreReport, type UnaccountedChange } from "../milestones/index.js";

// What the trajectory viewer shows of one episode: every step, the database change of each write
// (recomputed by replaying the log and diffing the snapshots around it), the milestones and
// minefields each step matched, and the changes nothing accounted for.

/** The scorer's report may carry these (the frame check); older reports do not. */

export interface ColumnChange { column: string; before: unknown; after: unknown }
export interface TableChange {
  table: string;
  added: Row[];
  removed: Row[];
  updated: { id: string; changes: ColumnChange[] }[];
}

export interface NodeView {
  dag: "milestone" | "minefield";
  id: string;
  category: string | null;
  step: number | null;
  similarity: number;
  /** Minefields: whether it fired. Milestones: whether it was met (similarity above 0). */
  hit: boolean;
  why: string;
  constraints: ConstraintResult[];
}

/** How the scorer read an agent's answer: per answer milestone, its facts and wrong values. */
export interface AnswerReading {
  node: string;
  kind: string;
  similarity: number;
  reason?: string;
  facts: { fact: string; status: string; statement?: string; asserted?: string }[];
  distractors: { distractor: string; statement: string; words: string }[];
}

export interface StepView {
  index: number;
  /** An agent message's markdown, rendered safely (no raw HTML). */
  html?: string;
  /** The answer milestones that read this message (the last of the messages they read). */
  readings?: AnswerReading[];
  kind: Step["kind"];
  time: string | null;
  content?: string;
  tool?: string;
  arguments?: unknown;
  ok?: boolean;
  result?: unknown;
  error?: unknown;
  write?: boolean;
  changes?: TableChange[];
}

export interface EpisodeView {
  model: string;
  scenario_id: string;
  trial: number;
  title: string | null;
  protagonist: string;
  zone: string | null;
  score: number;
  passed: boolean;
  error: string | null;
  steps: StepView[];
  nodes: NodeView[];
  unaccounted: UnaccountedChange[] | null;
  judge: unknown;
  /** Why part of the view is missing (no log, scenario not in the data folder...). */
  notes: string[];
}

/** Runs made before the frame check have no unaccounted_changes, and before the misstatement
 *  check no misstatements. */
type Report = Omit<ScoreReport, "unaccounted_changes" | "misstatements"> & { unaccounted_changes?: UnaccountedChange[]; misstatements?: ScoreReport["misstatements"] };

/** Steps of a log by scenario and log text: trials and models often repeat a trajectory (a
 *  deterministic agent, a gold run), and each distinct one is replayed once. */
export type ReplayCache = Map<string, { steps: StepView[]; notes: string[] }>;

export function episodeView(dir: string, row: RunResult & { model: string }, catalog: ScenarioCatalog, cache?: ReplayCache): EpisodeView {
  const notes: string[] = [];
  if (row.error) notes.push(`the episode could not finish: ${row.error}`);
  const scenario = catalog.get(row.scenario_id);
  if (!scenario) notes.push(`scenario "${row.scenario_id}" is not in the data folder: steps are shown as logged, without database changes`);
  const log = readText(path.join(dir, trajectoryPath(row.scenario_id, row.trial)));
  let steps: StepView[] = [];
  if (log === null) notes.push(`no trajectory log (${trajectoryPath(row.scenario_id, row.trial)})`);
  else {
    // The header's agent metadata differs between models; the steps and the clock are what replay.
    const header = log.slice(0, log.indexOf("\n") + 1 || log.length);
    const tick = headerTick(header);
    const key = createHash("sha256").update(`${row.scenario_id}\0${tick}\0`).update(log.slice(header.length)).digest("base64");
    let known = cache?.get(key);
    if (!known) {
      known = logSteps(scenario, log);
      cache?.set(key, known);
    }
    steps = known.steps;
    notes.push(...known.notes);
  }
  const report = readJson<Report>(dir, scorePath(row.scenario_id, row.trial), notes, "score report");
  const nodes = report ? nodeViews(report, notes) : [];
  // Steps may be shared with another episode of the same log (the cache): readings go on copies.
  steps = steps.map((s) => (s.kind === "agent" ? { ...s } : s));
  attachReadings(steps, nodes);
  attachMisstatements(steps, report?.misstatements ?? []);
  return {
    model: row.model, scenario_id: row.scenario_id, trial: row.trial,
    title: scenario?.file.title ?? null, protagonist: row.protagonist, zone: scenario?.zone ?? null,
    score: row.score, passed: row.passed, error: row.error,
    steps,
    nodes,
    unaccounted: report?.unaccounted_changes ?? null,
    judge: fs.existsSync(path.join(dir, judgePath(row.scenario_id, row.trial)))
      ? readJson(dir, judgePath(row.scenario_id, row.trial), notes, "judge verdict") : null,
    notes,
  };
}

function headerTick(line: string): string {
  try {
    return String((JSON.parse(line) as { options?: { tick_seconds?: unknown } }).options?.tick_seconds);
  } catch {
    return line; // not a header: parseLog will say so, and this log shares its result with no other
  }
}

function logSteps(scenario: Scenario | undefined, log: string): { steps: StepView[]; notes: string[] } {
  const notes: string[] = [];
  try {
    const parsed = parseTolerant(log, notes);
    // Only a write can change the database: a log without one is shown as logged, which spares
    // building the scenario's snapshot and replaying (most of the report's time on large runs).
    const steps = scenario && parsed.steps.some(mayWrite)
      ? replayedSteps(scenario, parsed.header.options.tick_seconds, parsed.steps, notes)
      : parsed.steps.map(loggedView);
    return { steps, notes };
  } catch (e) {
    return { steps: [], notes: [`the trajectory log cannot be read: ${(e as Error).message}`] };
  }
}

/** The runner appends a log step by step, so an interrupted episode may end in a cut-off line:
 *  the steps before it are still shown. */
function parseTolerant(log: string, notes: string[]): ParsedLog {
  try {
    return parseLog(log);
  } catch (e) {
    const lines = log.trimEnd().split("\n");
    if (!(e instanceof LogParseError) || e.line !== lines.length || lines.length < 2) throw e;
    notes.push(`the log's last line is cut off (the episode was interrupted?): ${e.message}`);
    return parseLog(lines.slice(0, -1).join("\n"));
  }
}

function replayedSteps(scenario: Scenario, tickSeconds: number, logged: readonly LoggedStep[], notes: string[]): StepView[] {
  const episode = replay(scenario, { tickSeconds }, logged);
  try {
    const { steps, snapshots } = episode.trajectory();
    if (steps.length !== logged.length) notes.push(`the replay has ${steps.length} steps, the log ${logged.length}: the scenario data may have changed since the run`);
    let before = 0;
    return steps.map((s) => {
      const view = stepView(s);
      if (s.snapshot !== before) {
        view.changes = snapshotChanges(snapshots[before]!, snapshots[s.snapshot]!);
        before = s.snapshot;
      }
      return view;
    });
  } finally {
    episode.close();
  }
}

const mayWrite = (s: LoggedStep) => s.kind === "tool" && s.ok !== false && (s.write ?? s.tool in WRITE_TOOL_TABLES);

function stepView(s: Step): StepView {
  if (s.kind === "agent") return { index: s.index, kind: s.kind, time: s.time, content: s.content, html: messageHtml(s.content) };
  if (s.kind !== "tool") return { index: s.index, kind: s.kind, time: s.time, content: s.content };
  return { index: s.index, kind: "tool", time: s.time, tool: s.tool, arguments: s.raw_arguments ?? s.arguments, ok: s.ok, result: s.result, error: s.error, write: s.write };
}

function loggedView(s: LoggedStep, i: number): StepView {
  const index = s.index ?? i;
  if (s.kind === "agent") return { index, kind: s.kind, time: s.time ?? null, content: s.content, html: messageHtml(s.content ?? "") };
  if (s.kind !== "tool") return { index, kind: s.kind, time: s.time ?? null, content: s.content };
  return { index, kind: "tool", time: s.time ?? null, tool: s.tool, arguments: s.raw_arguments ?? s.arguments, ok: s.ok ?? !s.error, result: s.result, error: s.error, write: s.write ?? false };
}

/** Every table whose rows differ between two snapshots; unchanged tables share their arrays. */
export function snapshotChanges(before: Snapshot, after: Snapshot): TableChange[] {
  const changes: TableChange[] = [];
  for (const table of Object.keys(after).sort()) {
    const d = diffTable(before[table] ?? [], after[table]!);
    if (d.added.length + d.removed.length + d.updated.length === 0) continue;
    changes.push({
      table,
      added: d.added,
      removed: d.removed,
      updated: d.updated.map((u) => ({
        id: u.after.id,
        changes: [...new Set([...Object.keys(u.before), ...Object.keys(u.after)])]
          .filter((c) => JSON.stringify(u.before[c]) !== JSON.stringify(u.after[c]))
          .map((column) => ({ column, before: u.before[column] ?? null, after: u.after[column] ?? null })),
      })),
    });
  }
  return changes;
}

/** Attaches each answer milestone's reading to the last message it read. */
export function attachReadings(steps: StepView[], nodes: readonly NodeView[]): void {
  const byIndex = new Map(steps.map((s) => [s.index, s]));
  for (const n of nodes) {
    if (n.dag !== "milestone") continue;
    for (const c of n.constraints) {
      if (c.kind !== "response" && c.kind !== "refusal" && c.kind !== "clarification") continue;
      const d = c.details as Record<string, unknown>;
      const read = (d.messages as number[] | undefined) ?? [];
      const step = byIndex.get(read[read.length - 1] ?? -1);
      if (!step) continue;
      (step.readings ??= []).push({
        node: n.id, kind: c.kind, similarity: c.similarity,
        ...(typeof d.reason === "string" ? { reason: d.reason } : {}),
        facts: (d.facts as AnswerReading["facts"] | undefined) ?? [],
        distractors: (d.asserted_distractors as AnswerReading["distractors"] | undefined) ?? [],
      });
    }
  }
}

/** Attaches each misstatement to the message that made it. */
export function attachMisstatements(steps: StepView[], misstated: readonly { step: number; reason: string }[]): void {
  for (const m of misstated) {
    const step = steps.find((s) => s.index === m.step);
    if (step) (step.readings ??= []).push({ node: "", kind: "misstatement", similarity: 0, reason: m.reason, facts: [], distractors: [] });
  }
}

function nodeViews(r: Report, notes: string[]): NodeView[] {
  if (!Array.isArray(r.milestones) || !Array.isArray(r.minefields)) {
    notes.push("the score report has no milestones and minefields lists: it is not a pimbox score report");
    return [];
  }
  return [
    ...r.milestones.map((m): NodeView => ({
      dag: "milestone", id: m.id, category: m.category, step: m.matched_step ?? m.step, similarity: m.similarity,
      hit: m.matched_step !== null, why: explainNode(m), constraints: m.constraints,
    })),
    ...r.minefields.map((m): NodeView => ({
      dag: "minefield", id: m.id, category: m.category, step: m.step, similarity: m.similarity,
      hit: m.fired, why: explainNode(m), constraints: m.constraints,
    })),
  ];
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

function readJson<T>(dir: string, rel: string, notes: string[], what: string): T | null {
  const text = readText(path.join(dir, rel));
  if (text === null) {
    notes.push(`no ${what} (${rel})`);
    return null;
  }
  try {
    return JSON.parse(text) as T;
  } catch (e) {
    notes.push(`${rel}: the ${what} is not JSON: ${(e as Error).message}`);
    return null;
  }
}
