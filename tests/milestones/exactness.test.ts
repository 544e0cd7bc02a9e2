import { firstWrites } from "../../milestones/score.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import Database from "better-sqlite3";
import { ScenarioCatalog, type Scenario } from "../../scenarios/catalog.js";
import { DEFAULT_DATA_DIR } from "../../scenarios/paths.js";
import { Episode, DEFAULT_OPTIONS } from "../../episode/episode.js";
import type { ScriptStep } from "../../scenarios/scenario-format.js";
import type { Trajectory } from "../../episode/trajectory.js";
import { readSnapshot, wrap } from "../../db/state.js";
import { tableVersions } from "../../milestones/versions.js";
import { sameRows } from "../../milestones/rows.js";
import { indexDag } from "../../milestones/dag.js";
import { compileDag, type Steps } from "../../milestones/oracle.js";
import { matchDag, MatchTooLarge } from "../../milestones/matcher.js";
import { compareContext } from "../../milestones/similarity.js";
import { TABLE_NAMES } from "../../milestones/catalog.js";

// The speed-ups of scoring must not change any score. Three things changed, each checked here
// against the slow, obviously exact form, on every shipped scenario's gold and negative
// trajectories (and on one padded with writes to other tables, where the classes merge most):
// snapshots built incrementally from changed rows equal a full re-read of the database; content
// classes found by hashing equal those found by comparing every pair of versions; the matcher on
// coarse step classes and supports finds the same optimum and the same steps as the matcher
// trying every step.

const { catalog } = ScenarioCatalog.load(DEFAULT_DATA_DIR);

/** Plays a script, checking every snapshot against a full re-read of the database. */
function playChecked(scenario: Scenario, script: readonly ScriptStep[]): Episode {
  const e = new Episode("exact", scenario, DEFAULT_OPTIONS);
  for (const step of script) {
    if ("tool" in step) {
      e.callTool(step.tool, step.arguments);
      const db = new Database(e.image());
      assert.deepEqual(e.current(), readSnapshot(wrap(db)), `${scenario.id}: snapshot after ${step.tool}`);
      db.close();
    } else e.agentMessage(step.agent);
  }
  return e;
}

function checkClasses(trajectory: Trajectory, label: string): void {
  const v = tableVersions(trajectory);
  for (const table of TABLE_NAMES) {
    const list = Array.from(v.contentClass[table], (_, i) => v.rowsOf(table, i));
    const naive = list.map((arr, i) => list.findIndex((other, w) => w <= i && sameRows(other, arr)));
    assert.deepEqual([...v.contentClass[table]], naive, `${label}: content classes of ${table}`);
  }
}

function checkMatcher(scenario: Scenario, trajectory: Trajectory, label: string): void {
  const firstUser = trajectory.steps.findIndex((s) => s.kind === "user");
  const steps: Steps = { trajectory, first: firstUser, count: trajectory.steps.length - firstUser, versions: tableVersions(trajectory), ctx: compareContext(trajectory.zone, trajectory.region), firstWrite: firstWrites(trajectory.steps) };
  const dags: { spec: { nodes: Parameters<typeof indexDag>[0]; edges?: Parameters<typeof indexDag>[1] }; minefield: boolean }[] = [
    { spec: scenario.file.milestones, minefield: false },
    ...(scenario.file.minefields ? [{ spec: scenario.file.minefields, minefield: true }] : []),
  ];
  for (const { spec, minefield } of dags) {
    const { problem } = compileDag(spec.nodes, indexDag(spec.nodes, spec.edges), steps, { minefield });
    const coarse = matchDag(problem);
    const every = matchDag({ ...problem, stepClasses: undefined, support: undefined });
    assert.ok(Math.abs(coarse.total - every.total) < 1e-12, `${label}: total ${coarse.total} vs ${every.total}`);
    assert.deepEqual(coarse.steps, every.steps, `${label}: matched steps`);
  }
}

test("incremental snapshots, hashed content classes and coarse step classes are exact on every shipped trajectory", () => {
  let checked = 0;
  for (const scenario of catalog.list()) {
    const scripts = [scenario.file.gold_trajectory, ...scenario.file.negative_trajectories.map((n) => n.steps)];
    scripts.forEach((script, k) => {
      const e = playChecked(scenario, script);
      const label = `${scenario.id}#${k}`;
      checkClasses(e.trajectory(), label);
      checkMatcher(scenario, e.trajectory(), label);
      e.close();
      checked++;
    });
  }
  assert.ok(checked > 310, `${checked} trajectories`);
});

test("the same holds on a trajectory padded with writes to tables no milestone reads, changed and changed back", () => {
  const scenario = catalog.get("kenji-011")!;
  const contact = scenario.protagonist.contacts[1]!;
  const padded: ScriptStep[] = [];
  scenario.file.gold_trajectory.forEach((step, i) => {
    padded.push(step);
    for (let k = 0; k < 6; k++) padded.push({ tool: "modify_contact", arguments: { contact_id: contact.id, notes: k % 3 === 2 ? (contact.notes ?? "") : `note ${i}.${k % 2}` } });
    padded.push({ tool: "add_contact", arguments: { first_name: `Extra ${i}` } });
  });
  const e = playChecked(scenario, padded);
  checkClasses(e.trajectory(), "padded");
  checkMatcher(scenario, e.trajectory(), "padded");
  e.close();
});

test("a match that needs more states than the matcher holds is refused with MatchTooLarge, before any work", () => {
  // A diamond: the last node reads three others, each free over 300 steps: 300^3 frontier states.
  const problem = {
    nodeCount: 5, stepCount: 300, sim: () => 0,
    edges: [[0, 1], [0, 2], [0, 3], [1, 4], [2, 4], [3, 4]] as [number, number][],
    deps: [[], [0], [0], [0], [1, 2, 3]],
  };
  assert.throws(() => matchDag(problem), (e: unknown) => e instanceof MatchTooLarge && /too long for this scenario's milestone DAG/.test(e.message));
  assert.equal(matchDag({ ...problem, stepCount: 40 }).total, 0);
});
