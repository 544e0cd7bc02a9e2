import { test, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startChild, type Child } from "./child.js";
import { openEpisode } from "../helpers.js";
import { scoreScenarioTrajectory } from "../../episode/score.js";
import type { Step, ToolStep } from "../../episode/trajectory.js";

// kill -9 in the middle of a run, restart on the same --state-dir, and compare every episode with
// a twin that ran the same calls without interruption.

const TOKEN = "durable-test";
const harness = { Authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-state-"));
const children: Child[] = [];
after(() => { for (const c of children) c.process.kill("SIGKILL"); fs.rmSync(dir, { recursive: true, force: true }); });

async function start(): Promise<Child> {
  const c = await startChild(["--state-dir", dir, "--token", TOKEN]);
  children.push(c);
  return c;
}

async function post(url: string, body: unknown, headers: Record<string, string> = harness): Promise<Record<string, unknown>> {
  const r = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  return await r.json() as Record<string, unknown>;
}

async function get(url: string): Promise<Record<string, unknown>> {
  return await (await fetch(url, { headers: harness })).json() as Record<string, unknown>;
}

type Call = { tool: string; args: Record<string, unknown> } | { message: string };

/** The uninterrupted twin: the same calls on an in-process episode. */
function twinOf(scenarioId: string, calls: readonly Call[]) {
  const twin = openEpisode(scenarioId);
  for (const c of calls) {
    if ("tool" in c) twin.callTool(c.tool, c.args);
    else twin.agentMessage(c.message);
  }
  return twin;
}

function callsOf(steps: readonly Step[]): Call[] {
  const calls: Call[] = [];
  for (const s of steps.slice(2)) {
    if (s.kind === "tool") calls.push({ tool: s.tool, args: s.arguments });
    else if (s.kind === "agent") calls.push({ message: s.content });
  }
  return calls;
}

test("kill -9 mid-run loses at most the requests in flight; a restart restores every episode as its uninterrupted twin", async () => {
  let server = await start();
  const dinner = await post(`${server.url}/episodes`, { scenario_id: "test-move-dinner", agent: { model: "m" } });
  const sam = await post(`${server.url}/episodes`, { scenario_id: "test-ask-sam" });
  const agent = { Authorization: `Bearer ${dinner.agent_token as string}`, "content-type": "application/json" };
  const d = `${server.url}/episodes/${dinner.episode_id as string}`;
  const s = `${server.url}/episodes/${sam.episode_id as string}`;

  const acked: { index: number; result: unknown }[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await post(`${d}/tools/add_contact`, { first_name: `Friend${i}`, phone_numbers: [{ number: `+1 415 555 01${10 + i}` }] }, agent);
    assert.equal(r.ok, true);
    acked.push({ index: r.step as number, result: r.result });
  }
  const moved = await post(`${d}/tools/modify_calendar_event`, { event_id: "evt_dinner_jess", start: "2026-10-30T19:00:00" }, agent);
  acked.push({ index: moved.step as number, result: moved.result });
  const reply = await post(`${s}/messages`, { content: "What should I say to Sam?" });
  assert.equal(reply.user_message, "Tell him Sunday at 10 is still on.");
  await post(`${s}/tools/send_message`, { to: ["+1 206 555 0150"], body: "Sunday at 10 is still on!" });

  // In flight when the process dies: some may land, none was acknowledged.
  const inFlight = Array.from({ length: 20 }, (_, i) => fetch(`${d}/tools/add_contact`, { method: "POST", headers: agent, body: JSON.stringify({ first_name: `Late${i}` }) }).catch(() => undefined));
  await new Promise((r) => setTimeout(r, 5));
  server.process.kill("SIGKILL");
  await server.exited;
  await Promise.all(inFlight);

  server = await start();
  const d2 = `${server.url}/episodes/${dinner.episode_id as string}`;
  const s2 = `${server.url}/episodes/${sam.episode_id as string}`;
  const steps = (await get(`${d2}/trajectory`)).steps as ToolStep[];
  assert.ok(steps.length >= acked.at(-1)!.index + 1, "an acknowledged step was lost");
  for (const a of acked) assert.deepEqual(steps[a.index]!.result, a.result, `step ${a.index}`);

  for (const [url, id] of [[d2, "test-move-dinner"], [s2, "test-ask-sam"]] as const) {
    const restored = (await get(`${url}/trajectory`)).steps as Step[];
    const twin = twinOf(id, callsOf(restored));
    assert.deepEqual(restored, twin.trajectory().steps, id);
    assert.deepEqual((await get(`${url}/state`)).state, twin.current(), id);
    assert.deepEqual(await get(`${url}/score`), JSON.parse(JSON.stringify(scoreScenarioTrajectory(twin.scenario, twin.trajectory()))), id);
    twin.close();
  }

  // The restored episodes carry on: the agent credential still opens its episode, new ids follow
  // the old ones, the scripted user picks up where it was.
  const next = await post(`${d2}/tools/add_contact`, { first_name: "AfterRestart" }, agent);
  assert.equal(next.ok, true);
  const twin = twinOf("test-move-dinner", [...callsOf(steps), { tool: "add_contact", args: { first_name: "AfterRestart" } }]);
  assert.deepEqual(next.result, (twin.trajectory().steps.at(-1) as ToolStep).result);
  twin.close();
  const last = await post(`${s2}/messages`, { content: "Sent it." });
  assert.equal(last.user_message, "Thanks, that's all.");
  const log = await (await fetch(`${d2}/trajectory?format=jsonl`, { headers: harness })).text();
  assert.deepEqual(JSON.parse(log.split("\n")[0]!).agent, { model: "m" });

  // SIGTERM drains and exits 0 within 10 s; the journals stay for the next start.
  const t0 = Date.now();
  server.process.kill("SIGTERM");
  assert.equal(await server.exited, 0);
  assert.ok(Date.now() - t0 < 10_000);
  server = await start();
  const again = (await get(`${server.url}/episodes/${sam.episode_id as string}/trajectory`)).steps as Step[];
  assert.equal(again.at(-1)!.kind, "user");
  // DELETE removes the journal: the next start does not bring it back.
  const del = await fetch(`${server.url}/episodes/${sam.episode_id as string}`, { method: "DELETE", headers: harness });
  assert.equal(del.status, 204);
  assert.equal(fs.existsSync(path.join(dir, `${sam.episode_id as string}.jsonl`)), false);
  server.process.kill("SIGINT");
  assert.equal(await server.exited, 0);
});

test("a journal that cannot be replayed is set aside with the reason, not deleted, and the server still starts", async () => {
  const id = "00000000-0000-4000-8000-000000000000";
  fs.writeFileSync(path.join(dir, `${id}.jsonl`), '{"format":"pimbox-trajectory","version":1,"scenario_id":"gone","options":{"tick_seconds":5},"agent":{},"episode":{"id":"00000000-0000-4000-8000-000000000000"}}\n');
  const server = await start();
  assert.ok(fs.existsSync(path.join(dir, "unrestorable", `${id}.jsonl`)));
  const r = await fetch(`${server.url}/episodes/${id}`, { headers: harness });
  assert.equal(r.status, 404);
  server.process.kill("SIGTERM");
  assert.equal(await server.exited, 0);
});
