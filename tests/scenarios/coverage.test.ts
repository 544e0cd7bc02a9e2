import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ScenarioCatalog } from "../../scenarios/catalog.js";
import { coveragePlanFile } from "../../scenarios/coverage-plan-format.js";
import { coverageRows } from "../../scenarios/coverage.js";
import { twinFaults } from "../../episode/verify.js";
import { CLI, FIXTURE_DATA } from "../helpers.js";

/** A copy of the fixture data with extra files written into it (paths relative to the data folder). */
const made: string[] = [];
after(() => { for (const d of made) fs.rmSync(d, { recursive: true, force: true }); });

function dataWith(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-data-"));
  made.push(dir);
  fs.cpSync(FIXTURE_DATA, dir, { recursive: true });
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), JSON.stringify(body));
  return dir;
}

const base = JSON.parse(fs.readFileSync(path.join(FIXTURE_DATA, "test-person", "scenarios", "move-dinner.json"), "utf8")) as Record<string, unknown>;
const scenario = (id: string, extra: Record<string, unknown>) => ({ [`test-person/scenarios/${id}.json`]: { ...base, id, query: `${id}: ${String(base.query)}`, ...extra } });

const plan = coveragePlanFile.parse({
  scenarios: 2, protagonists: 3, per_protagonist: 1, zones: { off_the_hour: 1, southern: 1 }, multi_turn: 0.5,
  challenges: { misinformation: 0 }, goal_types: { change: 0.5 }, complexity: { per_level: 1, levels: ["low"] },
  tools: { gold_scenarios: 1 }, infeasible: { scenarios: 1, with_twin: 1 },
});

test("coverage: every target of the plan beside what the data holds", () => {
  const { catalog } = ScenarioCatalog.load(FIXTURE_DATA);
  const rows = coverageRows(plan, {
    scenarios: catalog.list().map((s) => s.file),
    protagonists: [{ id: "test-person", timezone: "America/Los_Angeles", country: "US" }, { id: "p2", timezone: "Asia/Kolkata" }, { id: "p3", timezone: "Australia/Adelaide", country: "AU" }],
  });
  const row = (item: string) => rows.find((r) => r.item === item)!;
  assert.deepEqual(row("scenarios"), { item: "scenarios", target: 2, achieved: catalog.list().length, unit: "count", met: true });
  assert.equal(row("protagonists").met, true);
  // A protagonist without a scenario is counted, short of its target.
  assert.deepEqual([row("scenarios of p2").achieved, row("scenarios of p2").met], [0, false]);
  assert.equal(row("protagonists in a zone off the hour").achieved, 2, "Kolkata +5:30 and Adelaide +9:30/+10:30");
  assert.equal(row("protagonists south of the equator").achieved, 1);
  assert.equal(row("multi-turn").unit, "share");
  assert.ok(row("tool search_contacts") !== undefined && rows.filter((r) => r.item.startsWith("tool ")).length === 27);
  assert.deepEqual([row("infeasible requests").achieved, row("infeasible requests").met], [0, false]);
});

test("a scenario pimbox author drafted is admitted only with a reviewer named", async () => {
  const { unreviewedDrafts } = await import("../../episode/verify.js");
  const dir = dataWith({
    ...scenario("test-drafted", { origin: { by: "pimbox author", model: "m" } }),
    ...scenario("test-reviewed", { origin: { by: "pimbox author", model: "m", reviewed_by: "A. Person" } }),
  });
  const faults = unreviewedDrafts(ScenarioCatalog.load(dir).catalog);
  assert.deepEqual(faults.map((f) => [path.basename(f.file), f.pointer]), [["test-drafted.json", "/origin/reviewed_by"]]);
});

test("twins name each other, share a protagonist, and exactly one of the two is infeasible", () => {
  const good = dataWith({
    ...scenario("test-twin-a", { infeasible: "no_such_person", twin: "test-twin-b" }),
    ...scenario("test-twin-b", { twin: "test-twin-a" }),
  });
  assert.deepEqual(twinFaults(ScenarioCatalog.load(good).catalog), []);
  const { catalog } = ScenarioCatalog.load(good);
  const rows = coverageRows(plan, { scenarios: catalog.list().map((s) => s.file), protagonists: [{ id: "test-person", timezone: "America/Los_Angeles" }] });
  assert.deepEqual(rows.filter((r) => r.item.startsWith("infeasible")).map((r) => r.achieved), [1, 1]);

  const bad = dataWith({
    ...scenario("test-lone", { twin: "test-nowhere" }),
    ...scenario("test-one-way", { infeasible: "no_free_slot", twin: "test-move-dinner" }),
    ...scenario("test-both-a", { infeasible: "no_such_number", twin: "test-both-b" }),
    ...scenario("test-both-b", { infeasible: "no_such_number", twin: "test-both-a" }),
  });
  const messages = Object.fromEntries(twinFaults(ScenarioCatalog.load(bad).catalog).map((f) => [path.basename(f.file), `${f.pointer} ${f.message}`]));
  assert.match(messages["test-lone.json"]!, /^\/twin no scenario "test-nowhere"/);
  assert.match(messages["test-one-way.json"]!, /its twin test-move-dinner names no twin/);
  assert.match(messages["test-both-a.json"]!, /exactly one .* must be infeasible; both is/);
});

test("pimbox validate prints the coverage plan, and --require-plan fails on a target not met", () => {
  const dir = dataWith({ "coverage-plan.json": plan });
  const run = (...args: string[]) => spawnSync(process.execPath, [CLI, "validate", "--data", dir, ...args], { encoding: "utf8" });
  const text = run();
  assert.equal(text.status, 0, text.stdout + text.stderr);
  assert.match(text.stdout, /coverage plan \(coverage-plan\.json\): \d+ of \d+ targets met/);
  assert.match(text.stdout, /infeasible requests\s+1\s+0\s+not met/);
  const json = JSON.parse(run("--json").stdout) as { coverage: { item: string; met: boolean }[] };
  assert.equal(json.coverage.find((r) => r.item === "infeasible requests")?.met, false);
  const strict = run("--require-plan");
  assert.equal(strict.status, 1);
  assert.match(strict.stdout, /coverage target not met: infeasible requests 0, the plan asks at least 1/);

  const partial = run("--require-plan", "--protagonist", "test-person");
  assert.equal(partial.status, 2);
  assert.match(partial.stderr, /--require-plan measures the whole data set/);
  const noPlan = spawnSync(process.execPath, [CLI, "validate", "--data", dataWith({}), "--require-plan"], { encoding: "utf8" });
  assert.equal(noPlan.status, 1);
  assert.match(noPlan.stdout, /--require-plan: the data folder has no coverage plan/);

  const broken = dataWith({ "coverage-plan.json": { ...plan, scenarios: "many" } });
  const refused = spawnSync(process.execPath, [CLI, "validate", "--data", broken], { encoding: "utf8" });
  assert.equal(refused.status, 1);
  assert.match(refused.stdout, /coverage-plan\.json#\/scenarios: /);
});
