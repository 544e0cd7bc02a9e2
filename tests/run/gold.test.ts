import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ScenarioCatalog } from "../../scenarios/catalog.js";
import { DEFAULT_DATA_DIR } from "../../scenarios/paths.js";
import { runConfig } from "../../run/config.js";
import { runBenchmark } from "../../run/runner.js";
import { readResults } from "../../run/run-files.js";
import { combineRuns } from "../../run/shard.js";

// In one process, so that the shipped scenarios' snapshots are built once for every run here.
const { catalog } = ScenarioCatalog.load(DEFAULT_DATA_DIR);
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-gold-"));
const quiet = Object.assign(fs.createWriteStream(os.devNull), { isTTY: false }) as unknown as NodeJS.WriteStream;

function gold(out: string, config: Record<string, unknown> = {}) {
  return runBenchmark({
    config: runConfig.parse({ agent: "gold", concurrency: 4, ...config }), catalog, dataDir: DEFAULT_DATA_DIR, out,
    token: null, apiKey: null, systemPrompt: null, progress: quiet,
  });
}

test("the gold agent scores 1 on every shipped scenario, via HTTP and via MCP", async () => {
  const base = tmp();
  for (const via of ["http", "mcp"]) {
    const outcome = await gold(path.join(base, via), { via });
    const failed = outcome.results.filter((r) => !r.passed).map((r) => `${r.scenario_id}: ${r.score} ${r.error ?? ""}`);
    assert.deepEqual(failed, [], via);
    assert.equal(outcome.summary.episodes, catalog.list().length, via);
    assert.equal(outcome.summary.episodes, 310, via);
  }
});

test("three shards combined equal one unsharded run", async () => {
  const base = tmp();
  const filters = { protagonist: ["lucia-fernandez"], limit: 10 };
  await gold(path.join(base, "whole"), { filters });
  const shards = [1, 2, 3].map((i) => path.join(base, `shard-${i}`));
  for (const [i, dir] of shards.entries()) await gold(dir, { filters, shard: { index: i + 1, count: 3 } });
  const manifest = combineRuns(shards, path.join(base, "combined"));
  const strip = (dir: string) => readResults(dir).map(({ finished_at: _f, latency_ms: _l, ...r }) => r)
    .sort((a, b) => a.scenario_id.localeCompare(b.scenario_id));
  assert.deepEqual(strip(path.join(base, "combined")), strip(path.join(base, "whole")));
  assert.deepEqual(shards.map((d) => readResults(d).length), [4, 3, 3]);
  assert.equal(manifest.shard, null);
  assert.equal(manifest.scenario_ids.length, 10);
  for (const id of manifest.scenario_ids) assert.ok(fs.existsSync(path.join(base, "combined", "trajectories", id, "trial-1.jsonl")), id);
  // A shard of another run is refused.
  await gold(path.join(base, "other"), { filters, shard: { index: 1, count: 3 }, tick_seconds: 7 });
  assert.throws(() => combineRuns([shards[1]!, path.join(base, "other")], path.join(base, "bad")), /"tick_seconds" differs/);
});
