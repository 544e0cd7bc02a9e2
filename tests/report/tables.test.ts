import { test } from "node:test";
import assert from "node:assert/strict";
import { reportTables, type ReportRow } from "../../report/tables.js";
import { tableViews } from "../../report/columns.js";

const close = (a: number | null | undefined, b: number, eps = 1e-9) => assert.ok(typeof a === "number" && Math.abs(a - b) < eps, `${a} != ${b}`);

type Level = "low" | "moderate" | "high";
function row(model: string, scenario: string, trial: number, score: number, o: {
  c: [Level, Level, Level]; goal: string; mis?: boolean; ins?: boolean; judge?: number; turns?: number;
}): ReportRow {
  return {
    model, scenario_id: scenario, trial, protagonist: scenario === "s1" ? "p1" : "p2",
    complexity: { referential: o.c[0], functional: o.c[1], informational: o.c[2] },
    challenges: { misinformation: o.mis ?? false, insufficient_context: o.ins ?? false },
    turns: "single", goal_type: o.goal, score, passed: score === 1, milestone_similarity: score,
    categories: { retrieval: score, payload: o.goal === "answer" ? null : score, response: 1 },
    turn_count: o.turns ?? 4, tool_calls: 2, unaccounted_changes: 0,
    usage: model === "A" ? { prompt_tokens: 1000 * trial, completion_tokens: 100 } : null, latency_ms: model === "A" ? 2000 : null, error: null, stop: null,
    judge: o.judge === undefined ? null : { helpfulness: o.judge }, finished_at: "2026-11-24T00:00:00Z",
  };
}
const S1 = { c: ["low", "low", "low"] as [Level, Level, Level], goal: "answer" };
const S2 = { c: ["high", "high", "high"] as [Level, Level, Level], goal: "change", mis: true };
const S3 = { c: ["low", "moderate", "high"] as [Level, Level, Level], goal: "answer_and_change", ins: true };

// Model A: s1 scores 1 and 0.5, s2 0 and 0, s3 1 and 1 (scenario means 0.75, 0, 1; pass rates 0.5, 0, 1).
const A = [
  row("A", "s1", 1, 1, { ...S1, judge: 2, turns: 2 }), row("A", "s1", 2, 0.5, { ...S1, judge: 1, turns: 4 }),
  row("A", "s2", 1, 0, { ...S2, judge: 0, turns: 6 }), row("A", "s2", 2, 0, { ...S2, judge: 1, turns: 6 }),
  row("A", "s3", 1, 1, { ...S3, judge: 2, turns: 3 }), row("A", "s3", 2, 1, { ...S3, judge: 2, turns: 3 }),
];
// Model B: s1 1 and 1, s2 0.5 and 0.5, s3 1 and 1.
const B = [
  row("B", "s1", 1, 1, S1), row("B", "s1", 2, 1, S1), row("B", "s2", 1, 0.5, S2), row("B", "s2", 2, 0.5, S2),
  row("B", "s3", 1, 1, S3), row("B", "s3", 2, 1, S3),
];

test("Table 4 by hand: overall, tranches and the macro average of the tranche means", () => {
  const a = reportTables([...A, ...B]).models[0]!;
  assert.equal(a.model, "A");
  close(a.table4.overall.value, (0.75 + 0 + 1) / 3);
  close(a.table4.tranches.referential.low.value, (0.75 + 1) / 2); // s1 and s3
  assert.equal(a.table4.tranches.referential.moderate.value, null);
  close(a.table4.tranches.informational.high.value, (0 + 1) / 2); // s2 and s3
  // Tranche means present: ref .875, 0; fun .75, 1, 0; inf .75, .5.
  close(a.table4.macro.value, (0.875 + 0 + 0.75 + 1 + 0 + 0.75 + 0.5) / 7);
  assert.ok(a.table4.overall.lo! <= a.table4.overall.value! && a.table4.overall.value! <= a.table4.overall.hi!);
});

test("tokens and latency: means per episode, absent when no episode reports them", () => {
  const [a, b] = reportTables([...A, ...B]).models;
  assert.deepEqual(a!.cost, { prompt_tokens: 1500, completion_tokens: 100, latency_ms: 2000 });
  assert.deepEqual(b!.cost, { prompt_tokens: null, completion_tokens: null, latency_ms: null });
});

test("Table 5 by hand: turns, categories, task success split into questions and changes", () => {
  const a = reportTables(A).models[0]!;
  close(a.table5.turns.value, (3 + 6 + 3) / 3);
  close(a.table5.task_success.value, (0.5 + 0 + 1) / 3);
  close(a.table5.question_answering.value, (0.5 + 1) / 2); // answer and answer_and_change
  close(a.table5.entity_changes.value, (0 + 1) / 2); // change and answer_and_change
  close(a.table5.payload.value, (0 + 1) / 2); // s1 has no payload milestone
  close(a.table5.response.value, 1);
});

test("Table S3 by hand: each challenge against no challenge, with the change", () => {
  const a = reportTables(A).models[0]!;
  close(a.tableS3.no_challenge.value, 0.75);
  close(a.tableS3.misinformation.value, 0);
  close(a.tableS3.misinformation_change.value, -0.75);
  close(a.tableS3.insufficient_context.value, 1);
  close(a.tableS3.insufficient_context_change.value, 0.25);
});

test("pass^k / pass@k over scenarios, and the judge's rank agreement with the score", () => {
  const a = reportTables(A).models[0]!;
  assert.equal(a.pass_k.length, 2);
  close(a.pass_k[0]!.pass_hat.value, 0.5);
  close(a.pass_k[1]!.pass_hat.value, 1 / 3); // only s3 passes both
  close(a.pass_k[1]!.pass_at.value, 2 / 3); // s1 and s3 pass at least once
  // scores 1 .5 0 0 1 1 -> ranks 5 3 1.5 1.5 5 5; judge 2 1 0 1 2 2 -> 5 2.5 1 2.5 5 5: rho = 14.25 / 15
  const judge = a.judge.find((j) => j.dimension === "helpfulness")!;
  close(judge.spearman, 0.95);
  close(judge.mean.value, (1.5 + 0.5 + 2) / 3);
  assert.equal(reportTables(B).models[0]!.judge.length, 0);
});

test("paired comparison by hand: difference, sign test, disagreements", () => {
  const t = reportTables([...A, ...B]);
  assert.equal(t.comparisons.length, 1);
  const c = t.comparisons[0]!;
  assert.deepEqual([c.a, c.b, c.scenarios], ["A", "B", 3]);
  close(c.test.difference.value, (-0.25 - 0.5 + 0) / 3);
  assert.deepEqual([c.test.wins, c.test.losses, c.test.ties], [0, 2, 1]);
  close(c.test.sign_p, 0.5);
  // Only s1: A passes 1 of 2 trials (not most), B passes both.
  assert.deepEqual(c.disagreements.map((d) => d.scenario_id), ["s1"]);
});

test("table views carry the values they print, and a column per k and judge dimension", () => {
  const t = reportTables([...A, ...B]);
  const views = tableViews(t);
  const t4 = views.find((v) => v.id === "table4")!;
  assert.equal(t4.rows[0]![2]!.value, t.models[0]!.table4.overall.value);
  assert.match(t4.rows[0]![2]!.text, /^0\.583 \[\d\.\d{3}, \d\.\d{3}\]$/);
  assert.deepEqual(views.find((v) => v.id === "passk")!.header, ["model", "pass^1", "pass^2", "pass@2"]);
  assert.ok(views.some((v) => v.id === "judge"));
  assert.ok(views.some((v) => v.id === "comparisons"));
});

test("a model without finished episodes keeps its row, with empty estimates; comparisons with it are empty", () => {
  const t = reportTables(B, undefined, ["empty", "B"]);
  assert.deepEqual(t.models.map((m) => [m.model, m.episodes]), [["empty", 0], ["B", 6]]);
  assert.deepEqual(t.models[0]!.table4.overall, { value: null, lo: null, hi: null, n: 0 });
  assert.equal(t.models[0]!.pass_k.length, 0);
  assert.deepEqual([t.comparisons[0]!.scenarios, t.comparisons[0]!.test.difference.value, t.comparisons[0]!.test.sign_p], [0, null, null]);
});
