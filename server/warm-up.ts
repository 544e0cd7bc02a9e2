import type { ScenarioCatalog } from "../scenarios/catalog.js";
import { scenarioFilesIn } from "../scenarios/catalog.js";
import { prepareScenario } from "../episode/episode.js";
import { Snapshots } from "./snapshots.js";

/** A server's start, as `pimbox serve` and the benchmarks' server both make it: every scenario's
 *  snapshot is built in worker threads from the first moment, while `load` reads the catalog on
 *  this thread; then what every episode of a scenario shares (its reference instant, its system
 *  prompt) is computed, so that neither is left to a first open. */
export function warmStart(dataDir: string, load: (dataDir: string) => ScenarioCatalog, warm = true): { catalog: ScenarioCatalog; snapshots: Snapshots } {
  const snapshots = new Snapshots();
  if (warm) snapshots.warm(scenarioFilesIn(dataDir));
  const catalog = load(dataDir);
  if (warm) for (const scenario of catalog.list()) prepareScenario(scenario);
  return { catalog, snapshots };
}
