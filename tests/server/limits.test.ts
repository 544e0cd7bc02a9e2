import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import request from "supertest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer, testApp, type Running } from "./start.js";
import { StateDir } from "../../server/state-dir.js";

// Every limit answers with an error naming it, refuses without recording, and leaves the episode
// and the server usable.

const { app, store } = testApp({ maxLogBytes: 64 * 1024 }, {
  limits: { maxSteps: 8, maxArgumentBytes: 4096, maxArgumentDepth: 8, maxSearchText: 100 },
});
after(() => store.close());

async function newEpisode(): Promise<string> {
  return (await request(app).post("/episodes").send({ scenario_id: "test-move-dinner" }).expect(201)).body.episode_id;
}

test("past --max-episodes a new episode is a 503 with Retry-After; no live episode is evicted", async () => {
  const small = testApp({}, { maxEpisodes: 3 });
  const create = () => request(small.app).post("/episodes").send({ scenario_id: "test-move-dinner" });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await create().expect(201)).body.episode_id);
  const full = await create().expect(503);
  assert.equal(full.body.error.code, "server_full");
  assert.ok(Number(full.headers["retry-after"]) >= 1);
  const health = (await request(small.app).get("/health").expect(200)).body;
  assert.deepEqual([health.episodes, health.capacity], [3, 3]);
  for (const id of ids) await request(small.app).get(`/episodes/${id}`).expect(200);
  await request(small.app).delete(`/episodes/${ids[0]}`).expect(204);
  await create().expect(201);
  small.store.close();
});

test("arguments too deep, too large or with too long a search text are refused, not recorded; the trajectory still reads", async () => {
  const id = await newEpisode();
  let deep = "1";
  for (let i = 0; i < 5000; i++) deep = `{"a":${deep}}`;
  const cases: [string, string, string][] = [
    ["search_contacts", `{"name":${deep}}`, "arguments"],
    ["add_contact", JSON.stringify({ first_name: "x".repeat(5000) }), "arguments"],
    ["search_contacts", JSON.stringify({ query: "word ".repeat(21) }), "query"],
  ];
  for (const [tool, body, field] of cases) {
    const r = await request(app).post(`/episodes/${id}/tools/${tool}`).set("content-type", "application/json").send(body).expect(200);
    assert.equal(r.body.ok, false);
    assert.equal(r.body.error.code, "limit_exceeded");
    assert.equal(r.body.error.field, field);
    assert.equal(r.body.step, null);
  }
  const traj = await request(app).get(`/episodes/${id}/trajectory`).expect(200);
  assert.equal(traj.body.steps.length, 2);
  await request(app).get(`/episodes/${id}/trajectory?format=jsonl`).expect(200);
  // A query within the limit still runs.
  assert.equal((await request(app).post(`/episodes/${id}/tools/search_contacts`).send({ query: "Jess" })).body.ok, true);
  store.delete(id);
});

test("past --max-steps tool calls are tool errors and messages a 409; the episode stays readable and scorable", async () => {
  const id = await newEpisode();
  for (let i = 0; i < 6; i++) assert.equal((await request(app).post(`/episodes/${id}/tools/get_all_calendars`).send({})).body.ok, true);
  const refused = await request(app).post(`/episodes/${id}/tools/get_all_calendars`).send({}).expect(200);
  assert.equal(refused.body.error.code, "limit_exceeded");
  assert.equal(refused.body.error.limit, 8);
  const message = await request(app).post(`/episodes/${id}/messages`).send({ content: "done" }).expect(409);
  assert.equal(message.body.error.code, "limit_exceeded");
  assert.equal((await request(app).get(`/episodes/${id}`)).body.step_count, 8);
  await request(app).get(`/episodes/${id}/score`).expect(200);
  store.delete(id);
});

test("POST /score refuses a log over --max-log-bytes with 413, and a body over the general limit too", async () => {
  const big = await request(app).post("/score").send({ log: "x".repeat(70 * 1024) }).expect(413);
  assert.equal(big.body.error.code, "body_too_large");
  assert.match(big.body.error.message, /65536 bytes/);
  await request(app).post("/episodes").send({ scenario_id: "x".repeat(2 * 1024 * 1024) }).expect(413);
});

test("a lone surrogate is a field error and changes nothing; a local time in the clock-change gap is refused, naming the gap", async () => {
  const { app: roomy, store: roomyStore } = testApp();
  const id = (await request(roomy).post("/episodes").send({ scenario_id: "test-move-dinner" })).body.episode_id;
  const before = (await request(roomy).get(`/episodes/${id}/state`)).body.state;
  const lone = await request(roomy).post(`/episodes/${id}/tools/add_contact`).set("content-type", "application/json")
    .send('{"first_name":"Ann\\ud800"}').expect(200);
  assert.equal(lone.body.ok, false);
  assert.equal(lone.body.error.field, "first_name");
  assert.match(lone.body.error.message, /surrogate/);
  const paired = await request(roomy).post(`/episodes/${id}/tools/add_contact`).send({ first_name: "Ann 😀" }).expect(200);
  assert.equal(paired.body.result.contact.first_name, "Ann 😀");
  const gap = await request(roomy).post(`/episodes/${id}/tools/create_calendar_event`)
    .send({ title: "Early run", start: "2027-03-14T02:30:00" }).expect(200);
  assert.equal(gap.body.ok, false);
  assert.equal(gap.body.error.field, "start");
  assert.match(gap.body.error.message, /does not exist in America\/Los_Angeles: clocks go forward from 02:00 to 03:00 on 2027-03-14/);
  const after = (await request(roomy).get(`/episodes/${id}/state`)).body.state;
  assert.equal(after.contacts.length, before.contacts.length + 1);
  assert.deepEqual(after.calendar_events, before.calendar_events);
  roomyStore.close();
});

let running: Running;
before(async () => { running = await startServer(); });
after(async () => { await running.close(); });

test("a chunked tool-call body that is not JSON is a 415, not a call with no arguments", async () => {
  const id = (await (await fetch(`${running.url}/episodes`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"scenario_id":"test-move-dinner"}' })).json() as { episode_id: string }).episode_id;
  const status = await new Promise<number>((resolve, reject) => {
    const u = new URL(`${running.url}/episodes/${id}/tools/get_all_contacts`);
    const req = httpRequest({ host: u.hostname, port: u.port, path: u.pathname, method: "POST", headers: { "content-type": "text/plain", "transfer-encoding": "chunked" } }, (res) => { res.resume(); resolve(res.statusCode!); });
    req.on("error", reject);
    req.write("{}");
    req.end();
  });
  assert.equal(status, 415);
  const traj = await (await fetch(`${running.url}/episodes/${id}/trajectory`)).json() as { steps: unknown[] };
  assert.equal(traj.steps.length, 2);
});

test("the server sets its timeouts and connection cap deliberately", () => {
  assert.equal(running.server.headersTimeout, 10_000);
  assert.equal(running.server.requestTimeout, 60_000);
  assert.equal(running.server.keepAliveTimeout, 10_000);
  assert.equal(running.server.maxConnections, 2048);
});

test("every body has a depth limit and the agent metadata a depth and size limit: a 400/413 naming the field; with --state-dir too", async () => {
  const nest = (depth: number): string => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
  const post = (target: typeof app, route: string, body: string) => request(target).post(route).set("content-type", "application/json").send(body);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-limits-"));
  const durable = testApp({}, { stateDir: new StateDir(dir) });
  try {
    for (const target of [app, durable.app]) {
      const deep = await post(target, "/episodes", `{"scenario_id":"test-move-dinner","agent":${nest(5000)}}`).expect(400);
      assert.deepEqual([deep.body.error.code, deep.body.error.field], ["limit_exceeded", "agent"]);
      const nine = await post(target, "/episodes", `{"scenario_id":"test-move-dinner","agent":${nest(9)}}`).expect(400);
      assert.deepEqual([nine.body.error.code, nine.body.error.field, nine.body.error.limit], ["limit_exceeded", "agent", 8]);
      const big = await request(target).post("/episodes").send({ scenario_id: "test-move-dinner", agent: { notes: "x".repeat(20_000) } }).expect(413);
      assert.deepEqual([big.body.error.code, big.body.error.field], ["limit_exceeded", "agent"]);
      // Any member of any body nested past the limit is refused before the route runs.
      const raw = await post(target, "/episodes", `{"scenario_id":"test-move-dinner","x":${"[".repeat(10_000)}${"]".repeat(10_000)}}`).expect(400);
      assert.deepEqual([raw.body.error.code, raw.body.error.field], ["limit_exceeded", "x"]);
      const msg = await post(target, "/score", `{"scenario_id":"test-move-dinner","messages":[${nest(100)}]}`).expect(400);
      assert.equal(msg.body.error.field, "messages");
      const id = (await request(target).post("/episodes").send({ scenario_id: "test-move-dinner" }).expect(201)).body.episode_id;
      const content = await post(target, `/episodes/${id}/messages`, `{"content":${nest(3000)}}`).expect(400);
      assert.equal(content.body.error.field, "content");
      // At the limits: accepted, and the episode's log is written and scored.
      const ok = await post(target, "/episodes", `{"scenario_id":"test-move-dinner","agent":${nest(7)}}`).expect(201);
      const log = await request(target).get(`/episodes/${ok.body.episode_id}/trajectory?format=jsonl`).expect(200);
      assert.match(log.text, /"agent":\{"a":/);
      await request(target).get(`/episodes/${ok.body.episode_id}/score`).expect(200);
    }
    assert.equal(fs.readdirSync(dir).filter((f) => f.endsWith(".jsonl")).length, 2, "only the accepted episodes are journaled");
  } finally {
    durable.store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
