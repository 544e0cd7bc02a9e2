import { before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CLI, fixtureCatalog } from "../helpers.js";
import { ScenarioCatalog } from "../../scenarios/catalog.js";
import { DEFAULT_DATA_DIR } from "../../scenarios/paths.js";
import { loadRuns } from "../../report/load.js";
import { episodeView } from "../../report/episode-view.js";
import { episodePayloads } from "../../report/episode-pool.js";
import { FIXTURE_SCENARIOS, writeFixtureRuns } from "./run-fixture.js";

// The real CLI on run directories made by playing gold and degraded scripts of shipped scenarios.

let root: string;
let runs: { gold: string; shards: [string, string] };
let catalog: ScenarioCatalog;

before(() => {
  catalog = ScenarioCatalog.load(DEFAULT_DATA_DIR).catalog;
  root = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-report-"));
  runs = writeFixtureRuns(root, catalog);
});

const pimbox = (args: string[]) => spawnSync(process.execPath, [CLI, "report", ...args], { encoding: "utf8" });

test("Markdown on stdout: the paper's tables per model, shards combined, the comparison and disagreements", () => {
  const r = pimbox([runs.gold, ...runs.shards]);
  assert.equal(r.status, 0, r.stderr);
  for (const title of ["Score by complexity tranche (Table 4)", "Turns, milestones and success (Table 5)", "Challenges (Table S3)",
    "pass^k and pass@k", "LLM judge", "Model against model", "Where gold and sloppy disagree"]) {
    assert.ok(r.stdout.includes(`### ${title}`), title);
  }
  assert.match(r.stdout, /\| gold \| 8 \| 24 \| 0 \| 0 \| – \| – \| – \|/);
  const sloppyRuns = /\| sloppy \| 8 \| 24 \| 0 \| (\d+) \|/.exec(r.stdout); // two shards, one model
  assert.ok(sloppyRuns && Number(sloppyRuns[1]) >= 1, "the stray contact is an unaccounted change");
  assert.match(r.stdout, /\| gold \| 1\.000 \[1\.000, 1\.000\] \| 1\.000 \[1\.000, 1\.000\] \|/);
});

test("--json: the numbers; gold beats sloppy on every scenario; pass^k falls with k", () => {
  const r = pimbox([runs.gold, ...runs.shards, "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.deepEqual(j.runs.map((x: { label: string; dirs: string[] }) => [x.label, x.dirs.length]), [["gold", 1], ["sloppy", 2]]);
  const [gold, sloppy] = j.models;
  assert.equal(gold.table4.overall.value, 1);
  assert.equal(sloppy.scenarios, FIXTURE_SCENARIOS.length);
  assert.ok(sloppy.table4.overall.value < 1);
  const hats = sloppy.pass_k.map((p: { pass_hat: { value: number } }) => p.pass_hat.value);
  assert.ok(hats[0] > hats[1] && hats[1] >= hats[2], String(hats));
  const c = j.comparisons[0];
  assert.deepEqual([c.a, c.b, c.test.wins, c.test.losses], ["gold", "sloppy", FIXTURE_SCENARIOS.length, 0]);
  assert.ok(c.test.difference.lo > 0);
  assert.ok(c.disagreements.length > 0);
});

test("errors name the directory, file and line; usage errors exit 2", () => {
  const none = pimbox([path.join(root, "nope")]);
  assert.equal(none.status, 1);
  assert.match(none.stderr, /nope is not a run directory: it has no run\.json/);
  assert.doesNotMatch(none.stderr, /at .*\.js/);

  const copy = path.join(root, "gold-copy");
  fs.cpSync(runs.gold, copy, { recursive: true });
  const dup = pimbox([runs.gold, copy]);
  assert.equal(dup.status, 1);
  assert.match(dup.stderr, /both hold .* trial 1 of "gold"/);

  const broken = path.join(root, "broken");
  fs.cpSync(runs.gold, broken, { recursive: true });
  const results = path.join(broken, "results.jsonl");
  const lines = fs.readFileSync(results, "utf8").split("\n");
  fs.writeFileSync(results, [lines[0], '{"scenario_id": "x"}', ...lines.slice(1)].join("\n"));
  const bad = pimbox([broken]);
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /broken\/results\.jsonl:2: not a result line: trial/);

  fs.writeFileSync(results, lines.join("\n").trimEnd() + '\n{"scenario_id": "amara-01');
  const partial = pimbox([broken]);
  assert.equal(partial.status, 0, partial.stderr);
  assert.match(partial.stderr, /warning: .*results\.jsonl:\d+: a partial last line/);

  assert.equal(pimbox([]).status, 2);
  const help = pimbox(["--help"]);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /Usage: pimbox report \[options\] <run_dir\.\.\.>/);
  assert.equal(pimbox([runs.gold, "--resamples", "many"]).status, 2);
  assert.equal(pimbox([runs.gold, runs.gold]).status, 0); // the same directory twice is read once
});

test("episode view: each write's database change from the replay, matched milestones, unaccounted changes", () => {
  const loaded = loadRuns([runs.gold, ...runs.shards]);
  const at = (model: string, scenario: string, trial: number) => {
    const i = loaded.rows.findIndex((r) => r.model === model && r.scenario_id === scenario && r.trial === trial);
    return episodeView(loaded.dirs[i]!, loaded.rows[i]!, catalog);
  };
  const v = at("gold", "amara-026", 1);
  assert.deepEqual(v.notes, []);
  const send = v.steps.find((s) => s.tool === "send_message")!;
  assert.equal(send.changes?.length, 1);
  assert.equal(send.changes![0]!.table, "sms_messages");
  assert.equal(send.changes![0]!.added.length, 1);
  assert.ok(v.steps.filter((s) => s.kind === "tool" && !s.write).every((s) => s.changes === undefined));
  const texted = v.nodes.find((n) => n.id === "texted")!;
  assert.deepEqual([texted.hit, texted.step, texted.similarity], [true, send.index, 1]);
  assert.deepEqual(v.unaccounted, []);

  const sloppy = at("sloppy", FIXTURE_SCENARIOS[0]!, 3);
  assert.deepEqual(sloppy.unaccounted?.map((u) => [u.table, u.change]), [["contacts", "added"]]);
  assert.ok(sloppy.nodes.some((n) => n.dag === "milestone" && !n.hit));
});

test("episodes packed on worker threads, replaying each distinct log once, are the ones packed here, in row order", async () => {
  const loaded = loadRuns([runs.gold, ...runs.shards]);
  const rows = loaded.rows.slice(0, 12);
  const dirs = loaded.dirs.slice(0, 12);
  const here = await episodePayloads(rows, dirs, DEFAULT_DATA_DIR, { threads: 1, parallelFrom: 0, reuse: false });
  const pooled = await episodePayloads(rows, dirs, DEFAULT_DATA_DIR, { threads: 2, parallelFrom: 0, reuse: true });
  assert.equal(pooled.length, rows.length);
  assert.deepEqual(pooled, here);
});

test("episode view without the scenario in the data folder: the logged steps, no diffs, a note saying why", () => {
  const loaded = loadRuns([runs.gold]);
  const i = loaded.rows.findIndex((r) => r.scenario_id === "amara-026");
  const other = fixtureCatalog(); // the small test protagonist's data, without amara-026
  const v = episodeView(loaded.dirs[i]!, loaded.rows[i]!, other);
  assert.match(v.notes.join("\n"), /"amara-026" is not in the data folder/);
  assert.ok(v.steps.some((s) => s.tool === "send_message" && s.ok));
  assert.ok(v.steps.every((s) => s.changes === undefined));
  assert.ok(v.nodes.length > 0); // the score report is still read
});

test("episode view of an interrupted log (cut-off last line) or a foreign score report: what can be shown, and why not the rest", () => {
  const dir = path.join(root, "interrupted");
  fs.cpSync(runs.gold, dir, { recursive: true });
  const loaded = loadRuns([dir]);
  const i = loaded.rows.findIndex((r) => r.scenario_id === "amara-026" && r.trial === 1);
  const log = path.join(dir, "trajectories", "amara-026", "trial-1.jsonl");
  const lines = fs.readFileSync(log, "utf8").trimEnd().split("\n");
  fs.writeFileSync(log, [...lines.slice(0, -1), lines.at(-1)!.slice(0, 20)].join("\n"));
  fs.writeFileSync(path.join(dir, "scores", "amara-026", "trial-1.json"), JSON.stringify({ score: 1 }));
  const v = episodeView(loaded.dirs[i]!, loaded.rows[i]!, catalog);
  assert.equal(v.steps.length, lines.length - 2); // the header and the cut-off line are not steps
  assert.match(v.notes.join("\n"), /last line is cut off/);
  assert.match(v.notes.join("\n"), /not a pimbox score report/);
  assert.deepEqual(v.nodes, []);
});
