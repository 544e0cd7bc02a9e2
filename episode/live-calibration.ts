import fs from "node:fs";
import path from "node:path";
import type { ScenarioCatalog } from "../scenarios/catalog.js";
import type { Fault } from "../scenarios/json-schema.js";
import { liveGrades, type LiveGrade } from "../scenarios/live-format.js";
import { scoreLog } from "./score-log.js";

// Agreement between pimbox and blind graders on live trajectories: correct answers (graded PASS)
// must pass, wrong ones (FAIL) must not. The graders are the referee, not the shipped suite.

export const LIVE_LIMITS = {
  /** Share of trajectories graded PASS that must pass. */
  correctPassShare: 0.97,
  /** Share of trajectories graded FAIL that may pass. */
  wrongPassShare: 0.02,
} as const;

export interface LiveOutcome { id: string; scenario: string; style: string; verdict: "PASS" | "FAIL"; passed: boolean; score: number; agrees: boolean }

export interface LiveSummary {
  trajectories: number;
  agreement: number;
  correct: { total: number; passed: number; share: number };
  wrong: { total: number; passed: number; share: number };
  by_style: Record<string, { total: number; agree: number }>;
  disagreements: LiveOutcome[];
}

export function readLiveGrades(dataDir: string): { dir: string; grade: LiveGrade }[] {
  if (!fs.existsSync(dataDir)) return [];
  return fs.readdirSync(dataDir).flatMap((p) => {
    const file = path.join(dataDir, p, "live", "grades.json");
    if (!fs.existsSync(file)) return [];
    const parsed = liveGrades.parse(JSON.parse(fs.readFileSync(file, "utf8")));
    return parsed.trajectories.map((grade) => ({ dir: path.dirname(file), grade }));
  });
}

/** Scores the graded live logs of the data folder (of the scenarios in `only`, when given). */
export function scoreLive(catalog: ScenarioCatalog, dataDir: string, only?: ReadonlySet<string>): LiveOutcome[] {
  return readLiveGrades(dataDir).flatMap(({ dir, grade }) => {
    if (!catalog.get(grade.scenario_id) || (only && !only.has(grade.scenario_id))) return [];
    const outcome = scoreLog(catalog, { kind: "jsonl", text: fs.readFileSync(path.join(dir, `${grade.id}.jsonl`), "utf8"), scenarioId: grade.scenario_id });
    const passed = outcome.ok && outcome.report.passed;
    const score = outcome.ok ? outcome.report.score : 0;
    return [{ id: grade.id, scenario: grade.scenario_id, style: grade.style, verdict: grade.verdict, passed, score, agrees: passed === (grade.verdict === "PASS") }];
  });
}

export function summarizeLive(outcomes: readonly LiveOutcome[]): LiveSummary {
  const correct = outcomes.filter((o) => o.verdict === "PASS");
  const wrong = outcomes.filter((o) => o.verdict === "FAIL");
  const byStyle: LiveSummary["by_style"] = {};
  for (const o of outcomes) {
    const s = (byStyle[o.style] ??= { total: 0, agree: 0 });
    s.total++;
    if (o.agrees) s.agree++;
  }
  const share = (a: number, b: number) => (b === 0 ? 0 : a / b);
  return {
    trajectories: outcomes.length,
    agreement: share(outcomes.filter((o) => o.agrees).length, outcomes.length),
    correct: { total: correct.length, passed: correct.filter((o) => o.passed).length, share: share(correct.filter((o) => o.passed).length, correct.length) },
    wrong: { total: wrong.length, passed: wrong.filter((o) => o.passed).length, share: share(wrong.filter((o) => o.passed).length, wrong.length) },
    by_style: byStyle,
    disagreements: outcomes.filter((o) => !o.agrees),
  };
}

export function liveFaults(s: LiveSummary): Fault[] {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const faults: Fault[] = [];
  if (s.correct.total > 0 && s.correct.share < LIVE_LIMITS.correctPassShare) {
    faults.push({ file: "live calibration", pointer: "/", message: `${s.correct.passed} of ${s.correct.total} trajectories graded PASS pass (${pct(s.correct.share)}); at least ${pct(LIVE_LIMITS.correctPassShare)} must` });
  }
  if (s.wrong.total > 0 && s.wrong.share > LIVE_LIMITS.wrongPassShare) {
    faults.push({ file: "live calibration", pointer: "/", message: `${s.wrong.passed} of ${s.wrong.total} trajectories graded FAIL pass (${pct(s.wrong.share)}); at most ${pct(LIVE_LIMITS.wrongPassShare)} may` });
  }
  return faults;
}
