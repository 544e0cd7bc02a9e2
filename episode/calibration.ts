import type { Scenario } from "../scenarios/catalog.js";
import type { Fault } from "../scenarios/json-schema.js";
import { scoreScript } from "./score.js";

// Calibration: trajectories written blind (the request and the data only, never the milestones),
// each with its expected outcome written before it was scored. A scenario's scoring is trusted
// only as far as it agrees with them: a correct trajectory must pass with a high score, a wrong
// one must fail with a low one.

export interface CalibrationOutcome {
  scenario: string;
  name: string;
  expected: "correct" | "wrong";
  mistake: string | null;
  score: number;
  passed: boolean;
  /** Whether the scoring agrees with the expectation (see LIMITS). */
  agrees: boolean;
  file: string;
}

/** A correct trajectory must pass and score at least `correctMin`; a wrong one must not pass, and
 *  should score at most `wrongMax`. The suite fails past the shares below. */
export const LIMITS = {
  correctMin: 0.9,
  wrongMax: 0.5,
  /** Share of correct trajectories allowed to score below correctMin or not pass. */
  correctMissShare: 0.03,
  /** Share of wrong trajectories allowed to score above wrongMax (none may pass). */
  wrongHighShare: 0.05,
} as const;

export function calibrateScenario(scenario: Scenario): CalibrationOutcome[] {
  return scenario.calibration.flatMap((cal) => cal.file.trajectories.filter((t) => t.retracted === undefined).map((t) => {
    const report = scoreScript(scenario, t.steps, "calibration");
    const agrees = t.expected === "correct"
      ? report.passed && report.score >= LIMITS.correctMin
      : !report.passed && report.score <= LIMITS.wrongMax;
    return {
      scenario: scenario.id, name: t.name, expected: t.expected, mistake: t.mistake ?? null,
      score: report.score, passed: report.passed, agrees, file: cal.path,
    };
  }));
}

export interface CalibrationSummary {
  scenarios: number;
  correct: { total: number; missed: number; share: number };
  wrong: { total: number; passed: number; high: number; share: number };
  /** Per mistake kind (and "correct"): trajectories, and how many the scoring misjudged. */
  by_category: Record<string, { total: number; misjudged: number }>;
  disagreements: CalibrationOutcome[];
}

export function summarizeCalibration(outcomes: readonly CalibrationOutcome[]): CalibrationSummary {
  const correct = outcomes.filter((o) => o.expected === "correct");
  const wrong = outcomes.filter((o) => o.expected === "wrong");
  const missed = correct.filter((o) => !o.agrees).length;
  const byCategory: CalibrationSummary["by_category"] = {};
  for (const o of outcomes) {
    const k = o.expected === "correct" ? "correct" : o.mistake ?? "other";
    const entry = (byCategory[k] ??= { total: 0, misjudged: 0 });
    entry.total++;
    if (!o.agrees) entry.misjudged++;
  }
  const high = wrong.filter((o) => o.score > LIMITS.wrongMax).length;
  return {
    scenarios: new Set(outcomes.map((o) => o.scenario)).size,
    correct: { total: correct.length, missed, share: correct.length ? missed / correct.length : 0 },
    wrong: { total: wrong.length, passed: wrong.filter((o) => o.passed).length, high, share: wrong.length ? high / wrong.length : 0 },
    by_category: byCategory,
    disagreements: outcomes.filter((o) => !o.agrees),
  };
}

/** The suite's verdict: faults when the scoring is miscalibrated beyond the limits. */
export function calibrationFaults(s: CalibrationSummary): Fault[] {
  const faults: Fault[] = [];
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  if (s.correct.share > LIMITS.correctMissShare) {
    faults.push({ file: "calibration", pointer: "/", message: `${s.correct.missed} of ${s.correct.total} correct trajectories (${pct(s.correct.share)}) fail or score below ${LIMITS.correctMin}; at most ${pct(LIMITS.correctMissShare)} may` });
  }
  if (s.wrong.passed > 0) faults.push({ file: "calibration", pointer: "/", message: `${s.wrong.passed} wrong trajectories pass; none may` });
  if (s.wrong.share > LIMITS.wrongHighShare) {
    faults.push({ file: "calibration", pointer: "/", message: `${s.wrong.high} of ${s.wrong.total} wrong trajectories (${pct(s.wrong.share)}) score above ${LIMITS.wrongMax}; at most ${pct(LIMITS.wrongHighShare)} may` });
  }
  return faults;
}
