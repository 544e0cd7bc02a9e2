import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, type Running } from "./start.js";
import { openEpisode } from "../helpers.js";
import { writeLog } from "../../episode/log.js";
import { DEFAULT_LIMITS } from "../../episode/limits.js";

let running: Running;
before(async () => { running = await startServer({}, { maxEpisodes: 600, limits: { ...DEFAULT_LIMITS, maxSteps: 50_000 } }); });
after(async () => { await running.close(); });

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`${running.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return await r.json() as Record<string, unknown>;
}

test("500 concurrent episodes with interleaved writes: no cross-talk, each replays to its own state", async () => {
  const N = 500;
  const ids = await Promise.all(Array.from({ length: N }, async () => (await post("/episodes", { scenario_id: "test-move-dinner" })).episode_id as string));
  assert.equal(new Set(ids).size, N);
  // Every episode's writes are issued together with everyone else's, in rounds.
  const hour = (i: number) => String(8 + (i % 12)).padStart(2, "0");
  for (const round of [0, 1, 2]) {
    await Promise.all(ids.map((id, i) => round === 0
      ? post(`/episodes/${id}/tools/add_contact`, { first_name: `Person${i}` })
      : round === 1
        ? post(`/episodes/${id}/tools/modify_calendar_event`, { event_id: "evt_dinner_jess", start: `2026-10-30T${hour(i)}:${String(i % 60).padStart(2, "0")}:00` })
        : post(`/episodes/${id}/tools/remove_contact`, { contact_id: i % 2 ? "ct_dr_kim" : "ct_sam" })));
  }
  for (const [i, id] of ids.entries()) {
    const { state } = await (await fetch(`${running.url}/episodes/${id}/state`)).json() as { state: Record<string, { id: string; first_name?: string; start?: string }[]> };
    const mine = state.contacts!.filter((c) => c.first_name?.startsWith("Person"));
    assert.deepEqual(mine.map((c) => c.first_name), [`Person${i}`], `episode ${i}`);
    assert.ok(!state.contacts!.some((c) => c.id === (i % 2 ? "ct_dr_kim" : "ct_sam")), `episode ${i}: its removal`);
    assert.ok(state.contacts!.some((c) => c.id === (i % 2 ? "ct_sam" : "ct_dr_kim")), `episode ${i}: another's removal leaked in`);
    if (i % 50 === 0) {
      const log = await (await fetch(`${running.url}/episodes/${id}/trajectory?format=jsonl`)).text();
      const twin = openEpisode();
      for (const line of log.trim().split("\n").slice(3)) {
        const s = JSON.parse(line) as { tool: string; arguments: Record<string, unknown> };
        twin.callTool(s.tool, s.arguments);
      }
      assert.deepEqual(JSON.parse(JSON.stringify(twin.current())), state, `episode ${i} replayed`);
      twin.close();
    }
  }
});

// Order, not time: scored on the event loop, the score would be answered before /health.
test("/health answers while a long trajectory is being scored", async () => {
  const e = openEpisode();
  for (let i = 0; e.stepCount < 4000; i++) {
    e.callTool(i % 2 ? "search_contacts" : "modify_contact", i % 2 ? { query: "Jess" } : { contact_id: "ct_sam", notes: `note ${i}` });
  }
  const log = writeLog(e.scenario.id, e.options, e.trajectory().steps);
  e.close();
  const order: string[] = [];
  const scoring = post("/score", { log }).then((r) => { order.push("score"); return r; });
  await new Promise((r) => setTimeout(r, 50));
  const health = await fetch(`${running.url}/health`);
  order.push("health");
  assert.equal(health.status, 200);
  assert.equal(typeof (await scoring).score, "number");
  assert.deepEqual(order, ["health", "score"]);
});
