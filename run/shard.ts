import fs from "node:fs";
import path from "node:path";
import { readManifest, readResults, RunDirError, writeAtomic } from "./run-files.js";
import { configDifference } from "./config.js";
import type { RunManifest } from "./run-dir.js";

export interface Shard { index: number; count: number }

/** "I/N", 1-based. */
export function parseShard(text: string): Shard | null {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return null;
  const shard = { index: Number(m[1]), count: Number(m[2]) };
  return shard.index >= 1 && shard.count >= 1 && shard.index <= shard.count ? shard : null;
}

/** Shard I of N takes every N-th scenario of the id-ordered list, starting at the I-th: the
 *  shares are disjoint, cover everything, and differ in size by at most one. All trials of a
 *  scenario stay in one shard, so pass^k needs no merging across machines. */
export function shareOf<T>(items: readonly T[], shard: Shard | null): T[] {
  return shard ? items.filter((_, i) => i % shard.count === shard.index - 1) : [...items];
}

/** Combines N shard directories of one run into one run directory: the manifest without a
 *  shard and with every scenario, the results, and every trajectory, score and judge file. */
export function combineRuns(shardDirs: readonly string[], out: string): RunManifest {
  if (!shardDirs.length) throw new RunDirError("name the shard directories to combine");
  const manifests = shardDirs.map((d) => readManifest(d));
  const first = manifests[0]!;
  for (const [i, m] of manifests.entries()) {
    const differs = configDifference({ ...first.config, shard: null }, { ...m.config, shard: null });
    if (differs) throw new RunDirError(`${shardDirs[i]} is another run than ${shardDirs[0]}: "${differs}" differs`);
    if (m.data_hash !== first.data_hash) throw new RunDirError(`${shardDirs[i]} was run on other scenario data than ${shardDirs[0]}`);
  }
  const counts = new Set(manifests.map((m) => m.shard?.count ?? 1));
  const indices = new Set(manifests.map((m) => m.shard?.index ?? 1));
  if (counts.size !== 1 || indices.size !== manifests.length) throw new RunDirError("the directories must be distinct shards of one run (same N, different I)");
  const n = [...counts][0]!;
  if (manifests.length !== n) process.stderr.write(`pimbox: combining ${manifests.length} of ${n} shards; missing: ${[...Array(n).keys()].map((i) => i + 1).filter((i) => !indices.has(i)).join(", ")}\n`);
  fs.mkdirSync(out, { recursive: true });
  if (fs.existsSync(path.join(out, "results.jsonl"))) throw new RunDirError(`${out} already holds results; combine into an empty directory`);
  const scenarioIds = [...new Set(manifests.flatMap((m) => m.scenario_ids))].sort();
  const manifest: RunManifest = { ...first, shard: null, scenario_ids: scenarioIds, config: { ...first.config, shard: null } };
  for (const dir of shardDirs) {
    for (const sub of ["trajectories", "scores", "judge"]) {
      const from = path.join(dir, sub);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(out, sub), { recursive: true });
    }
  }
  const results = shardDirs.flatMap((d) => readResults(d))
    .sort((a, b) => (a.scenario_id === b.scenario_id ? a.trial - b.trial : a.scenario_id < b.scenario_id ? -1 : 1));
  writeAtomic(path.join(out, "results.jsonl"), results.map((r) => JSON.stringify(r) + "\n").join(""));
  writeAtomic(path.join(out, "run.json"), JSON.stringify(manifest, null, 2) + "\n");
  return manifest;
}
