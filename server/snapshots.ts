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

class Builder {
  private readonly worker: Worker;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (answer: SnapshotAnswer | undefined) => void; file: string; urgent: boolean }>();
  private urgent = 0;

  constructor(onExit: () => void) {
    this.worker = new Worker(new URL("./snapshot-worker.js", import.meta.url));
    this.worker.on("message", (answer: SnapshotAnswer) => {
      const job = this.pending.get(answer.id);
      if (!job) return;
      this.pending.delete(answer.id);
      if (job.urgent && --this.urgent === 0) this.worker.unref();
      job.resolve(answer);
    });
    const fail = () => {
      for (const job of this.pending.values()) job.resolve(undefined);
      this.pending.clear();
      onExit();
    };
    this.worker.on("error", fail);
    this.worker.on("exit", fail);
    // An idle or warming thread never keeps the process alive; one building for someone who
    // waits does.
    this.worker.unref();
  }

  /** Queues the job in the thread (a warm-up job behind the others, an urgent one ahead). */
  build(file: string, urgent: boolean): Promise<SnapshotAnswer | undefined> {
    return new Promise((resolve) => {
      const id = ++this.nextId;
      this.pending.set(id, { resolve, file, urgent });
      if (urgent && this.urgent++ === 0) this.worker.ref();
      this.worker.postMessage({ id, file, urgent } satisfies SnapshotJob);
    });
  }

  /** Someone now waits for this file: ahead of the warm-up, and the thread keeps the process alive. */
  hurry(file: string): void {
    for (const job of this.pending.values()) {
      if (job.file !== file || job.urgent) continue;
      job.urgent = true;
      if (this.urgent++ === 0) this.worker.ref();
      this.worker.postMessage({ hurry: file } satisfies SnapshotJob);
    }
  }

  terminate(): Promise<number> { return this.worker.terminate(); }
}

export class Snapshots {
  // Two threads at most, and one fewer than the cores: the event loop keeps one to serve (with
  // two cores, a second builder made the warm-up slower, not faster). Every scenario of a
  // protagonist goes to the same thread: its first snapshot there costs several later ones (its
  // data parsed, its times converted, then remembered), and a thread answers a snapshot it
  // already sent with its key alone.
  private readonly builders: (Builder | undefined)[] = new Array(Math.max(1, Math.min(2, availableParallelism() - 1))).fill(undefined);
  /** Protagonist file -> its thread's index, dealt in turn as protagonists appear. */
  private readonly laneOf = new Map<string, number>();
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
    const key = this.keys.get(file) ?? await this.enqueue(file, true);
    const snapshot = key === undefined ? undefined : this.built.get(key);
    if (snapshot) scenario.adoptSnapshot(snapshot);
  }

  /** Builds the snapshots of these scenario files in the background (opens waiting for one go
   *  first); by file, so that it can start before the catalog is loaded. */
  warm(files: readonly string[]): void {
    for (const file of files) {
      const resolved = path.resolve(file);
      this.warming.add(resolved);
      void this.enqueue(resolved, false).finally(() => this.warming.delete(resolved));
    }
  }

  /** Scenario files whose snapshot the warm-up has not built yet: an open of one waits for it. */
  get pending(): number {
    return this.warming.size;
  }

  private readonly warming = new Set<string>();

  async close(): Promise<void> {
    await Promise.all(this.builders.splice(0).map((b) => b?.terminate()));
  }

  private builder(file: string): Builder {
    const protagonist = protagonistPathOf(file);
    let lane = this.laneOf.get(protagonist);
    if (lane === undefined) {
      lane = this.laneOf.size % this.builders.length;
      this.laneOf.set(protagonist, lane);
    }
    const at = lane;
    return this.builders[at] ??= new Builder(() => { this.builders[at] = undefined; });
  }

  private enqueue(file: string, urgent: boolean): Promise<string | undefined> {
    const known = this.keys.get(file);
    if (known !== undefined) return Promise.resolve(known);
    const builder = this.builder(file);
    let promise = this.building.get(file);
    if (promise) {
      if (urgent) builder.hurry(file);
      return promise;
    }
    promise = builder.build(file, urgent).then((answer) => this.receive(file, answer)).finally(() => this.building.delete(file));
    this.building.set(file, promise);
    return promise;
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
