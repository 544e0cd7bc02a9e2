import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ScenarioCatalog } from "../scenarios/catalog.js";
import { checkScenarios, type ScenarioChecks } from "./checks.js";

// Runs the per-scenario checks over worker threads, one share of the scenarios each, so that
// validating grows with the data divided by the cores. Shares are dealt round-robin: scenarios of
// one protagonist, which cost alike, spread over all the threads.

/** The default thread count: one per core. */
export const defaultWorkers = () => availableParallelism();

export async function runChecks(catalog: ScenarioCatalog, dataDir: string, ids: readonly string[], workers = defaultWorkers()): Promise<ScenarioChecks> {
  // A thread loads the data folder itself (seconds): below four scenarios a share is not worth one.
  const n = Math.max(1, Math.min(workers, Math.ceil(ids.length / 4)));
  if (n === 1) return checkScenarios(catalog, dataDir, ids);
  const shares = Array.from({ length: n }, (_, k) => ids.filter((_, i) => i % n === k));
  const results = await Promise.all(shares.map((share) => new Promise<ScenarioChecks>((resolve, reject) => {
    const worker = new Worker(new URL("./check-worker.js", import.meta.url), { workerData: { dataDir, ids: share } });
    worker.once("message", (r: ScenarioChecks) => { resolve(r); void worker.terminate(); });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`a check thread exited (${code}) before it answered`)));
  })));
  // In the order of `ids`, as one thread would have given them.
  const rank = new Map(ids.map((id, i) => [id, i]));
  const by = <T>(key: (x: T) => string) => (a: T, b: T) => (rank.get(key(a)) ?? 0) - (rank.get(key(b)) ?? 0);
  const ofFile = new Map(ids.map((id) => [catalog.get(id)?.path, id]));
  return {
    faults: results.flatMap((r) => r.faults).sort(by((f) => ofFile.get(f.file) ?? "")),
    calibration: results.flatMap((r) => r.calibration).sort(by((o) => o.scenario)),
    degenerate: results.flatMap((r) => r.degenerate).sort(by((o) => o.scenario)),
    live: results.flatMap((r) => r.live).sort((a, b) => by<{ scenario: string }>((o) => o.scenario)(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  };
}
