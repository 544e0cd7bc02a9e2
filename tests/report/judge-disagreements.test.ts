import { test } from "node:test";
import assert from "node:assert/strict";
import { episodeLink, judgeDisagreements } from "../../report/judge-disagreements.js";
import type { ReportRow } from "../../report/tables.js";

const row = (scenario_id: string, passed: boolean, task_completion: number | null): ReportRow => ({
  model: "m", scenario_id, trial: 1, passed, score: passed ? 1 : 0,
  judge: task_completion === null ? null : { task_completion, tool_usage: 2 },
} as unknown as ReportRow);

test("the judge is a second opinion: complete but not passed, failed but passed", () => {
  const list = judgeDisagreements([row("a", false, 2), row("b", true, 0), row("c", true, 2), row("d", false, 1), row("e", false, null)]);
  assert.deepEqual(list.map((d) => [d.scenario_id, d.kind]), [["a", "judged complete, not passed"], ["b", "judged failed, passed"]]);
  assert.equal(episodeLink(list[0]!), "#m/a/1");
});
