import { parentPort, workerData } from "node:worker_threads";
import { ScenarioCatalog } from "../scenarios/catalog.js";
import { checkScenarios } from "./checks.js";

// A worker thread of check-pool.ts: loads the data folder itself (scenarios are not cloned across
// threads) and checks its share of the scenarios.

const { dataDir, ids } = workerData as { dataDir: string; ids: string[] };
const { catalog } = ScenarioCatalog.load(dataDir);
parentPort!.postMessage(checkScenarios(catalog, dataDir, ids));
