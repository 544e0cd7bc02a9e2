import type { ReportRow } from "./tables.js";

// The LLM judge as a second opinion on the milestone score: episodes the judge calls complete
// (task_completion 2) that did not pass, and episodes it calls failed (task_completion 0) that
// passed. Each is a question about the scenario or the scorer, raised by a real model run.

export interface JudgeDisagreement {
  model: string;
  scenario_id: string;
  trial: number;
  kind: "judged complete, not passed" | "judged failed, passed";
  task_completion: number;
  score: number;
}

export function judgeDisagreements(rows: readonly ReportRow[]): JudgeDisagreement[] {
  const out: JudgeDisagreement[] = [];
  for (const r of rows) {
    const t = r.judge?.task_completion;
    if (typeof t !== "number") continue;
    const kind = t >= 2 && !r.passed ? "judged complete, not passed" : t <= 0 && r.passed ? "judged failed, passed" : null;
    if (kind) out.push({ model: r.model, scenario_id: r.scenario_id, trial: r.trial, kind, task_completion: t, score: r.score });
  }
  return out.sort((a, b) => a.kind.localeCompare(b.kind) || a.scenario_id.localeCompare(b.scenario_id) || a.model.localeCompare(b.model) || a.trial - b.trial);
}

/** The viewer's link to an episode (the page opens #model/scenario/trial). */
export const episodeLink = (d: { model: string; scenario_id: string; trial: number }) =>
  `#${[d.model, d.scenario_id, String(d.trial)].map(encodeURIComponent).join("/")}`;
