import { parentPort } from "node:worker_threads";
import { buildScenarioSnapshot } from "../db/snapshot.js";
import { readSnapshotSource } from "../scenarios/snapshot-source.js";
import type { ProtagonistFile } from "../scenarios/protagonist-format.js";

// Builds scenario snapshots off the server's event loop (milliseconds each, tens on a
// protagonist's first) and sends them back: the image's memory moved, the rows copied. It keeps
// no snapshot, only which keys it has built: a scenario whose snapshot is the same as one it sent
// (same protagonist, reference time and overrides) is answered with the key alone.
//
// Jobs queue here, not on the event loop, which may be busy for seconds (loading the catalog
// while the warm-up runs): the thread works through its queue on its own, one job per turn of
// its loop, so a job someone waits for (sent urgent, or hurried) goes next.

export type SnapshotJob = { id: number; file: string; urgent: boolean } | { hurry: string };
export type SnapshotAnswer =
  | { id: number; key: string; image: Uint8Array; rows: Readonly<Record<string, readonly Record<string, unknown>[]>> }
  | { id: number; key: string; sameAs: true }
  | { id: number; failure: string };

type Job = Extract<SnapshotJob, { id: number }>;

const protagonists = new Map<string, ProtagonistFile>();
const sent = new Set<string>();
const queue: Job[] = [];
let scheduled = false;

/** Urgent jobs first, in the order they came. */
function enqueue(job: Job): void {
  const firstCalm = queue.findIndex((j) => !j.urgent);
  if (job.urgent && firstCalm >= 0) queue.splice(firstCalm, 0, job);
  else queue.push(job);
}

function schedule(): void {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    build(queue.shift()!);
    schedule();
  });
}

parentPort!.on("message", (job: SnapshotJob) => {
  if ("hurry" in job) {
    const i = queue.findIndex((j) => j.file === job.hurry && !j.urgent);
    if (i >= 0) enqueue({ ...queue.splice(i, 1)[0]!, urgent: true });
  } else {
    enqueue(job);
  }
  schedule();
});

function build(job: Job): void {
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
}
