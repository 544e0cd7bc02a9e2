import os from "node:os";
import zlib from "node:zlib";
import { Worker } from "node:worker_threads";
import { ScenarioCatalog } from "../scenarios/catalog.js";
import { episodeView, type ReplayCache } from "./episode-view.js";
import type { ReportRow } from "./tables.js";

// The viewer's data for every episode, gzipped and base64-encoded for embedding. Replaying the
// logs (and building each scenario's snapshot first) is most of a large report's time, so
// episodes are shared out over worker threads, all of one scenario's on the same thread so that
// its snapshot is built once.

export interface EpisodeJob {
  rows: ReportRow[];
  dirs: string[];
  dataDir: string;
  /** Replay each distinct log once (default); false replays every one (the benchmark's worst case). */
  reuse: boolean;
}

export function packEpisodes(job: EpisodeJob, catalog = ScenarioCatalog.load(job.dataDir).catalog): string[] {
  const cache: ReplayCache | undefined = job.reuse ? new Map() : undefined;
  return job.rows.map((row, i) => zlib.gzipSync(JSON.stringify(episodeView(job.dirs[i]!, row, catalog, cache))).toString("base64"));
}

export interface PoolOptions {
  threads: number;
  reuse: boolean;
  /** Below this many episodes one thread is faster than loading the catalog in several. */
  parallelFrom: number;
}

export const DEFAULT_POOL: PoolOptions = { threads: os.availableParallelism(), reuse: true, parallelFrom: 300 };

export async function episodePayloads(
  rows: readonly ReportRow[], dirs: readonly string[], dataDir: string,
  { threads, parallelFrom, reuse }: PoolOptions = DEFAULT_POOL,
): Promise<string[]> {
  if (threads < 2 || rows.length < parallelFrom) return packEpisodes({ rows: [...rows], dirs: [...dirs], dataDir, reuse });
  const byScenario = new Map<string, number[]>();
  rows.forEach((r, i) => byScenario.set(r.scenario_id, [...(byScenario.get(r.scenario_id) ?? []), i]));
  const shares: number[][] = Array.from({ length: threads }, () => []);
  for (const group of [...byScenario.values()].sort((a, b) => b.length - a.length)) {
    shares.reduce((small, s) => (s.length < small.length ? s : small)).push(...group);
  }
  const payloads = new Array<string>(rows.length);
  await Promise.all(shares.filter((s) => s.length > 0).map((share) => new Promise<void>((resolve, reject) => {
    const job: EpisodeJob = { rows: share.map((i) => rows[i]!), dirs: share.map((i) => dirs[i]!), dataDir, reuse };
    const worker = new Worker(new URL("./episode-worker.js", import.meta.url), { workerData: job });
    worker.once("message", (packed: string[]) => {
      share.forEach((i, k) => { payloads[i] = packed[k]!; });
      resolve();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => { if (code !== 0) reject(new Error(`episode worker exited with code ${code}`)); });
  })));
  return payloads;
}
