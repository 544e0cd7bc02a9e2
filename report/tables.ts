import type { RunResult } from "../run/run-dir.js";
import { bootstrap, mean, meanEstimate, pairedTest, passAt, passHat, spearman, DEFAULT_BOOTSTRAP, type BootstrapOptions, type Estimate, type PairedTest } from "./stats.js";

// The numbers of the report: ASTRA-bench's Tables 4, 5 and S3, pass^k / pass@k, the judge, and
// paired comparisons, every headline with a bootstrap interval over scenarios. Pure and free of
// runtime imports beyond stats.ts: the HTML viewer recomputes them on a filtered subset.

/** One finished episode of one model: its result line and the model's label. */
export type ReportRow = RunResult & { model: string };

export const LEVELS = ["low", "moderate", "high"] as const;
export const DIMENSIONS = ["referential", "functional", "informational"] as const;
export type Level = (typeof LEVELS)[number];
export type Dimension = (typeof DIMENSIONS)[number];

/** A model's trials of one scenario, averaged: the unit every interval resamples. */
export interface ScenarioUnit {
  scenario_id: string;
  protagonist: string;
  complexity: Record<Dimension, string>;
  challenges: RunResult["challenges"];
  goal_type: string;
  trials: number;
  passes: number;
  score: number;
  pass_rate: number;
  milestone_similarity: number;
  turn_count: number;
  retrieval: number | null;
  payload: number | null;
  response: number | null;
  judge: Record<string, number>;
}

export interface ModelTables {
  model: string;
  scenarios: number;
  episodes: number;
  /** Episodes that could not finish (scored 0). */
  errors: number;
  unaccounted_changes: number;
  /** Means per episode over the episodes that report them (null: none does). */
  cost: { prompt_tokens: number | null; completion_tokens: number | null; latency_ms: number | null };
  table4: { macro: Estimate; overall: Estimate; tranches: Record<Dimension, Record<Level, Estimate>> };
  table5: {
    turns: Estimate; milestone_similarity: Estimate;
    retrieval: Estimate; response: Estimate; payload: Estimate;
    task_success: Estimate; question_answering: Estimate; entity_changes: Estimate;
  };
  tableS3: {
    no_challenge: Estimate; misinformation: Estimate; insufficient_context: Estimate;
    /** Score under the challenge minus the score without one, with its interval. */
    misinformation_change: Estimate; insufficient_context_change: Estimate;
  };
  /** k = 1 .. the smallest trial count of a scenario. */
  pass_k: { k: number; pass_hat: Estimate; pass_at: Estimate }[];
  /** The judge's dimensions (0-2), with Spearman's rho against the rule-based score over episodes. */
  judge: { dimension: string; mean: Estimate; spearman: number | null; episodes: number }[];
}

export interface Disagreement {
  scenario_id: string;
  protagonist: string;
  a_score: number; b_score: number;
  a_pass_rate: number; b_pass_rate: number;
}

export interface Comparison {
  a: string;
  b: string;
  /** Scenarios both models ran. */
  scenarios: number;
  /** Per-scenario score of a minus b. */
  test: PairedTest;
  /** Scenarios one model passes in most trials and the other does not, largest score gap first. */
  disagreements: Disagreement[];
}

export interface ReportTables {
  bootstrap: BootstrapOptions;
  models: ModelTables[];
  comparisons: Comparison[];
}

const QUESTION_GOALS = new Set(["answer", "answer_and_change"]);
const CHANGE_GOALS = new Set(["change", "answer_and_change"]);

export function scenarioUnits(rows: readonly ReportRow[]): ScenarioUnit[] {
  const groups = new Map<string, ReportRow[]>();
  for (const r of rows) {
    const g = groups.get(r.scenario_id);
    if (g) g.push(r);
    else groups.set(r.scenario_id, [r]);
  }
  const avg = (xs: (number | null)[]) => mean(xs.filter((x): x is number => x !== null));
  return [...groups.values()].map((g) => {
    const first = g[0]!;
    const passes = g.filter((r) => r.passed).length;
    const dims = new Set(g.flatMap((r) => Object.keys(r.judge ?? {})));
    const judge: Record<string, number> = {};
    for (const d of dims) {
      const m = avg(g.map((r) => r.judge?.[d] ?? null));
      if (m !== null) judge[d] = m;
    }
    return {
      scenario_id: first.scenario_id,
      protagonist: first.protagonist,
      complexity: first.complexity as Record<Dimension, string>,
      challenges: first.challenges,
      goal_type: first.goal_type,
      trials: g.length,
      passes,
      score: avg(g.map((r) => r.score))!,
      pass_rate: passes / g.length,
      milestone_similarity: avg(g.map((r) => r.milestone_similarity))!,
      turn_count: avg(g.map((r) => r.turn_count))!,
      retrieval: avg(g.map((r) => r.categories.retrieval)),
      payload: avg(g.map((r) => r.categories.payload)),
      response: avg(g.map((r) => r.categories.response)),
      judge,
    };
  });
}

const noChallenge = (u: ScenarioUnit) => !u.challenges.misinformation && !u.challenges.insufficient_context;

function subsetMean(units: readonly ScenarioUnit[], keep: (u: ScenarioUnit) => boolean, value: (u: ScenarioUnit) => number | null): number | null {
  return mean(units.filter(keep).map(value).filter((x): x is number => x !== null));
}

/** The mean of a subset, resampling the subset's own scenarios. */
function subsetEstimate(units: readonly ScenarioUnit[], keep: (u: ScenarioUnit) => boolean, value: (u: ScenarioUnit) => number | null, options: BootstrapOptions): Estimate {
  return meanEstimate(units.filter(keep).map(value), options);
}

/** Score under a challenge minus score without any, resampling all scenarios. */
function changeEstimate(units: readonly ScenarioUnit[], challenge: (u: ScenarioUnit) => boolean, options: BootstrapOptions): Estimate {
  const relevant = units.filter((u) => challenge(u) || noChallenge(u));
  return bootstrap(relevant, (s) => {
    const a = subsetMean(s, challenge, (u) => u.score);
    const b = subsetMean(s, noChallenge, (u) => u.score);
    return a === null || b === null ? null : a - b;
  }, options);
}

function trancheMeans(units: readonly ScenarioUnit[]): number | null {
  const means: number[] = [];
  for (const d of DIMENSIONS) {
    for (const l of LEVELS) {
      const m = subsetMean(units, (u) => u.complexity[d] === l, (u) => u.score);
      if (m !== null) means.push(m);
    }
  }
  return mean(means);
}

export function modelTables(model: string, rows: readonly ReportRow[], options: BootstrapOptions = DEFAULT_BOOTSTRAP): ModelTables {
  const units = scenarioUnits(rows);
  const all = () => true;
  const est = (keep: (u: ScenarioUnit) => boolean, value: (u: ScenarioUnit) => number | null) => subsetEstimate(units, keep, value, options);
  const tranches = {} as Record<Dimension, Record<Level, Estimate>>;
  for (const d of DIMENSIONS) {
    tranches[d] = {} as Record<Level, Estimate>;
    for (const l of LEVELS) tranches[d][l] = est((u) => u.complexity[d] === l, (u) => u.score);
  }
  const minTrials = units.length === 0 ? 0 : Math.min(...units.map((u) => u.trials));
  const passK = [];
  for (let k = 1; k <= minTrials; k++) {
    passK.push({
      k,
      pass_hat: est(all, (u) => passHat(u.passes, u.trials, k)),
      pass_at: est(all, (u) => passAt(u.passes, u.trials, k)),
    });
  }
  const dims = [...new Set(rows.flatMap((r) => Object.keys(r.judge ?? {})))].sort();
  const judge = dims.map((dimension) => {
    const judged = rows.filter((r) => typeof r.judge?.[dimension] === "number");
    return {
      dimension,
      mean: est((u) => dimension in u.judge, (u) => u.judge[dimension] ?? null),
      spearman: spearman(judged.map((r) => r.judge![dimension]!), judged.map((r) => r.score)),
      episodes: judged.length,
    };
  });
  return {
    model,
    scenarios: units.length,
    episodes: rows.length,
    errors: rows.filter((r) => r.error !== null).length,
    unaccounted_changes: rows.reduce((s, r) => s + r.unaccounted_changes, 0),
    cost: {
      prompt_tokens: mean(rows.flatMap((r) => (r.usage ? [r.usage.prompt_tokens] : []))),
      completion_tokens: mean(rows.flatMap((r) => (r.usage ? [r.usage.completion_tokens] : []))),
      latency_ms: mean(rows.flatMap((r) => (r.latency_ms === null ? [] : [r.latency_ms]))),
    },
    table4: { macro: bootstrap(units, trancheMeans, options), overall: est(all, (u) => u.score), tranches },
    table5: {
      turns: est(all, (u) => u.turn_count),
      milestone_similarity: est(all, (u) => u.milestone_similarity),
      retrieval: est(all, (u) => u.retrieval),
      response: est(all, (u) => u.response),
      payload: est(all, (u) => u.payload),
      task_success: est(all, (u) => u.pass_rate),
      question_answering: est((u) => QUESTION_GOALS.has(u.goal_type), (u) => u.pass_rate),
      entity_changes: est((u) => CHANGE_GOALS.has(u.goal_type), (u) => u.pass_rate),
    },
    tableS3: {
      no_challenge: est(noChallenge, (u) => u.score),
      misinformation: est((u) => u.challenges.misinformation, (u) => u.score),
      insufficient_context: est((u) => u.challenges.insufficient_context, (u) => u.score),
      misinformation_change: changeEstimate(units, (u) => u.challenges.misinformation, options),
      insufficient_context_change: changeEstimate(units, (u) => u.challenges.insufficient_context, options),
    },
    pass_k: passK,
    judge,
  };
}

export function compareModels(a: string, b: string, rowsA: readonly ReportRow[], rowsB: readonly ReportRow[], options: BootstrapOptions = DEFAULT_BOOTSTRAP): Comparison {
  const unitsB = new Map(scenarioUnits(rowsB).map((u) => [u.scenario_id, u]));
  const pairs = scenarioUnits(rowsA).flatMap((ua) => {
    const ub = unitsB.get(ua.scenario_id);
    return ub ? [[ua, ub] as const] : [];
  }).sort((x, y) => (x[0].scenario_id < y[0].scenario_id ? -1 : 1));
  const disagreements = pairs
    .filter(([ua, ub]) => (ua.pass_rate > 0.5) !== (ub.pass_rate > 0.5))
    .map(([ua, ub]) => ({
      scenario_id: ua.scenario_id, protagonist: ua.protagonist,
      a_score: ua.score, b_score: ub.score, a_pass_rate: ua.pass_rate, b_pass_rate: ub.pass_rate,
    }))
    .sort((x, y) => Math.abs(y.a_score - y.b_score) - Math.abs(x.a_score - x.b_score) || (x.scenario_id < y.scenario_id ? -1 : 1));
  return { a, b, scenarios: pairs.length, test: pairedTest(pairs.map(([ua, ub]) => ua.score - ub.score), options), disagreements };
}

/** Every model's tables, and every pair of models compared on the scenarios they share, in the
 *  order of `models` (a model without rows still gets its empty tables), then of the rows. */
export function reportTables(rows: readonly ReportRow[], options: BootstrapOptions = DEFAULT_BOOTSTRAP, models: readonly string[] = []): ReportTables {
  const byModel = new Map<string, ReportRow[]>(models.map((m) => [m, []]));
  for (const r of rows) {
    const g = byModel.get(r.model);
    if (g) g.push(r);
    else byModel.set(r.model, [r]);
  }
  const names = [...byModel.keys()];
  const comparisons: Comparison[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      comparisons.push(compareModels(names[i]!, names[j]!, byModel.get(names[i]!)!, byModel.get(names[j]!)!, options));
    }
  }
  return { bootstrap: options, models: names.map((m) => modelTables(m, byModel.get(m)!, options)), comparisons };
}
