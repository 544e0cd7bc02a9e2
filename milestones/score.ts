import type { Step, Trajectory } from "../episode/trajectory.js";
import type { Category, ScoringNode, ScoringSpec } from "./spec.js";
import { compareContext } from "./similarity.js";
import { tableVersions } from "./versions.js";
import { indexDag } from "./dag.js";
import { compileDag, type ConstraintResult, type GuardrailResult, type Steps } from "./oracle.js";
import { matchDag } from "./matcher.js";
import { structuralFaults, type SpecFault } from "./check.js";
import { containsString } from "./constraints.js";

// The score of one trajectory against one scenario's milestones and minefields, with the mapping
// and every constraint's similarity so that a person can see why.

export interface ScoreOptions {
  scenarioId: string;
  /** Ids of the records the task is about, for retrieval recall. */
  relatedEntities?: readonly string[];
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
}

export interface MinefieldReport extends NodeReport {
  fired: boolean;
  /** Similarity before thresholding. */
  raw_similarity: number;
}

export interface ScoreReport {
  scenario_id: string;
  /** milestone_similarity, or 0 when a minefield fired. */
  score: number;
  /** Every milestone at similarity 1 and no minefield fired. */
  passed: boolean;
  milestone_similarity: number;
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
    versions: tableVersions(trajectory), ctx: compareContext(trajectory.zone, trajectory.region),
  };
  const milestones = matchNodes(spec.milestones.nodes, spec.milestones.edges, steps, false);
  const minefields = spec.minefields ? matchNodes(spec.minefields.nodes, spec.minefields.edges, steps, true) : [];
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const milestoneSimilarity = milestones.length === 0 ? 1 : mean(milestones.map((m) => m.similarity));
  const minefieldSimilarity = minefields.length === 0 ? 0 : mean(minefields.map((m) => m.similarity));
  const score = minefieldSimilarity > 0 ? 0 : milestoneSimilarity;
  return {
    scenario_id: options.scenarioId,
    score,
    passed: minefieldSimilarity === 0 && milestones.every((m) => m.similarity >= 1 - 1e-9),
    milestone_similarity: milestoneSimilarity,
    minefield_similarity: minefieldSimilarity,
    milestones: milestones.map(({ raw_similarity: _raw, fired: _fired, ...m }) => m),
    minefields,
    categories: categoryMeans(milestones),
    turns: turnCounts(trajectory.steps, firstUser),
    retrieval_recall: retrievalRecall(trajectory.steps, options.relatedEntities ?? []),
    first_step: firstUser < 0 ? null : trajectory.steps[firstUser]!.index,
  };
}

function matchNodes(
  nodes: readonly ScoringNode[], edges: readonly (readonly [string, string])[] | undefined, steps: Steps, minefield: boolean,
): MinefieldReport[] {
  const dag = indexDag(nodes, edges);
  const compiled = compileDag(nodes, dag, steps, { minefield });
  const result = matchDag(compiled.problem);
  return nodes.map((node, i) => {
    const base = { index: i, id: node.id, category: node.category ?? null };
    if (steps.count === 0) {
      return { ...base, step: null, matched_step: null, similarity: 0, raw_similarity: 0, fired: false, constraints: [], guardrails: [] };
    }
    const t = result.steps[i]!;
    const explanation = compiled.explain(i, t, dag.deps[i]!.map((d) => result.steps[d]!));
    const step = steps.trajectory.steps[steps.first + t]!.index;
    const similarity = result.similarities[i]!;
    return {
      ...base, step, matched_step: similarity > 0 ? step : null, similarity,
      raw_similarity: explanation.raw, fired: minefield && similarity > 0,
      constraints: explanation.constraints, guardrails: explanation.guardrails,
    };
  });
}

function categoryMeans(milestones: readonly NodeReport[]): Record<Category, number | null> {
  const of = (c: Category) => {
    const xs = milestones.filter((m) => m.category === c).map((m) => m.similarity);
    return xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length;
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
