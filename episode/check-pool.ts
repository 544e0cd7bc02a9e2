import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ScenarioCatalog } from "../scenarios/catalog.js";
import { checkScenarios, orderChecks, type ScenarioChecks } from "./checks.js";

// Runs the per-scenario checks over worker threads, one share of the scenarios each, so that
// validating grows with the data divided by the cores. Shares are dealt round-robin: scenarios of
// one protagonist, which cost alike, spread over all the threads.

/** The default thread count: one per core, at most eight (each thread holds its own copy of the
 *  data, about 160 MB for the bundled set). */
export const defaultWorkers = () => Math.min(8, availableParallelism());

export async function runChecks(catalog: ScenarioCatalog, dataDir: string, ids: readonly string[], workers = defaultWorkers()): Promise<ScenarioChecks> {
  // A thread loads the data folder itself (seconds): below four scenarios a share is not worth one.
  const n = Math.max(1, Math.min(workers, Math.floor(ids.length / 4)));
  if (n === 1) return checkScenarios(catalog, dataDir, ids);
  const shares = Array.from({ length: n }, (_, k) => ids.filter((_, i) => i % n === k));
  const threads: Worker[] = [];
  const stopAll = () => { for (const t of threads) void t.terminate(); };
  const results = await Promise.all(shares.map((share) => new Promise<ScenarioChecks>((resolve, reject) => {
    const worker = new Worker(new URL("./check-worker.js", import.meta.url), { workerData: { dataDir, ids: share } });
    threads.push(worker);
    const named = `the thread checking ${share.slice(0, 3).join(", ")}${share.length > 3 ? ` and ${share.length - 3} more` : ""}`;
    let answered = false;
    worker.once("message", (r: ScenarioChecks) => { answered = true; resolve(r); void worker.terminate(); });
    worker.once("error", (e) => reject(new Error(`${named} failed: ${e.message}`)));
    worker.once("exit", (code) => { if (!answered) reject(new Error(`${named} exited (${code}) before it answered`)); });
  }))).catch((e: unknown) => { stopAll(); throw e; });
  return orderChecks(catalog, ids, {
    faults: results.flatMap((r) => r.faults),
    calibration: results.flatMap((r) => r.calibration),
    degenerate: results.flatMap((r) => r.degenerate),
    live: results.flatMap((r) => r.live),
  });
}
