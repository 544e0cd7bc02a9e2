import { Worker } from "node:worker_threads";
import { availableParallelism } from "node:os";
import type { Row, Snapshot } from "../episode/trajectory.js";
import type { Scenario } from "../scenarios/catalog.js";
import type { SnapshotAnswer, SnapshotJob } from "./snapshot-worker.js";

// A scenario's snapshot is built on its first use: its protagonist's data as of the reference
// time, loaded into SQLite and serialized, tens to hundreds of milliseconds. Built on the event
// loop, 64 concurrent first opens of different scenarios queued behind one another (a p99 of
// seconds). Here worker threads build them while the loop keeps serving: a snapshot an open waits
// for goes first, and the server may warm every other one in the background.

type Built = Extract<SnapshotAnswer, { image: Uint8Array }>;
interface Job { id: string; resolve: (answer: Built | undefined) => void }

class Builder {
  busy = false;
  private readonly worker: Worker;
  private pending: ((answer: SnapshotAnswer | undefined) => void) | undefined;

  constructor(dataDir: string, onExit: (b: Builder) => void) {
    this.worker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { workerData: { dataDir } });
    this.worker.on("message", (answer: SnapshotAnswer) => { const p = this.pending; this.pending = undefined; p?.(answer); });
    const fail = () => { const p = this.pending; this.pending = undefined; p?.(undefined); onExit(this); };
    this.worker.on("error", fail);
    this.worker.on("exit", fail);
    // An idle thread never keeps the process alive.
    this.worker.unref();
  }

  build(scenarioId: string): Promise<SnapshotAnswer | undefined> {
    return new Promise((resolve) => {
      this.pending = resolve;
      this.worker.postMessage({ id: 0, scenarioId } satisfies SnapshotJob);
    });
  }

  terminate(): Promise<number> { return this.worker.terminate(); }
}

export class Snapshots {
  private readonly builders: Builder[] = [];
  private readonly size = Math.max(1, Math.min(2, availableParallelism()));
  /** Snapshots someone waits for, then the background warm-up's. */
  private readonly urgent: Job[] = [];
  private readonly background: Job[] = [];
  private readonly building = new Map<string, Promise<Built | undefined>>();
  /** Built ahead, by scenario id, for Scenario objects that may not exist yet. */
  private readonly prebuilt = new Map<string, Built>();

  constructor(private readonly dataDir: string) {}

  /** Resolves once the scenario's snapshot is built (at once when it is). If a thread cannot
   *  build it, it resolves all the same: the episode then builds it itself and reports why. */
  async ready(scenario: Scenario): Promise<void> {
    if (scenario.hasSnapshot) return;
    // Waited for now: ahead of the warm-up.
    const queued = this.background.findIndex((j) => j.id === scenario.id);
    if (queued >= 0) this.urgent.push(...this.background.splice(queued, 1));
    const built = this.prebuilt.get(scenario.id) ?? await this.enqueue(scenario.id, this.urgent);
    this.prebuilt.delete(scenario.id);
    if (built) adopt(scenario, built);
  }

  /** Builds these scenarios' snapshots in the background (opens waiting for one go first); by
   *  id, so that it can start before the catalog is loaded. */
  warm(ids: readonly string[]): void {
    for (const id of ids) {
      void this.enqueue(id, this.background).then((built) => {
        if (built && !this.building.has(id)) this.prebuilt.set(id, built);
      });
    }
  }

  async close(): Promise<void> {
    for (const job of [...this.urgent.splice(0), ...this.background.splice(0)]) job.resolve(undefined);
    await Promise.all(this.builders.splice(0).map((b) => b.terminate()));
  }

  private enqueue(id: string, queue: Job[]): Promise<Built | undefined> {
    let promise = this.building.get(id);
    if (!promise) {
      promise = new Promise<Built | undefined>((resolve) => queue.push({ id, resolve })).finally(() => this.building.delete(id));
      this.building.set(id, promise);
      this.pump();
    }
    return promise;
  }

  private pump(): void {
    while (this.urgent.length + this.background.length > 0) {
      let builder = this.builders.find((b) => !b.busy);
      if (!builder && this.builders.length < this.size) {
        builder = new Builder(this.dataDir, (dead) => { const i = this.builders.indexOf(dead); if (i >= 0) this.builders.splice(i, 1); });
        this.builders.push(builder);
      }
      if (!builder) return;
      const job = (this.urgent.shift() ?? this.background.shift())!;
      builder.busy = true;
      const b = builder;
      void b.build(job.id).then((answer) => {
        b.busy = false;
        job.resolve(answer && !("failure" in answer) ? answer : undefined);
        this.pump();
      });
    }
  }
}

function adopt(scenario: Scenario, answer: Built): void {
  if (scenario.hasSnapshot) return;
  const rows: Record<string, readonly Row[]> = {};
  for (const [table, list] of Object.entries(answer.rows)) rows[table] = list.map((r) => Object.freeze(r) as Row);
  const image = Buffer.from(answer.image.buffer, answer.image.byteOffset, answer.image.byteLength);
  scenario.adoptSnapshot(Object.freeze({ image, rows: Object.freeze(rows) as Snapshot }));
}
