import type { AgentStep, Trajectory } from "../episode/trajectory.js";
import { leafConstraints, type AnyOfConstraint, type Constraint, type DatabaseConstraint, type LeafConstraint, type ScoringNode } from "./spec.js";
import type { TableName } from "./catalog.js";
import type { MatchProblem } from "./matcher.js";
import type { CompareContext } from "./similarity.js";
import { actionKey, reached } from "./answer/actions.js";
import type { Region } from "../db/phone.js";
import type { IndexedDag } from "./dag.js";
import type { TableVersions } from "./versions.js";
import { guardrailsFor, type Guardrail } from "./guardrails.js";
import {
  clarificationOutcome, databaseOutcome, noWriteOutcome, refusalOutcome, replyOf, responseOutcome, toolCallOutcome, type Outcome, type Reply,
} from "./constraints.js";

// Turns one DAG of a scenario and one trajectory into the matcher's similarity oracle, with every
// constraint memoised on what it reads: the step for call and reply constraints, the table
// versions at the step and at the reference for database constraints.

export interface Steps {
  trajectory: Trajectory;
  /** Index into trajectory.steps of candidate step 0 (the first user message). */
  first: number;
  count: number;
  versions: TableVersions;
  ctx: CompareContext;
  /** Position in trajectory.steps of each write tool's first successful call: what a reply may
   *  report as done. */
  firstWrite: ReadonlyMap<string, number>;
}

export interface ConstraintResult extends Outcome {
  kind: Constraint["kind"];
  /** The step index whose snapshot a database constraint compared with, or "initial". */
  reference?: number | "initial";
}

export interface GuardrailResult {
  reference: number | "initial";
  tables: TableName[];
  changed: TableName[];
}

export interface NodeExplanation {
  raw: number;
  similarity: number;
  constraints: ConstraintResult[];
  guardrails: GuardrailResult[];
}

export interface CompiledDag {
  problem: MatchProblem;
  explain(node: number, step: number, depSteps: readonly number[]): NodeExplanation;
}

export interface DagOptions {
  /** Minefields: failed calls count and guardrails are off unless a node says otherwise;
   *  similarities are binarised by each node's threshold. */
  minefield: boolean;
}

/** Where a constraint's reference snapshot comes from: nowhere, the initial state, or a dep. */
type RefSource = { kind: "none" } | { kind: "initial" } | { kind: "dep"; position: number };

interface Evaluator {
  /** True when the outcome depends on the step only (not on any snapshot). */
  stepOnly: boolean;
  outcome(t: number, depSteps: readonly number[]): Outcome;
  reference(depSteps: readonly number[]): number | "initial" | undefined;
}

const MEMO_LIMIT = 4_000_000;

export function compileDag(nodes: readonly ScoringNode[], dag: IndexedDag, steps: Steps, options: DagOptions): CompiledDag {
  const snapshotAt = (t: number) => steps.trajectory.steps[steps.first + t]!.snapshot;
  const stepIndexAt = (t: number) => steps.trajectory.steps[steps.first + t]!.index;
  const index = new Map(nodes.map((n, i) => [n.id, i]));
  const compiled = nodes.map((node, i) => {
    const sourceOf = (c: LeafConstraint) => refSource(c, dag.deps[i]!, index);
    const evaluators = node.constraints.map((c) => evaluator(c, sourceOf, steps, snapshotAt, stepIndexAt, options));
    const guardrails = guardrailsFor(nodes, dag, i, !options.minefield);
    const threshold = "threshold" in node && node.threshold !== undefined ? node.threshold : 1;
    return { evaluators, guardrails, threshold };
  });

  const changedTables = (g: Guardrail, t: number, depSteps: readonly number[], i: number): TableName[] => {
    const now = snapshotAt(t);
    const ref = g.reference === "initial" ? 0 : snapshotAt(depSteps[dag.deps[i]!.indexOf(g.reference)]!);
    return g.tables.filter((table) => {
      const cls = steps.versions.contentClass[table];
      const ver = steps.versions.version[table];
      return cls[ver[now]!] !== cls[ver[ref]!];
    });
  };
  const guardrailHolds = (g: Guardrail, t: number, depSteps: readonly number[], i: number): boolean => {
    const now = snapshotAt(t);
    const ref = g.reference === "initial" ? 0 : snapshotAt(depSteps[dag.deps[i]!.indexOf(g.reference)]!);
    if (now === ref) return true;
    for (const table of g.tables) {
      const cls = steps.versions.contentClass[table];
      const ver = steps.versions.version[table];
      if (cls[ver[now]!] !== cls[ver[ref]!]) return false;
    }
    return true;
  };
  const finish = (raw: number, i: number) => (options.minefield ? (raw >= compiled[i]!.threshold - 1e-9 ? 1 : 0) : raw);

  const sim = (i: number, t: number, depSteps: readonly number[]): number => {
    const { evaluators, guardrails } = compiled[i]!;
    for (const g of guardrails) if (!guardrailHolds(g, t, depSteps, i)) return 0;
    let logSum = 0;
    for (const e of evaluators) {
      const s = e.outcome(t, depSteps).similarity;
      if (s <= 0) return 0;
      logSum += Math.log(s);
    }
    return finish(Math.min(1, Math.exp(logSum / evaluators.length)), i);
  };

  const explain = (i: number, t: number, depSteps: readonly number[]): NodeExplanation => {
    const { evaluators, guardrails } = compiled[i]!;
    const constraints = evaluators.map((e, j): ConstraintResult => {
      const reference = e.reference(depSteps);
      return { kind: nodes[i]!.constraints[j]!.kind, ...e.outcome(t, depSteps), ...(reference !== undefined ? { reference } : {}) };
    });
    const guardrailResults = guardrails.map((g) => ({
      reference: g.reference === "initial" ? ("initial" as const) : stepIndexAt(depSteps[dag.deps[i]!.indexOf(g.reference)]!),
      tables: g.tables,
      changed: changedTables(g, t, depSteps, i),
    }));
    let logSum = 0;
    for (const c of constraints) logSum += c.similarity > 0 ? Math.log(c.similarity) : -Infinity;
    const raw = guardrailResults.some((g) => g.changed.length > 0) ? 0 : Math.min(1, Math.exp(logSum / constraints.length));
    return { raw, similarity: finish(raw, i), constraints, guardrails: guardrailResults };
  };

  // Step classes: a node's similarity, and what its readers see of its step, depend only on the
  // snapshot and on its call/reply constraints' similarities at the step; and when one of those
  // is 0 the node scores 0 whatever else holds. So steps with equal (snapshot, call/reply
  // similarities) are interchangeable for the matcher, and so are zero-scoring steps with one
  // snapshot.
  // The snapshot enters the key only through the tables the node or its readers look at, by
  // content class: a write to another table does not split a class (what keeps the matcher
  // linear in the length of a trajectory that writes elsewhere).
  const seen = seenTables(nodes, compiled.map((c) => c.guardrails), index);
  const stepClasses = compiled.map(({ evaluators }, i) => {
    const stepOnly = evaluators.filter((e) => e.stepOnly);
    const tables = [...seen[i]!];
    const ids = new Map<string, number>();
    return Array.from({ length: steps.count }, (_, t) => {
      const sims = stepOnly.map((e) => e.outcome(t, []).similarity);
      const snap = snapshotAt(t);
      const content = tables.map((table) => steps.versions.contentClass[table][steps.versions.version[table][snap]!]).join(",");
      const key = `${content}|${sims.some((x) => x <= 0) ? "0" : sims.join(",")}`;
      let id = ids.get(key);
      if (id === undefined) { id = ids.size; ids.set(key, id); }
      return id;
    });
  });

  // The similarity itself, memoised on what it depends on: the step's class and the deps' snapshots.
  const snapshotCount = steps.trajectory.snapshots.length;
  const memo = compiled.map(() => new Map<number, number>());
  const memoSim = (i: number, t: number, depSteps: readonly number[]): number => {
    let key = stepClasses[i]![t]!;
    for (const d of depSteps) key = key * snapshotCount + snapshotAt(d);
    if (!Number.isSafeInteger(key)) return sim(i, t, depSteps);
    let value = memo[i]!.get(key);
    if (value === undefined) {
      value = sim(i, t, depSteps);
      // A Map holds at most 2^24 entries; past a bound, recompute (evaluators keep their own caches).
      if (memo[i]!.size < MEMO_LIMIT) memo[i]!.set(key, value);
    }
    return value;
  };

  // Support: the steps where a node can score above 0 given its deps' steps. Its call/reply
  // similarities must all be positive, and every guardrail must hold: the guarded tables' content
  // at the step equal to that at the reference. Steps are grouped by the content key of the first
  // guardrail that compares with a dep, so a lookup returns only the steps that can match it.
  const guardKey = (g: Guardrail, snap: number) => g.tables.map((table) => steps.versions.contentClass[table][steps.versions.version[table][snap]!]).join(",");
  const supports = compiled.map(({ evaluators, guardrails }, i) => {
    const stepOnly = evaluators.filter((e) => e.stepOnly);
    const viaDep = guardrails.find((g) => g.reference !== "initial");
    const initial = guardrails.filter((g) => g.reference === "initial");
    const groups = new Map<string, number[]>();
    for (let t = 0; t < steps.count; t++) {
      if (stepOnly.some((e) => e.outcome(t, []).similarity <= 0)) continue;
      if (initial.some((g) => guardKey(g, snapshotAt(t)) !== guardKey(g, 0))) continue;
      const key = viaDep ? guardKey(viaDep, snapshotAt(t)) : "";
      let list = groups.get(key);
      if (!list) groups.set(key, (list = []));
      list.push(t);
    }
    const position = viaDep === undefined ? -1 : dag.deps[i]!.indexOf(viaDep.reference as number);
    return (depSteps: readonly number[]): readonly number[] =>
      groups.get(viaDep === undefined ? "" : guardKey(viaDep, snapshotAt(depSteps[position]!))) ?? [];
  });

  return {
    problem: {
      nodeCount: nodes.length, edges: dag.edges, deps: dag.deps, stepCount: steps.count, sim: memoSim, stepClasses,
      support: (i: number, depSteps: readonly number[]) => supports[i]!(depSteps),
    },
    explain,
  };
}

/** Per node, the tables whose content at its step can matter: its database constraints' and
 *  guardrails' tables, and those its readers compare with its step (database constraints and
 *  guardrails that reference it). */
function seenTables(nodes: readonly ScoringNode[], guardrails: readonly Guardrail[][], index: Map<string, number>): Set<TableName>[] {
  const seen = nodes.map(() => new Set<TableName>());
  nodes.forEach((node, i) => {
    for (const { c } of leafConstraints(node.constraints)) {
      if (c.kind !== "database") continue;
      seen[i]!.add(c.table as TableName);
      if (c.relation !== "snapshot" && c.reference !== undefined && c.reference !== "initial") seen[index.get(c.reference)!]?.add(c.table as TableName);
    }
    for (const g of guardrails[i]!) {
      for (const t of g.tables) {
        seen[i]!.add(t);
        if (g.reference !== "initial") seen[g.reference]!.add(t);
      }
    }
  });
  return seen;
}

function refSource(c: LeafConstraint, deps: readonly number[], index: Map<string, number>): RefSource {
  if (c.kind !== "database" || c.relation === "snapshot") return { kind: "none" };
  const ref = c.reference ?? "initial";
  if (ref === "initial") return { kind: "initial" };
  return { kind: "dep", position: deps.indexOf(index.get(ref)!) };
}

function evaluator(
  c: Constraint, sourceOf: (c: LeafConstraint) => RefSource, steps: Steps,
  snapshotAt: (t: number) => number, stepIndexAt: (t: number) => number, options: DagOptions,
): Evaluator {
  const countFailed = options.minefield;
  const stepOf = (t: number) => steps.trajectory.steps[steps.first + t]!;
  if (c.kind === "any_of") return anyOfEvaluator(c, (leaf) => evaluator(leaf, sourceOf, steps, snapshotAt, stepIndexAt, options));
  if (c.kind === "database") return databaseEvaluator(c, sourceOf(c), steps, snapshotAt, stepIndexAt);
  if (c.kind === "no_write") {
    const outcome = noWriteOutcome(c, steps.trajectory, countFailed);
    return { stepOnly: true, outcome: () => outcome, reference: () => undefined };
  }
  const perStep = (t: number): Outcome => {
    const step = stepOf(t);
    const done = (tools: readonly string[], to?: string) => to === undefined
      ? tools.some((tool) => (steps.firstWrite.get(tool) ?? Infinity) < steps.first + t)
      : reachedBefore(steps, steps.first + t, tools, to);
    switch (c.kind) {
      case "tool_call": return toolCallOutcome(c, step, countFailed, steps.ctx);
      case "response": return responseOutcome(c, replyAt(steps, t), steps.ctx, done);
      case "refusal": return refusalOutcome(c, replyAt(steps, t), steps.ctx, done);
      case "clarification": return clarificationOutcome(c, replyAt(steps, t), steps.ctx, done);
    }
  };
  const cache: (Outcome | undefined)[] = new Array(steps.count);
  return {
    stepOnly: true,
    outcome: (t) => (cache[t] ??= perStep(t)),
    reference: () => undefined,
  };
}

/** The agent's messages since the user last spoke, up to step t: what the user read there. */
function replyAt(steps: Steps, t: number): Reply {
  const all = steps.trajectory.steps;
  const at = steps.first + t;
  const messages: AgentStep[] = [];
  for (let i = at; i >= 0 && all[i]!.kind !== "user"; i--) {
    const s = all[i]!;
    if (s.kind === "agent") messages.unshift(s);
  }
  // What the agent went on to say before the user spoke again is read for wrong values too.
  const later: AgentStep[] = [];
  let i = at + 1;
  for (; i < all.length && all[i]!.kind !== "user"; i++) {
    const s = all[i]!;
    if (s.kind === "agent") later.push(s);
  }
  const handsBack = i < all.length && all.slice(at + 1, i).every((s) => s.kind === "agent");
  return all[at]!.kind === "agent" ? { ...replyOf(all[at]!, messages), later, handsBack } : replyOf(all[at]!, []);
}

/** The best option of an any_of, each option the geometric mean of its constraints; the details
 *  show every option's similarity and which one counted. */
function anyOfEvaluator(c: AnyOfConstraint, leafEvaluator: (leaf: LeafConstraint) => Evaluator): Evaluator {
  const options = c.options.map((option) => option.map((leaf) => ({ leaf, e: leafEvaluator(leaf) })));
  const optionScore = (option: (typeof options)[number], t: number, depSteps: readonly number[]) => {
    let logSum = 0;
    const parts = option.map(({ leaf, e }) => ({ kind: leaf.kind, ...e.outcome(t, depSteps) }));
    for (const p of parts) logSum += p.similarity > 0 ? Math.log(p.similarity) : -Infinity;
    return { similarity: Math.min(1, Math.exp(logSum / parts.length)), parts };
  };
  const best = (t: number, depSteps: readonly number[]) => {
    const scored = options.map((o) => optionScore(o, t, depSteps));
    let chosen = 0;
    scored.forEach((s, k) => { if (s.similarity > scored[chosen]!.similarity) chosen = k; });
    return { scored, chosen };
  };
  return {
    stepOnly: options.every((o) => o.every(({ e }) => e.stepOnly)),
    outcome(t, depSteps) {
      const { scored, chosen } = best(t, depSteps);
      return {
        similarity: scored[chosen]!.similarity,
        details: { chosen_option: chosen, options: scored.map((s) => ({ similarity: s.similarity, constraints: s.parts })) },
      };
    },
    // Which option counts depends on the step; the reference shown is the first any option reads.
    reference(depSteps) {
      for (const option of options) {
        for (const { e } of option) {
          const r = e.reference(depSteps);
          if (r !== undefined) return r;
        }
      }
      return undefined;
    },
  };
}

function databaseEvaluator(
  c: DatabaseConstraint, source: RefSource, steps: Steps,
  snapshotAt: (t: number) => number, stepIndexAt: (t: number) => number,
): Evaluator {
  const table = c.table as TableName;
  const ver = steps.versions.version[table];
  const cache = new Map<number, Outcome>();
  const refSnapshot = (depSteps: readonly number[]): number | undefined =>
    source.kind === "none" ? undefined : source.kind === "initial" ? 0 : snapshotAt(depSteps[source.position]!);
  return {
    stepOnly: false,
    outcome(t, depSteps) {
      const vNow = ver[snapshotAt(t)]!;
      const refSnap = refSnapshot(depSteps);
      const vRef = refSnap === undefined ? -1 : ver[refSnap]!;
      const key = vNow * 65536 + vRef + 1;
      let hit = cache.get(key);
      if (!hit) {
        const now = steps.versions.rowsOf(table, vNow);
        const ref = vRef < 0 ? undefined : steps.versions.rowsOf(table, vRef);
        steps.versions.charge(now.length + (ref?.length ?? 0));
        hit = databaseOutcome(c, now, ref, steps.ctx);
        cache.set(key, hit);
      }
      return hit;
    },
    reference: (depSteps) =>
      source.kind === "none" ? undefined : source.kind === "initial" ? "initial" : stepIndexAt(depSteps[source.position]!),
  };
}

/** Whether a successful write of one of the tools reached the person before position `end`. */
function reachedBefore(steps: Steps, end: number, tools: readonly string[], to: string): boolean {
  const person = { names: steps.ctx.people?.get(to) ?? [], handles: steps.ctx.handles?.get(to) ?? [] };
  return steps.trajectory.steps.slice(0, end).some((s) => s.kind === "tool" && s.ok && s.write &&
    tools.includes(actionKey(s.tool, s.arguments)) && reached(s.arguments, s.result, person, steps.ctx.region as Region | undefined));
}
