import { test } from "node:test";
import assert from "node:assert/strict";
import { ScenarioCatalog } from "../../scenarios/catalog.js";
import { DEFAULT_DATA_DIR } from "../../scenarios/paths.js";
import { duplicateQueries, summarize } from "../../episode/verify.js";
import { TOOL_NAMES } from "../../tools/registry.js";
import { calibrationFaults, summarizeCalibration } from "../../episode/calibration.js";
import { degenerateFaults, summarizeDegenerate } from "../../episode/degenerate.js";
import { LIVE_LIMITS, liveFaults, summarizeLive } from "../../episode/live-calibration.js";
import { runChecks } from "../../episode/check-pool.js";
import { checkScenarios } from "../../episode/checks.js";

// The bundled data set verifies itself: what `pimbox validate` checks, as a test. The replays run
// once, spread over worker threads as validate spreads them, and each test reads its part.
const { catalog, faults } = ScenarioCatalog.load(DEFAULT_DATA_DIR);
const ids = catalog.list().map((s) => s.id);
const checks = await runChecks(catalog, DEFAULT_DATA_DIR, ids, 2);
const where = (f: { file: string; pointer: string; message: string }) => `${f.file}#${f.pointer}: ${f.message}`;

test("every bundled protagonist and scenario loads without a fault", () => {
  assert.deepEqual(faults.map(where), []);
  assert.deepEqual(duplicateQueries(catalog).map(where), []);
});

test("every bundled scenario: gold scores 1, empty and refusing trajectories do not pass, negatives fire their minefields", () => {
  assert.deepEqual(checks.faults.map(where), []);
});

test("the bundled data set covers what the benchmark promises", () => {
  const s = summarize(catalog.list());
  assert.ok(catalog.protagonists.size >= 5, `${catalog.protagonists.size} protagonists`);
  const zones = new Set([...catalog.protagonists.values()].map((p) => p.timezone));
  assert.ok(zones.size >= 3, `${zones.size} time zones`);
  assert.deepEqual(TOOL_NAMES.filter((t) => !s.tools[t]), [], "tools no gold trajectory uses");
  const p = [...catalog.protagonists.values()];
  const total = (f: (x: (typeof p)[number]) => number) => p.reduce((n, x) => n + f(x), 0);
  assert.ok(total((x) => x.contacts.length) >= 69);
  assert.ok(total((x) => x.calendar_events.length) >= 115);
  assert.ok(total((x) => x.emails.length) >= 84);
  assert.ok(total((x) => x.sms.messages.length) >= 309);
  assert.ok(total((x) => x.whatsapp.messages.length) >= 30);
  assert.ok(total((x) => x.calls.length) >= 15);
  assert.ok(p.every((x) => x.story_events.length >= 20));
});

test("the bundled scenarios meet the data set's quotas", () => {
  const s = summarize(catalog.list());
  assert.ok(s.scenarios >= 300, `${s.scenarios} scenarios`);
  for (const [id, n] of Object.entries(s.protagonists)) assert.ok(n >= 50, `${id}: ${n} scenarios`);
  assert.ok(s.flags.misinformation >= 20, `${s.flags.misinformation} misinformation`);
  assert.ok(s.flags.insufficient_context >= 15, `${s.flags.insufficient_context} insufficient context`);
  assert.ok(s.flags.multi_turn >= 40, `${s.flags.multi_turn} multi-turn`);
  assert.ok(s.flags.answer > 0 && s.flags.change > 0);
  // Every complexity combination holding at least 1% of ASTRA-bench's Table S2.
  const common = ["moderate/moderate/low", "moderate/moderate/moderate", "low/moderate/moderate", "high/moderate/low",
    "low/moderate/low", "low/low/low", "moderate/low/low", "high/moderate/moderate", "low/low/moderate", "high/high/low",
    "high/high/moderate", "moderate/high/low", "high/high/high", "moderate/high/high", "moderate/moderate/high",
    "moderate/high/moderate", "moderate/low/moderate"];
  for (const combo of common) {
    const [i, r, f] = combo.split("/");
    assert.ok((s.tranches[`I:${i} R:${r} F:${f}`] ?? 0) > 0, `no scenario in tranche ${combo}`);
  }
});

test("the blind calibration suite agrees with the scoring within its limits", () => {
  const summary = summarizeCalibration(checks.calibration);
  assert.ok(summary.scenarios === catalog.list().length, `${summary.scenarios} scenarios have calibration trajectories`);
  assert.deepEqual(calibrationFaults(summary).map(where), [],
    summary.disagreements.map((d) => `${d.scenario} ${d.name}: expected ${d.expected}, scored ${d.score.toFixed(3)}`).join("\n"));
});

test("agents that do no real work pass nothing and score little", () => {
  const results = summarizeDegenerate(checks.degenerate, ids);
  assert.deepEqual(results.map((r) => r.agent), ["dump-everything", "dump-as-markdown", "always-refuse", "always-clarify", "do-nothing"]);
  assert.deepEqual(degenerateFaults(results).map(where), []);
});

test("live-agent trajectories, graded blind, agree with the scoring within the limits", () => {
  const summary = summarizeLive(checks.live);
  assert.ok(summary.trajectories >= 2 * catalog.list().length, `${summary.trajectories} graded live trajectories`);
  assert.ok(new Set(Object.keys(summary.by_style)).size === 5, Object.keys(summary.by_style).join(", "));
  assert.deepEqual(liveFaults(summary).map(where), [],
    `${LIVE_LIMITS.correctPassShare} / ${LIVE_LIMITS.wrongPassShare}: ` + summary.disagreements.map((d) => `${d.scenario} ${d.id} (${d.style}): graded ${d.verdict}, scored ${d.score.toFixed(3)}`).join("\n"));
});

test("checks spread over threads give what one thread gives, in the same order", async () => {
  // Two shares of four, dealt round-robin: every kind of result crosses a thread and merges back.
  const some = ids.filter((id) => id.startsWith("sofia-")).slice(0, 8);
  const pooled = await runChecks(catalog, DEFAULT_DATA_DIR, some, 2);
  assert.deepEqual(pooled, checkScenarios(catalog, DEFAULT_DATA_DIR, some));
  assert.ok(pooled.calibration.length > 0 && pooled.degenerate.length === 5 * some.length && pooled.live.length > 0);
});
