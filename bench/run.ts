import { DEFAULT_DATA_DIR } from "../scenarios/paths.js";
import { benchSandbox, type BenchResult } from "./sandbox.js";
import { benchMatcher } from "./matcher.js";
import { benchShippedScoring } from "./scoring.js";
import { benchReport } from "./report.js";
import { benchRunner } from "./runner.js";
import { benchServer } from "./server.js";
import { benchColdOpens, benchMcpBurst, benchWriteHeavy } from "./ops.js";

// `npm run bench`: every benchmark prints a ratio against a baseline measured in the same run
// (or, for the p99 budget, the ratio of the budget to the measured p99: >= 1 passes).
const dataDir = process.env.PIMBOX_DATA ?? DEFAULT_DATA_DIR;
// `npm run bench -- mcp-burst cold-opens` runs only the groups named (none named: all of them).
const GROUPS = ["sandbox", "server", "write-heavy", "mcp-burst", "cold-opens", "matcher", "scoring", "report", "runner"] as const;
const only = process.argv.slice(2);
const unknown = only.filter((g) => !(GROUPS as readonly string[]).includes(g));
if (unknown.length) throw new Error(`unknown bench group ${unknown.join(", ")}; the groups: ${GROUPS.join(", ")}`);
const runs = (group: (typeof GROUPS)[number]) => only.length === 0 || only.includes(group);
const results: BenchResult[] = [];
const print = (r: BenchResult) => process.stdout.write(
  `${r.pass ? "PASS" : "FAIL"}  ${r.name}\n      ratio ${r.ratio.toFixed(3)} (target ${r.target})  ${r.detail}\n`);
const add = (r: BenchResult) => { results.push(r); print(r); };

if (runs("sandbox")) for (const r of await benchSandbox(dataDir)) add(r);

if (runs("server")) {
  const server = await benchServer(dataDir);
  for (const r of server.results) add(r);
  for (const line of server.info) process.stdout.write(`INFO  ${line}\n`);
}
if (runs("write-heavy")) for (const r of await benchWriteHeavy(dataDir)) add(r);
if (runs("mcp-burst")) add(await benchMcpBurst(dataDir));
if (runs("cold-opens")) add(await benchColdOpens(dataDir));

// The synthetic scoring runs (200 rows per table, 10 milestones) are a stress test beyond the
// target, which is set on the shipped scenarios; they are printed for information.
if (runs("matcher")) for (const r of await benchMatcher()) {
  if (r.name.startsWith("matcher")) add({ ...r, target: ">= 50 (DP faster than DFS)", pass: r.ratio >= 50 });
  else process.stdout.write(`INFO  ${r.name} (stress test, no target)\n      ${r.detail}\n`);
}

const shipped = runs("scoring") ? benchShippedScoring(dataDir) : undefined;
if (shipped) add({
  name: "scoring: p99 per trajectory on the shipped scenarios (gold, negative and calibration)",
  ratio: 5 / shipped.p99,
  target: ">= 1 (5 ms budget / p99)",
  pass: shipped.p99 < 5,
  detail: `${shipped.trajectories} trajectories: p50 ${shipped.p50.toFixed(2)} ms, p99 ${shipped.p99.toFixed(2)} ms, max ${shipped.max.toFixed(2)} ms`,
});

if (runs("report")) for (const r of await benchReport(dataDir)) add(r);
if (runs("runner")) for (const r of await benchRunner(dataDir)) {
  if (r.target === "none") process.stdout.write(`INFO  ${r.name}\n      ratio ${r.ratio.toFixed(3)}  ${r.detail}\n`);
  else add(r);
}

process.exitCode = results.every((r) => r.pass) ? 0 : 1;
