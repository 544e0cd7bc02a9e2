import { parentPort, workerData } from "node:worker_threads";
import { ScenarioCatalog } from "../scenarios/catalog.js";
import { buildScenarioSnapshot } from "../db/snapshot.js";

// Builds scenario snapshots off the server's event loop (tens to hundreds of milliseconds each
// on first use) and sends them back: the image's memory moved, the rows copied. It keeps none.

export interface SnapshotJob { id: number; scenarioId: string }
export type SnapshotAnswer = { id: number; image: Uint8Array; rows: Readonly<Record<string, readonly Record<string, unknown>[]>> } | { id: number; failure: string };

const catalog = ScenarioCatalog.lazy((workerData as { dataDir: string }).dataDir);

parentPort!.on("message", (job: SnapshotJob) => {
  try {
    const scenario = catalog.get(job.scenarioId);
    if (!scenario) throw new Error(`no scenario "${job.scenarioId}"`);
    const built = buildScenarioSnapshot(scenario.protagonist, scenario.zone, scenario.file.reference_time, scenario.file.state_overrides);
    const image = new Uint8Array(built.image.length);
    image.set(built.image);
    parentPort!.postMessage({ id: job.id, image, rows: built.rows } satisfies SnapshotAnswer, [image.buffer]);
  } catch (e) {
    parentPort!.postMessage({ id: job.id, failure: (e as Error).message } satisfies SnapshotAnswer);
  }
});
