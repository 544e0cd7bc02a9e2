import fs from "node:fs";
import path from "node:path";
import type { Scenario, ScenarioCatalog } from "../../scenarios/catalog.js";
import type { ScriptStep } from "../../scenarios/scenario-format.js";
import { playScript } from "../../episode/replay.js";
import { writeLog } from "../../episode/log.js";
import { scoreScenarioTrajectory } from "../../episode/score.js";
import type { ScoreReport } from "../../milestones/index.js";
import {
  RUN_FORMAT, RUN_VERSION, judgePath, scorePath, trajectoryPath, type RunManifest, type RunResult,
} from "../../run/run-dir.js";

// Run directories for the report's tests, in run/run-dir.ts's format, made by playing scenario
// scripts through the real episode and scorer (the runner is on another branch). Not shipped.

export const FIXTURE_SCENARIOS = [
  "amara-017", "amara-026", "amara-053", "kenji-018", "lucia-010", "ravi-011", "ravi-020", "sofia-057",
];

/** Gold, or a deliberately worse variant: trial 2 drops the first write (or the last call),
 *  trial 3 changes the final answer. */
export type Variant = "gold" | "drop-step" | "wrong-answer";

export function variantScript(scenario: Scenario, variant: Variant): ScriptStep[] {
  const gold = scenario.file.gold_trajectory;
  if (variant === "gold") return gold;
  if (variant === "drop-step") {
    const writes = gold.findIndex((s) => "tool" in s && !/^(search|get)_/.test(s.tool));
    let drop = writes;
    if (drop < 0) for (let i = gold.length - 1; i >= 0; i--) if ("tool" in gold[i]!) { drop = i; break; }
    return gold.filter((_, i) => i !== drop);
  }
  const last = gold.map((s) => "agent" in s).lastIndexOf(true);
  return [...gold.slice(0, last < 0 ? gold.length : last), { agent: "Sorry, I am not sure about that one." }];
}

interface Episode { scenario: Scenario; trial: number; variant: Variant }

export interface WriteRunOptions {
  label: string;
  trials: number;
  scenarioIds: string[];
  variant: (trial: number, scenarioIndex: number) => Variant;
  shard?: { index: number; count: number } | null;
  judge?: boolean;
  /** In this scenario's trial 3 the agent also saves a contact nobody asked for: the scorer's
   *  frame check reports it as an unaccounted change. */
  unaccounted?: string;
}

export function writeRunDir(dir: string, catalog: ScenarioCatalog, o: WriteRunOptions): void {
  fs.mkdirSync(dir, { recursive: true });
  const manifest: RunManifest = {
    format: RUN_FORMAT, version: RUN_VERSION, pimbox_version: "0.1.0", created: "2026-11-24T06:00:00Z",
    data_hash: "fixture", label: o.label, config: { model: o.label, trials: o.trials }, prompts: {},
    shard: o.shard ?? null, trials: o.trials, scenario_ids: o.scenarioIds,
  };
  fs.writeFileSync(path.join(dir, "run.json"), JSON.stringify(manifest, null, 2));
  const lines: string[] = [];
  o.scenarioIds.forEach((id, index) => {
    const scenario = catalog.get(id);
    if (!scenario) throw new Error(`fixture scenario ${id} is missing`);
    for (let trial = 1; trial <= o.trials; trial++) {
      const result = writeEpisode(dir, { scenario, trial, variant: o.variant(trial, index) }, o);
      lines.push(JSON.stringify(result));
    }
  });
  fs.writeFileSync(path.join(dir, "results.jsonl"), lines.join("\n") + "\n");
}

function writeEpisode(dir: string, e: Episode, o: WriteRunOptions): RunResult {
  const { scenario, trial } = e;
  const script = variantScript(scenario, e.variant);
  const stray: ScriptStep = { tool: "add_contact", arguments: { first_name: "Fixture", last_name: "Stray" } };
  const played = o.unaccounted === scenario.id && trial === 3 ? [...script.slice(0, -1), stray, ...script.slice(-1)] : script;
  const episode = playScript(scenario, played, o.label);
  const report: ScoreReport = scoreScenarioTrajectory(scenario, episode.trajectory());
  const steps = episode.trajectory().steps;
  const put = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  put(trajectoryPath(scenario.id, trial), writeLog(scenario.id, episode.options, steps, { model: o.label }));
  put(scorePath(scenario.id, trial), JSON.stringify(report, null, 2));
  episode.close();
  let judge: Record<string, number> | null = null;
  if (o.judge) {
    // A deterministic stand-in for a judge: it mostly agrees with the rule-based score.
    const base = Math.round(report.score * 2);
    judge = { helpfulness: base, correctness: Math.min(2, base + (trial === 3 ? 1 : 0)), safety: 2, efficiency: Math.max(0, base - (trial % 2)), communication: base };
    put(judgePath(scenario.id, trial), JSON.stringify({ dimensions: judge, rationale: "fixture" }));
  }
  const f = scenario.file;
  return {
    scenario_id: f.id, trial, protagonist: f.protagonist, complexity: f.complexity,
    challenges: { misinformation: f.challenges.misinformation, insufficient_context: f.challenges.insufficient_context },
    turns: f.turns, goal_type: f.goal_type,
    score: report.score, passed: report.passed, milestone_similarity: report.milestone_similarity,
    categories: report.categories, turn_count: report.turns.turn_count, tool_calls: report.turns.tool_calls,
    unaccounted_changes: report.unaccounted_changes.length,
    usage: null, latency_ms: null, error: null, stop: null, judge, finished_at: "2026-11-24T06:00:00Z",
  };
}

/** Two "models" on the same scenarios, 3 trials: `gold` in one directory (with a judge), `sloppy`
 *  (gold, then a dropped step, then a wrong answer) in two shards. */
export function writeFixtureRuns(root: string, catalog: ScenarioCatalog, scenarioIds = FIXTURE_SCENARIOS): { gold: string; shards: [string, string] } {
  const gold = path.join(root, "gold");
  writeRunDir(gold, catalog, { label: "gold", trials: 3, scenarioIds, variant: () => "gold", judge: true });
  const half = Math.ceil(scenarioIds.length / 2);
  const variants: Variant[] = ["gold", "drop-step", "wrong-answer"];
  const shards: [string, string] = [path.join(root, "sloppy-1"), path.join(root, "sloppy-2")];
  shards.forEach((dir, i) => writeRunDir(dir, catalog, {
    label: "sloppy", trials: 3, scenarioIds: i === 0 ? scenarioIds.slice(0, half) : scenarioIds.slice(half),
    variant: (t) => variants[t - 1]!, shard: { index: i + 1, count: 2 }, judge: true, unaccounted: scenarioIds[0],
  }));
  return { gold, shards };
}
