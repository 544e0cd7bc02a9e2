import { ScenarioCatalog } from "../scenarios/catalog.js";
import { duplicateQueries, summarize, twinFaults, unreviewedDrafts, type Summary } from "../episode/verify.js";
import { COVERAGE_PLAN_FILE, coverageRows, readCoveragePlan, type CoverageRow } from "../scenarios/coverage.js";
import { TOOL_NAMES } from "../tools/registry.js";
import { DEGENERATE_MAX_MEAN, degenerateFaults, summarizeDegenerate, type DegenerateResult } from "../episode/degenerate.js";
import { LIMITS, calibrationFaults, summarizeCalibration, type CalibrationSummary } from "../episode/calibration.js";
import { defaultWorkers, runChecks } from "../episode/check-pool.js";
import type { Fault } from "../scenarios/json-schema.js";
import { LIVE_LIMITS, liveFaults, summarizeLive, type LiveSummary } from "../episode/live-calibration.js";
import { checkFolder, checkProtagonist } from "./catalog.js";
import { uncheckedConditionValues } from "../scenarios/condition-values.js";
import { UsageError } from "./usage.js";

export interface ValidateOptions { data: string; json?: boolean; protagonist?: string; requirePlan?: boolean; workers?: string }

/** `pimbox validate`: loads everything (schema, references, times), then replays each scenario's
 *  gold, empty, negative, calibration, degenerate and live trajectories, spread over worker
 *  threads. Exit 1 when anything fails. */
export async function validateCommand(opts: ValidateOptions): Promise<number> {
  checkFolder(opts.data);
  checkProtagonist(opts.data, opts.protagonist);
  const workers = opts.workers === undefined ? defaultWorkers() : Number(opts.workers);
  if (!Number.isInteger(workers) || workers < 1) throw new UsageError(`--workers must be a whole number of threads, 1 or more; got "${opts.workers}"`);
  const { catalog, faults: loadFaults } = ScenarioCatalog.load(opts.data);
  const faults: Fault[] = [...loadFaults, ...duplicateQueries(catalog), ...twinFaults(catalog), ...unreviewedDrafts(catalog)];
  const scenarios = catalog.list().filter((s) => !opts.protagonist || s.file.protagonist === opts.protagonist);
  const ids = scenarios.map((s) => s.id);
  const checks = await runChecks(catalog, opts.data, ids, workers);
  faults.push(...checks.faults);
  const summary = summarize(scenarios);
  const calibration = summarizeCalibration(checks.calibration);
  const degenerate = summarizeDegenerate(checks.degenerate, ids);
  // The plan is of the whole dataset: one protagonist's share of it is not measured against it.
  const { plan, faults: planFaults } = readCoveragePlan(opts.data);
  if (opts.requirePlan && opts.protagonist) throw new UsageError("--require-plan measures the whole data set; drop --protagonist");
  if (opts.requirePlan && !plan && planFaults.length === 0) planFaults.push({ file: `${opts.data}/${COVERAGE_PLAN_FILE}`, pointer: "/", message: "--require-plan: the data folder has no coverage plan" });
  const coverage = plan && !opts.protagonist
    ? coverageRows(plan, { scenarios: scenarios.map((s) => s.file), protagonists: [...catalog.protagonists.values()] })
    : undefined;
  const unmet = opts.requirePlan ? (coverage ?? []).filter((r) => !r.met).map((r) => ({
    file: `${opts.data}/${COVERAGE_PLAN_FILE}`, pointer: "/", message: `coverage target not met: ${r.item} ${show(r.achieved, r.unit)}, the plan asks at least ${show(r.target, r.unit)}`,
  })) : [];
  const live = summarizeLive(checks.live);
  const relevant = [
    ...degenerateFaults(degenerate),
    ...(opts.protagonist ? faults.filter((f) => f.file.includes(`/${opts.protagonist}/`)) : faults),
    ...calibrationFaults(calibration),
    ...liveFaults(live),
    ...planFaults,
    ...unmet,
  ];
  if (opts.json) {
    // verifyScenario already refused each of these; the list is for tools that read --json.
    const unchecked = scenarios.flatMap((s) => uncheckedConditionValues(s.file, s.protagonist).map((u) => ({ scenario: s.id, ...u })));
    process.stdout.write(JSON.stringify({ scenarios: scenarios.length, protagonists: catalog.protagonists.size, summary, calibration, live_calibration: live, coverage: coverage ?? null, degenerate_agents: degenerate, unchecked_condition_values: unchecked, failures: relevant }, null, 2) + "\n");
  } else {
    for (const f of relevant) process.stdout.write(`${f.file}#${f.pointer}: ${f.message}\n`);
    process.stdout.write(render(summary, catalog.protagonists.size));
    if (coverage) process.stdout.write(renderCoverage(coverage));
    process.stdout.write(renderCalibration(calibration));
    process.stdout.write(renderLive(live));
    process.stdout.write(renderDegenerate(degenerate));
    process.stdout.write(`${relevant.length === 0 ? "OK" : "FAILED"}: ${scenarios.length} scenario(s) checked, ${relevant.length} failure(s)\n`);
  }
  return relevant.length ? 1 : 0;
}

const show = (x: number, unit: CoverageRow["unit"]) => (unit === "share" ? `${(100 * x).toFixed(1)}%` : String(x));

function renderCoverage(rows: readonly CoverageRow[]): string {
  return [
    `coverage plan (${COVERAGE_PLAN_FILE}): ${rows.filter((r) => r.met).length} of ${rows.length} targets met`,
    `  ${"target".padEnd(48)} ${"plan".padStart(7)} ${"now".padStart(7)}`,
    ...rows.map((r) => `  ${r.item.padEnd(48)} ${show(r.target, r.unit).padStart(7)} ${show(r.achieved, r.unit).padStart(7)}${r.met ? "" : "  not met"}`),
  ].join("\n") + "\n";
}

function renderLive(l: LiveSummary): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  return [
    `live calibration: ${l.trajectories} trajectories of assistants acting live, graded blind; agreement ${pct(l.agreement)}`,
    `  graded PASS: ${l.correct.passed} of ${l.correct.total} pass (${pct(l.correct.share)}; at least ${pct(LIVE_LIMITS.correctPassShare)})`,
    `  graded FAIL: ${l.wrong.passed} of ${l.wrong.total} pass (${pct(l.wrong.share)}; at most ${pct(LIVE_LIMITS.wrongPassShare)})`,
    "  agreement by style:",
    ...Object.entries(l.by_style).map(([k, v]) => `    ${k.padEnd(10)} ${v.agree} of ${v.total}`),
    ...l.disagreements.map((d) => `  disagrees: ${d.scenario} ${d.id} (${d.style}, graded ${d.verdict}): score ${d.score.toFixed(3)}, ${d.passed ? "passed" : "not passed"}`),
  ].join("\n") + "\n";
}

function renderDegenerate(results: readonly DegenerateResult[]): string {
  return ["degenerate agents (no pass allowed, mean below " + DEGENERATE_MAX_MEAN + "):",
    ...results.map((r) => `  ${r.agent.padEnd(18)} mean ${r.mean.toFixed(3)}, passes ${r.passed.length} of ${r.scenarios}`)].join("\n") + "\n";
}

function renderCalibration(c: CalibrationSummary): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const lines = [
    `calibration: ${c.correct.total + c.wrong.total} blind trajectories over ${c.scenarios} scenario(s)`,
    `  correct: ${c.correct.total}, ${c.correct.missed} fail or score < ${LIMITS.correctMin} (${pct(c.correct.share)}; limit ${pct(LIMITS.correctMissShare)})`,
    `  wrong:   ${c.wrong.total}, ${c.wrong.passed} pass (limit 0), ${c.wrong.high} score > ${LIMITS.wrongMax} (${pct(c.wrong.share)}; limit ${pct(LIMITS.wrongHighShare)})`,
    "  misjudged by category:",
    ...Object.entries(c.by_category).sort((a, b) => b[1].total - a[1].total)
      .map(([k, v]) => `    ${k.padEnd(26)} ${String(v.misjudged).padStart(3)} of ${v.total}`),
  ];
  for (const d of c.disagreements) {
    lines.push(`  disagrees: ${d.scenario} ${d.name} (expected ${d.expected}${d.mistake ? `, ${d.mistake}` : ""}): score ${d.score.toFixed(3)}, ${d.passed ? "passed" : "not passed"}`);
  }
  return lines.join("\n") + "\n";
}

function render(s: Summary, protagonists: number): string {
  const lines = [`${protagonists} protagonist(s), ${s.scenarios} scenario(s)`];
  lines.push("per protagonist: " + Object.entries(s.protagonists).map(([k, v]) => `${k} ${v}`).join(", "));
  lines.push("per tranche (informational/referential/functional):");
  for (const [k, v] of Object.entries(s.tranches).sort((a, b) => b[1] - a[1])) lines.push(`  ${k.padEnd(36)} ${v}`);
  lines.push(`flags: misinformation ${s.flags.misinformation}, insufficient context ${s.flags.insufficient_context}, multi-turn ${s.flags.multi_turn}, answer ${s.flags.answer}, change ${s.flags.change}`);
  const unused = TOOL_NAMES.filter((t) => !s.tools[t]);
  lines.push(`tools used by gold trajectories: ${Object.keys(s.tools).length}/27${unused.length ? ` (unused: ${unused.join(", ")})` : ""}`);
  for (const t of TOOL_NAMES) if (s.tools[t]) lines.push(`  ${t.padEnd(40)} ${s.tools[t]} scenario(s)`);
  return lines.join("\n") + "\n";
}
