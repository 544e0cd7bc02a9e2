import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RunDirectory, readResults } from "../../run/run-files.js";
import type { RunResult } from "../../run/run-dir.js";

const result = (scenario_id: string, trial: number, score: number): RunResult => ({
  scenario_id, trial, protagonist: "p", complexity: { referential: "low", functional: "low", informational: "low" },
  challenges: { misinformation: false, insufficient_context: false }, turns: "single", goal_type: "answer",
  score, passed: score === 1, milestone_similarity: score, categories: { retrieval: null, payload: null, response: null },
  turn_count: 1, tool_calls: 0, unaccounted_changes: 0, usage: null, latency_ms: null, error: null, judge: null, stop: null,
  finished_at: "2026-11-24T00:00:00.000Z",
});

test("results.jsonl: a line torn by a kill is dropped and the next append starts a fresh line; the last line of a pair wins", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-run-files-"));
  const run = new RunDirectory(dir);
  run.appendResult(result("a", 1, 0));
  run.appendResult(result("a", 1, 1));
  fs.appendFileSync(path.join(dir, "results.jsonl"), JSON.stringify(result("b", 1, 1)).slice(0, 40));
  assert.deepEqual(readResults(dir).map((r) => [r.scenario_id, r.score]), [["a", 1]]);
  run.appendResult(result("b", 1, 1));
  assert.deepEqual(readResults(dir).map((r) => [r.scenario_id, r.score]), [["a", 1], ["b", 1]]);
});
