import { DEFAULT_DATA_DIR } from "../scenarios/paths.js";
import { benchSandbox, type BenchResult } from "./sandbox.js";

// `npm run bench`: every benchmark prints a ratio against a baseline measured in the same run.
const dataDir = process.env.PIMBOX_DATA ?? DEFAULT_DATA_DIR;
const results: BenchResult[] = [];
const print = (r: BenchResult) => process.stdout.write(
  `${r.pass ? "PASS" : "FAIL"}  ${r.name.padEnd(58)} ${r.ratio.toFixed(3).padStart(9)}  (target ${r.target})  ${r.detail}\n`);

for (const r of await benchSandbox(dataDir)) { results.push(r); print(r); }
try {
  const matcher = await import("./matcher.js") as { benchMatcher?: () => Promise<BenchResult[]> };
  for (const r of (await matcher.benchMatcher?.()) ?? []) { results.push(r); print(r); }
} catch (e) {
  process.stdout.write(`matcher benchmark unavailable: ${(e as Error).message}\n`);
}
process.exitCode = results.every((r) => r.pass) ? 0 : 1;
