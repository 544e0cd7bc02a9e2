import { Worker } from "node:worker_threads";
import type { Row, Snapshot } from "../episode/trajectory.js";
import type { Scenario } from "../scenarios/catalog.js";
import type { SnapshotAnswer, SnapshotJob } from "./snapshot-worker.js";

// A scenario's snapshot is built on its first use: its protagonist's data as of the reference
// time, loaded into SQLite and serialized, tens to hundreds of milliseconds. Built on the event
// loop, 64 concurrent first opens of different scenarios queued behind one another (a p99 of
// seconds). Here a worker thread builds them, one at a time, while the loop keeps serving; the
// server can also warm every scenario in the background after it starts listening.

export class Snapshots {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, (answer: SnapshotAnswer | undefined) => void>();
  private readonly building = new Map<string, Promise<void>>();

  constructor(private readonly dataDir: string) {}

  /** Resolves once the scenario's snapshot is built (at once when it is). If the thread cannot
   *  build it, it resolves all the same: the episode then builds it itself and reports why. */
  ready(scenario: Scenario): Promise<void> {
    if (scenario.hasSnapshot) return Promise.resolve();
    let promise = this.building.get(scenario.id);
    if (!promise) {
      promise = this.build(scenario).finally(() => this.building.delete(scenario.id));
      this.building.set(scenario.id, promise);
    }
    return promise;
  }

  /** Builds every snapshot not built yet, one after another, in the background. */
  async warm(scenarios: readonly Scenario[]): Promise<void> {
    for (const s of scenarios) await this.ready(s);
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private async build(scenario: Scenario): Promise<void> {
    const answer = await new Promise<SnapshotAnswer | undefined>((resolve) => {
      const id = ++this.nextId;
      this.pending.set(id, resolve);
      this.thread().postMessage({ id, scenarioId: scenario.id } satisfies SnapshotJob);
    });
    if (!answer || "failure" in answer || scenario.hasSnapshot) return;
    const rows: Record<string, readonly Row[]> = {};
    for (const [table, list] of Object.entries(answer.rows)) rows[table] = list.map((r) => Object.freeze(r) as Row);
    const image = Buffer.from(answer.image.buffer, answer.image.byteOffset, answer.image.byteLength);
    scenario.adoptSnapshot(Object.freeze({ image, rows: Object.freeze(rows) as Snapshot }));
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { workerData: { dataDir: this.dataDir } });
    worker.on("message", (answer: SnapshotAnswer) => {
      const resolve = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      resolve?.(answer);
    });
    const fail = () => {
      if (this.worker === worker) this.worker = undefined;
      for (const resolve of this.pending.values()) resolve(undefined);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", fail);
    // An idle thread never keeps the process alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
