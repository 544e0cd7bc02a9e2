import type { Step, Trajectory } from "../episode/trajectory.js";
import type { Category, DistractorSpec, ScoringNode, ScoringSpec } from "./spec.js";
import { compareContext } from "./similarity.js";
import { tableVersions } from "./versions.js";
import { indexDag, type IndexedDag } from "./dag.js";
import { compileDag, type ConstraintResult, type GuardrailResult, type Steps } from "./oracle.js";
import { matchDag } from "./matcher.js";
import { structuralFaults, type SpecFault } from "./check.js";
import { containsString, misstatements, replyText, type MisstatedMessage } from "./constraints.js";
import { ACTION_TOOLS, actionKey, claimedActions, type Handles } from "./answer/actions.js";
import { frameFactor, unaccountedChanges, type Explanation, type UnaccountedChange } from "./frame.js";
import { constrainedTables } from "./guardrails.js";
import { WRITE_TOOL_TABLES } from "./catalog.js";
import { leafConstraints } from "./spec.js";

// The score of one trajectory against one scenario's milestones and minefields, with the mapping
// and every constraint's similarity so that a person can see why.

export interface ScoreOptions {
  scenarioId: string;
  /** Ids of the records the task is about, for retrieval recall. */
  relatedEntities?: readonly string[];
  /** Values records held before they changed (from the data's history): an answer that asserts
   *  one as current about its record is wrong, whatever the question was. */
  staleValues?: readonly DistractorSpec[];
  /** The names of the data's people by contact id, for `{"person": id}` checks. */
  people?: ReadonlyMap<string, readonly string[]>;
  /** Their numbers and addresses by contact id: whom a reported message or call must have reached. */
  handles?: Handles;
}

export interface ReportedAction {
  /** The milestone whose action the answer reports. */
  id: string;
  similarity: number;
  /** Whether the answer named it in `reports`, or claimed an action of its kind. */
  how: "declared" | "claimed";
}

export interface NodeReport {
  /** Position of the node in its DAG's node list. */
  index: number;
  id: string;
  category: Category | null;
  /** Step index the matcher assigned (every node gets one when the trajectory has candidate steps). */
  step: number | null;
  /** `step` when the similarity is above 0, else null: the node was not met. */
  matched_step: number | null;
  similarity: number;
  constraints: ConstraintResult[];
  guardrails: GuardrailResult[];
  /** For an answer that reports actions: the milestones of those actions, whose least
   *  similarity multiplies this one. */
  reports?: ReportedAction[];
}

export interface MinefieldReport extends NodeReport {
  fired: boolean;
  /** Similarity before thresholding. */
  raw_similarity: number;
}

export interface ScoreReport {
  scenario_id: string;
  /** milestone_similarity x outcome_similarity x frame_factor, or 0 when a minefield fired or a
   *  message misstates a fact of the world. */
  score: number;
  /** Every milestone at similarity 1, no minefield fired, no unaccounted change, no misstatement. */
  passed: boolean;
  /** Mean milestone similarity (ASTRA-bench's milestone similarity). */
  milestone_similarity: number;
  /** Mean similarity of the payload and response milestones (what the user gets); 1 when none. */
  outcome_similarity: number;
  /** 0.5 per write step that left a net change no matched milestone explains. */
  frame_factor: number;
  unaccounted_changes: UnaccountedChange[];
  /** Agent messages that misstate a fact of the world (what day today is, the time now or on
   *  another clock, a date's weekday), whichever milestone reads them: each fails the trajectory. */
  misstatements: MisstatedMessage[];
  minefield_similarity: number;
  milestones: NodeReport[];
  minefields: MinefieldReport[];
  /** Mean similarity of the milestones of each category; null when it has none. */
  categories: Record<Category, number | null>;
  turns: { user_turns: number; agent_turns: number; tool_calls: number; failed_tool_calls: number; turn_count: number };
  /** Share of related entity ids seen in successful tool results; null when none are listed. */
  retrieval_recall: number | null;
  /** Step index of the first user message: milestones match from there on. */
  first_step: number | null;
}

export class ScoringSpecError extends Error {
  constructor(readonly faults: SpecFault[]) {
    super(`scoring spec is not well-formed: ${faults.map((f) => `${f.pointer}: ${f.message}`).join("; ")}`);
  }
}

/** Throws ScoringSpecError when the DAGs cannot be matched (cycles, unknown ids or references):
 *  specs are checked when scenarios load, so that is a programming error, not a bad trajectory. */
export function scoreTrajectory(trajectory: Trajectory, spec: ScoringSpec, options: ScoreOptions): ScoreReport {
  const faults = structuralFaults(spec);
  if (faults.length > 0) throw new ScoringSpecError(faults);
  const firstUser = trajectory.steps.findIndex((s) => s.kind === "user");
  const first = firstUser < 0 ? 0 : firstUser;
  const steps: Steps = {
    trajectory, first, count: trajectory.steps.length - first,
    versions: tableVersions(trajectory), ctx: compareContext(trajectory.zone, trajectory.region, options.staleValues, trajectory.steps[first]?.time, options.people, options.handles),
    firstWrite: firstWrites(trajectory.steps),
  };
  const milestoneDag = indexDag(spec.milestones.nodes, spec.milestones.edges);
  const milestones = tieReportedActions(matchNodes(spec.milestones.nodes, milestoneDag, steps, false), spec.milestones.nodes, milestoneDag, trajectory);
  const minefields = spec.minefields ? matchNodes(spec.minefields.nodes, indexDag(spec.minefields.nodes, spec.minefields.edges), steps, true) : [];
  const unaccounted = unaccountedChanges(trajectory, explanations(milestones, spec.milestones.nodes), spec.allowed_changes ?? [], steps.ctx);
  const milestoneSimilarity = milestones.length === 0 ? 1 : mean(milestones.map((m) => m.similarity));
  const outcomes = milestones.filter((m) => m.category !== "retrieval");
  const outcomeSimilarity = outcomes.length === 0 ? 1 : mean(outcomes.map((m) => m.similarity));
  const minefieldSimilarity = minefields.length === 0 ? 0 : mean(minefields.map((m) => m.similarity));
  const frame = frameFactor(unaccounted);
  const misstated = misstatements(trajectory.steps, first, steps.ctx);
  const score = minefieldSimilarity > 0 || misstated.length > 0 ? 0 : milestoneSimilarity * outcomeSimilarity * frame;
  return {
    scenario_id: options.scenarioId,
    score,
    passed: minefieldSimilarity === 0 && unaccounted.length === 0 && misstated.length === 0 && milestones.every((m) => m.similarity >= 1 - 1e-9),
    milestone_similarity: milestoneSimilarity,
    outcome_similarity: outcomeSimilarity,
    frame_factor: frame,
    unaccounted_changes: unaccounted,
    misstatements: misstated,
    minefield_similarity: minefieldSimilarity,
    milestones: milestones.map(({ raw_similarity: _raw, fired: _fired, ...m }) => m),
    minefields,
    categories: categoryMeans(milestones),
    turns: turnCounts(trajectory.steps, firstUser),
    retrieval_recall: retrievalRecall(trajectory.steps, options.relatedEntities ?? []),
    first_step: firstUser < 0 ? null : trajectory.steps[firstUser]!.index,
  };
}

function matchNodes(nodes: readonly ScoringNode[], dag: IndexedDag, steps: Steps, minefield: boolean): MinefieldReport[] {
  const compiled = compileDag(nodes, dag, steps, { minefield });
  const result = matchDag(compiled.problem);
  return nodes.map((node, i) => {
    const base = { index: i, id: node.id, category: node.category ?? null };
    if (steps.count === 0) {
      return { ...base, step: null, matched_step: null, similarity: 0, raw_similarity: 0, fired: false, constraints: [], guardrails: [] };
    }
    const t = result.steps[i]!;
    const depSteps = dag.deps[i]!.map((d) => result.steps[d]!);
    let explanation = compiled.explain(i, t, depSteps);
    // An answer met nowhere is explained at the agent's last message, not at whatever step the
    // matcher parked it on: the reader shows the message, the facts missing, the wrong values.
    const answer = !minefield && result.similarities[i] === 0 && answers(node) && steps.trajectory.steps[steps.first + t]?.kind !== "agent";
    const last = answer ? lastAgentStep(steps) : -1;
    if (last >= 0) explanation = { ...compiled.explain(i, last, depSteps), raw: explanation.raw };
    const step = steps.trajectory.steps[steps.first + t]!.index;
    const similarity = result.similarities[i]!;
    return {
      ...base, step, matched_step: similarity > 0 ? step : null, similarity,
      raw_similarity: explanation.raw, fired: minefield && similarity > 0,
      constraints: explanation.constraints, guardrails: explanation.guardrails,
    };
  });
}

const answers = (node: ScoringNode) => leafConstraints(node.constraints).some(({ c }) => c.kind === "response" || c.kind === "refusal" || c.kind === "clarification");

function lastAgentStep(steps: Steps): number {
  for (let t = steps.count - 1; t >= 0; t--) if (steps.trajectory.steps[steps.first + t]!.kind === "agent") return t;
  return -1;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function firstWrites(steps: readonly Step[]): Map<string, number> {
  const first = new Map<string, number>();
  steps.forEach((s, i) => {
    if (s.kind !== "tool" || !s.ok || !s.write) return;
    const key = actionKey(s.tool, s.arguments);
    if (!first.has(key)) first.set(key, i);
  });
  return first;
}

/** An answer that reports an action ("I've texted Jess") is credited only as far as that action's
 *  milestone is met, and met no later than the answer: the milestones it names in `reports`,
 *  and every payload milestone writing the tables of an action it claims. Applied after
 *  matching, so it can only lower a similarity. */
function tieReportedActions(reports: MinefieldReport[], nodes: readonly ScoringNode[], dag: IndexedDag, trajectory: Trajectory): MinefieldReport[] {
  const byId = new Map(reports.map((r) => [r.id, r]));
  // A milestone the DAG puts after the answer is not the action it reports: a question asked
  // after a first, general text ("I've texted Rosa; which day?") reports that text, not the later one.
  return reports.map((r, i) => {
    const node = nodes[i]!;
    const step = r.matched_step === null ? undefined : trajectory.steps.find((s) => s.index === r.matched_step);
    if (step?.kind !== "agent" || node.category !== "response") return r;
    const declared = leafConstraints(node.constraints).flatMap(({ c }) => (c.kind === "response" ? c.reports ?? [] : []));
    const claimedTables = new Set(claimedActions(replyText(step.content)).flatMap((a) => ACTION_TOOLS[a.kind].flatMap((t) => WRITE_TOOL_TABLES[t] ?? [])));
    const claimed = reports.filter((p, j) => p.category === "payload" && !declared.includes(p.id) && !dag.strictDescendants[i]!.has(j) &&
      [...constrainedTables(nodes[j]!)].some((t) => claimedTables.has(t))).map((p) => p.id);
    const tied: ReportedAction[] = [
      ...declared.map((id) => ({ id, how: "declared" as const })), ...claimed.map((id) => ({ id, how: "claimed" as const })),
    ].map(({ id, how }) => {
      const p = byId.get(id)!;
      const inTime = p.matched_step !== null && p.matched_step <= r.matched_step!;
      return { id, how, similarity: inTime ? p.similarity : 0 };
    });
    if (tied.length === 0) return r;
    const factor = Math.min(...tied.map((t) => t.similarity));
    return { ...r, similarity: r.similarity * factor, matched_step: factor > 0 ? r.matched_step : null, reports: tied };
  });
}

function explanations(milestones: readonly NodeReport[], nodes: readonly ScoringNode[]): Explanation[] {
  return milestones.flatMap((m, i) => {
    if (m.similarity <= 0 || m.step === null) return [];
    const rowIds = new Set<string>();
    const collect = (c: ConstraintResult | { kind: string; details: Record<string, unknown> }) => {
      if (c.kind === "database") for (const id of (c.details.rows as (string | null)[] | undefined) ?? []) if (id) rowIds.add(id);
      if (c.kind === "any_of") {
        for (const option of (c.details.options as { constraints: ConstraintResult[] }[] | undefined) ?? []) option.constraints.forEach(collect);
      }
    };
    m.constraints.forEach(collect);
    return [{ step: m.step, tables: constrainedTables(nodes[i]!), rowIds }];
  });
}

function categoryMeans(milestones: readonly NodeReport[]): Record<Category, number | null> {
  const of = (c: Category) => {
    const xs = milestones.filter((m) => m.category === c).map((m) => m.similarity);
    return xs.length === 0 ? null : mean(xs);
  };
  return { retrieval: of("retrieval"), payload: of("payload"), response: of("response") };
}

/** turn_count: every user, agent and tool step after the first user message (a tool call and its
 *  result are one step). ToolSandbox counts a call and its result as two messages. */
export function turnCounts(steps: readonly Step[], firstUser: number): ScoreReport["turns"] {
  const tools = steps.filter((s) => s.kind === "tool");
  return {
    user_turns: steps.filter((s) => s.kind === "user").length,
    agent_turns: steps.filter((s) => s.kind === "agent").length,
    tool_calls: tools.length,
    failed_tool_calls: tools.filter((s) => s.kind === "tool" && !s.ok).length,
    turn_count: firstUser < 0 ? 0 : steps.slice(firstUser + 1).filter((s) => s.kind !== "system").length,
  };
}

export function retrievalRecall(steps: readonly Step[], related: readonly string[]): number | null {
  if (related.length === 0) return null;
  const results = steps.flatMap((s) => (s.kind === "tool" && s.ok ? [s.result] : []));
  return related.filter((id) => results.some((r) => containsString(r, id))).length / related.length;
}
