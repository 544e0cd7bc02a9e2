import { test } from "node:test";
import assert from "node:assert/strict";
import { ScenarioCatalog } from "../../scenarios/catalog.js";
import { buildScenarioSnapshot } from "../../db/snapshot.js";
import { Snapshots } from "../../server/snapshots.js";
import { DEFAULT_DATA_DIR } from "../../scenarios/paths.js";

// The shipped data: scenarios that share a protagonist, reference time and overrides, and
// others with overrides of their own.
const IDS = ["kenji-001", "kenji-002", "kenji-003", "ravi-001", "ravi-002", "amara-010"];

test("snapshots built in a thread equal those built in process, and scenarios with the same source share one", async () => {
  const threaded = ScenarioCatalog.lazy(DEFAULT_DATA_DIR);
  const local = ScenarioCatalog.lazy(DEFAULT_DATA_DIR);
  const snapshots = new Snapshots();
  try {
    // Half warmed in the background, half waited for.
    snapshots.warm(IDS.slice(0, 3).map((id) => threaded.get(id)!.path));
    assert.equal(snapshots.pending, 3, "what /health reports as warming");
    await Promise.all(IDS.map((id) => snapshots.ready(threaded.get(id)!)));
    while (snapshots.pending > 0) await new Promise((r) => setTimeout(r, 10));
    const bySource = new Map<string, object>();
    for (const id of IDS) {
      const scenario = threaded.get(id)!;
      assert.ok(scenario.hasSnapshot, id);
      const got = scenario.snapshot();
      const s = local.get(id)!;
      const want = buildScenarioSnapshot(s.protagonist, s.zone, s.file.reference_time, s.file.state_overrides);
      assert.ok(got.image.equals(want.image), `${id}: image`);
      assert.deepEqual(got.rows, want.rows, `${id}: rows`);
      const source = JSON.stringify([s.protagonist.id, s.file.reference_time, s.file.state_overrides ?? null]);
      if (bySource.has(source)) assert.equal(got, bySource.get(source), `${id}: shares its snapshot`);
      else bySource.set(source, got);
    }
    assert.ok(bySource.size < IDS.length, "some of these scenarios share a source");
  } finally {
    await snapshots.close();
  }
});
