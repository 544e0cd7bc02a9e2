import { parentPort } from "node:worker_threads";
import { buildScenarioSnapshot } from "../db/snapshot.js";
import { readSnapshotSource } from "../scenarios/snapshot-source.js";
import type { ProtagonistFile } from "../scenarios/protagonist-format.js";

// Builds scenario snapshots off the server's event loop (milliseconds each, tens on a
// protagonist's first) and sends them back: the image's memory moved, the rows copied. It keeps
// no snapshot, only which keys it has built: a scenario whose snapshot is the same as one it sent
// (same protagonist, reference time and overrides) is answered with the key alone.

export interface SnapshotJob { id: number; file: string }
export type SnapshotAnswer =
  | { id: number; key: string; image: Uint8Array; rows: Readonly<Record<string, readonly Record<string, unknown>[]>> }
  | { id: number; key: string; sameAs: true }
  | { id: number; failure: string };

const protagonists = new Map<string, ProtagonistFile>();
const sent = new Set<string>();

parentPort!.on("message", (job: SnapshotJob) => {
  try {
    const source = readSnapshotSource(job.file, protagonists);
    if (sent.has(source.key)) {
      parentPort!.postMessage({ id: job.id, key: source.key, sameAs: true } satisfies SnapshotAnswer);
      return;
    }
    const built = buildScenarioSnapshot(source.protagonist, source.protagonist.timezone, source.referenceTime, source.overrides);
    const image = new Uint8Array(built.image.length);
    image.set(built.image);
    sent.add(source.key);
    parentPort!.postMessage({ id: job.id, key: source.key, image, rows: built.rows } satisfies SnapshotAnswer, [image.buffer]);
  } catch (e) {
    parentPort!.postMessage({ id: job.id, failure: (e as Error).message } satisfies SnapshotAnswer);
  }
});
