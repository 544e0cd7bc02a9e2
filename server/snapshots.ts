import { Worker } from "node:worker_threads";
import { availableParallelism } from "node:os";
import path from "node:path";
import type { Row, Snapshot } from "../episode/trajectory.js";
import type { Scenario } from "../scenarios/catalog.js";
import type { ScenarioSnapshot } from "../db/snapshot.js";
import { protagonistPathOf } from "../scenarios/snapshot-source.js";
import type { SnapshotAnswer, SnapshotJob } from "./snapshot-worker.js";

// A scenario's snapshot is built on its first use: its protagonist's data as of the reference
// time, loaded into SQLite and serialized, milliseconds each (tens on a protagonist's first).
// Built on the event loop, 64 concurrent first opens of different scenarios queued behind one
// another (a p99 of seconds). Here worker threads build them while the loop keeps serving: a
// snapshot an open waits for goes first, and the server may warm every other one in the
// background. Scenarios with the same protagonist, reference time and overrides share one
// snapshot (it is immutable), built once.

interface Job { file: string; resolve: (key: string | undefined) => void }

class Builder {
  private readonly worker: Worker;
  private pending: ((answer: SnapshotAnswer | undefined) => void) | undefined;

  constructor(onExit: () => void) {
    this.worker = new Worker(new URL("./snapshot-worker.js", import.meta.url));
    this.worker.on("message", (answer: SnapshotAnswer) => { const p = this.pending; this.pending = undefined; this.worker.unref(); p?.(answer); });
    const fail = () => { const p = this.pending; this.pending = undefined; p?.(undefined); onExit(); };
    this.worker.on("error", fail);
    this.worker.on("exit", fail);
    // An idle or warming thread never keeps the process alive; one building for someone who
    // waits does.
    this.worker.unref();
  }

  build(file: string, waitedFor: boolean): Promise<SnapshotAnswer | undefined> {
    return new Promise((resolve) => {
      this.pending = resolve;
      if (waitedFor) this.worker.ref();
      this.worker.postMessage({ id: 0, file } satisfies SnapshotJob);
    });
  }

  /** Someone now waits for the job in flight: the thread keeps the process alive until it answers. */
  waitedFor(): void {
    if (this.pending) this.worker.ref();
  }

  terminate(): Promise<number> { return this.worker.terminate(); }
}

/** One thread and the protagonists it builds for: a protagonist's first snapshot in a thread
 *  costs several later ones (its data parsed, its times converted, then remembered), and a
 *  thread answers a snapshot it already sent with its key alone, so every scenario of a
 *  protagonist goes to the same thread. */
interface Lane {
  builder: Builder | undefined;
  busy: boolean;
  /** The scenario file in flight. */
  current: string | undefined;
  /** Snapshots someone waits for, then the background warm-up's. */
  urgent: Job[];
  background: Job[];
}

export class Snapshots {
  // Two threads at most, and one fewer than the cores: the event loop keeps one to serve (with
  // two cores, a second builder made the warm-up slower, not faster).
  private readonly lanes: Lane[] = Array.from({ length: Math.max(1, Math.min(2, availableParallelism() - 1)) },
    () => ({ builder: undefined, busy: false, current: undefined, urgent: [], background: [] }));
  /** Protagonist file -> its lane, dealt in turn as protagonists appear. */
  private readonly laneOf = new Map<string, Lane>();
  /** By scenario file (resolved path): the job in flight, and the key of its snapshot once known. */
  private readonly building = new Map<string, Promise<string | undefined>>();
  private readonly keys = new Map<string, string>();
  /** Every snapshot built, by key, shared by the scenarios that have that key. */
  private readonly built = new Map<string, ScenarioSnapshot>();

  /** Resolves once the scenario's snapshot is built (at once when it is). If a thread cannot
   *  build it, it resolves all the same: the episode then builds it itself and reports why. */
  async ready(scenario: Scenario): Promise<void> {
    if (scenario.hasSnapshot) return;
    const file = path.resolve(scenario.path);
    // Waited for now: ahead of the warm-up.
    const lane = this.lane(file);
    const queued = lane.background.findIndex((j) => j.file === file);
    if (queued >= 0) lane.urgent.push(...lane.background.splice(queued, 1));
    if (lane.current === file) lane.builder?.waitedFor();
    const key = this.keys.get(file) ?? await this.enqueue(file, "urgent");
    const snapshot = key === undefined ? undefined : this.built.get(key);
    if (snapshot) scenario.adoptSnapshot(snapshot);
  }

  /** Builds the snapshots of these scenario files in the background (opens waiting for one go
   *  first); by file, so that it can start before the catalog is loaded. */
  warm(files: readonly string[]): void {
    for (const file of files) void this.enqueue(path.resolve(file), "background");
  }

  async close(): Promise<void> {
    for (const lane of this.lanes) {
      for (const job of [...lane.urgent.splice(0), ...lane.background.splice(0)]) job.resolve(undefined);
    }
    await Promise.all(this.lanes.map((lane) => lane.builder?.terminate()));
  }

  private lane(file: string): Lane {
    const protagonist = protagonistPathOf(file);
    let lane = this.laneOf.get(protagonist);
    if (!lane) {
      lane = this.lanes[this.laneOf.size % this.lanes.length]!;
      this.laneOf.set(protagonist, lane);
    }
    return lane;
  }

  private enqueue(file: string, queue: "urgent" | "background"): Promise<string | undefined> {
    const known = this.keys.get(file);
    if (known !== undefined) return Promise.resolve(known);
    let promise = this.building.get(file);
    if (!promise) {
      const lane = this.lane(file);
      promise = new Promise<string | undefined>((resolve) => lane[queue].push({ file, resolve }))
        .finally(() => this.building.delete(file));
      this.building.set(file, promise);
      this.pump(lane);
    }
    return promise;
  }

  private pump(lane: Lane): void {
    if (lane.busy) return;
    const waitedFor = lane.urgent.length > 0;
    const job = lane.urgent.shift() ?? lane.background.shift();
    if (!job) return;
    lane.builder ??= new Builder(() => { lane.builder = undefined; });
    lane.busy = true;
    lane.current = job.file;
    void lane.builder.build(job.file, waitedFor).then((answer) => {
      lane.busy = false;
      lane.current = undefined;
      job.resolve(this.receive(job.file, answer));
      this.pump(lane);
    });
  }

  /** Keeps what a thread sent; the key of the file's snapshot, or undefined when it has none. */
  private receive(file: string, answer: SnapshotAnswer | undefined): string | undefined {
    if (!answer || "failure" in answer) return undefined;
    if ("image" in answer && !this.built.has(answer.key)) this.built.set(answer.key, adopt(answer));
    if (!this.built.has(answer.key)) return undefined;
    this.keys.set(file, answer.key);
    return answer.key;
  }
}

function adopt(answer: Extract<SnapshotAnswer, { image: Uint8Array }>): ScenarioSnapshot {
  const rows: Record<string, readonly Row[]> = {};
  for (const [table, list] of Object.entries(answer.rows)) rows[table] = list.map((r) => Object.freeze(r) as Row);
  const image = Buffer.from(answer.image.buffer, answer.image.byteOffset, answer.image.byteLength);
  return Object.freeze({ image, rows: Object.freeze(rows) as Snapshot });
}
