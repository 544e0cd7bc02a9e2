import { test, after } from "node:test";
import assert from "node:assert/strict";
import request from "supertest";
import { testApp } from "./start.js";

const { app, store } = testApp();
after(() => store.close());

async function newEpisode(scenario_id = "test-move-dinner") {
  const res = await request(app).post("/episodes").send({ scenario_id, agent: { model: "test-model" } }).expect(201);
  return res.body as { episode_id: string; system_prompt: string; user_message: string; tools: { type: string; function: { name: string } }[] };
}

test("GET /health and GET /openapi.json", async () => {
  assert.equal((await request(app).get("/health").expect(200)).body.ok, true);
  const doc = (await request(app).get("/openapi.json").expect(200)).body;
  assert.equal(doc.openapi, "3.0.3");
  assert.ok(doc.paths["/episodes/{id}/tools/{name}"]);
});

test("GET /scenarios lists id, protagonist and reference time; answers are hidden unless asked for", async () => {
  const list = (await request(app).get("/scenarios").expect(200)).body.scenarios;
  assert.ok(list.some((s: { id: string; protagonist: string; reference_time: string }) =>
    s.id === "test-move-dinner" && s.protagonist === "test-person" && s.reference_time === "2026-10-28T20:00:00"));
  const hidden = (await request(app).get("/scenarios/test-move-dinner").expect(200)).body;
  assert.equal(hidden.milestones, undefined);
  assert.equal(hidden.gold_trajectory, undefined);
  const shown = (await request(app).get("/scenarios/test-move-dinner?answers=true").expect(200)).body;
  assert.ok(shown.milestones.nodes.length > 0);
  await request(app).get("/scenarios/nope").expect(404);
  assert.equal((await request(app).get("/protagonists").expect(200)).body.protagonists[0].id, "test-person");
});

test("an episode from creation to deletion over JSON functions", async () => {
  const ep = await newEpisode();
  assert.match(ep.system_prompt, /28 October 2026/);
  assert.equal(ep.user_message, "Jess wants to push our dinner to Friday, same time. Can you move it?");
  assert.equal(ep.tools.length, 27);
  assert.equal(ep.tools[0]!.type, "function");
  const id = ep.episode_id;

  const found = await request(app).post(`/episodes/${id}/tools/search_calendar_events?call_id=c1`).send({ query: "Jess" }).expect(200);
  assert.equal(found.body.ok, true);
  assert.equal(found.body.result.events[0].id, "evt_dinner_jess");
  const moved = await request(app).post(`/episodes/${id}/tools/modify_calendar_event`).send({ event_id: "evt_dinner_jess", start: "2026-10-30T19:00:00" }).expect(200);
  assert.equal(moved.body.result.event.start, "2026-10-30T19:00:00-07:00");
  const reply = await request(app).post(`/episodes/${id}/messages`).send({ content: "Moved to Friday 30 October, 7pm." }).expect(200);
  assert.equal(reply.body.ended, true);
  assert.equal(reply.body.user_message, null);

  const traj = (await request(app).get(`/episodes/${id}/trajectory`).expect(200)).body;
  assert.deepEqual(traj.steps.map((s: { kind: string }) => s.kind), ["system", "user", "tool", "tool", "agent"]);
  assert.equal(traj.steps[2].call_id, "c1");
  const jsonl = await request(app).get(`/episodes/${id}/trajectory?format=jsonl`).expect(200);
  assert.equal(jsonl.text.trim().split("\n").length, 6);
  assert.deepEqual(JSON.parse(jsonl.text.split("\n")[0]!).agent, { model: "test-model" });

  const state = (await request(app).get(`/episodes/${id}/state`).expect(200)).body;
  assert.equal(state.state.calendar_events.find((e: { id: string }) => e.id === "evt_dinner_jess").start, "2026-10-31T02:00:00Z");
  const initial = (await request(app).get(`/episodes/${id}/state?step=2`).expect(200)).body;
  assert.equal(initial.state.calendar_events.find((e: { id: string }) => e.id === "evt_dinner_jess").start, "2026-10-30T02:00:00Z");
  await request(app).get(`/episodes/${id}/state?step=99`).expect(404);

  const score = (await request(app).get(`/episodes/${id}/score`).expect(200)).body;
  assert.equal(score.score, 1);

  const status = (await request(app).get(`/episodes/${id}`).expect(200)).body;
  assert.equal(status.step_count, 5);
  assert.equal(status.ended, true);
  await request(app).delete(`/episodes/${id}`).expect(204);
  await request(app).get(`/episodes/${id}`).expect(404);
  await request(app).post(`/episodes/${id}/tools/get_all_contacts`).send({}).expect(404);
});

test("tool schemas in every format", async () => {
  const { episode_id } = await newEpisode();
  for (const format of ["openai", "anthropic", "mcp", "json_schema"]) {
    const r = await request(app).get(`/episodes/${episode_id}/tools?format=${format}`).expect(200);
    assert.equal(r.body.tools.length, 27, format);
  }
  await request(app).get(`/episodes/${episode_id}/tools?format=yaml`).expect(400);
});

test("malformed JSON is a 400 with a JSON error body", async () => {
  const { episode_id } = await newEpisode();
  for (const path of ["/episodes", `/episodes/${episode_id}/tools/add_contact`, `/episodes/${episode_id}/messages`, "/score"]) {
    const r = await request(app).post(path).set("Content-Type", "application/json").send('{"scenario_id": ').expect(400);
    assert.equal(r.body.error.code, "malformed_json", path);
  }
});

test("bad bodies are 400s naming the field; unknown scenario, episode, tool and route are 404s", async () => {
  assert.equal((await request(app).post("/episodes").send({}).expect(400)).body.error.field, "scenario_id");
  assert.equal((await request(app).post("/episodes").send({ scenario_id: "x", tick_seconds: -1 }).expect(400)).body.error.field, "tick_seconds");
  await request(app).post("/episodes").send({ scenario_id: "no-such" }).expect(404);
  const { episode_id } = await newEpisode();
  const unknown = await request(app).post(`/episodes/${episode_id}/tools/delete_everything`).send({}).expect(404);
  assert.equal(unknown.body.ok, false);
  assert.equal(unknown.body.error.code, "unknown_tool");
  await request(app).post(`/episodes/${episode_id}/messages`).send({ text: "hi" }).expect(400);
  await request(app).get("/nowhere").expect(404);
});

test("bad tool arguments are ok:false naming the field, and leave the state unchanged", async () => {
  const { episode_id } = await newEpisode();
  const before = (await request(app).get(`/episodes/${episode_id}/state`)).body.state;
  const bodies: unknown[] = [{ event_id: "evt_dinner_jess", start: "soon" }, { event_id: 42 }, [], "text", null, { event_id: "evt_none", title: "x" }];
  for (const body of bodies) {
    const r = await request(app).post(`/episodes/${episode_id}/tools/modify_calendar_event`).set("Content-Type", "application/json").send(JSON.stringify(body)).expect(200);
    assert.equal(r.body.ok, false, JSON.stringify(body));
    assert.ok(r.body.error.message.length > 0);
  }
  assert.deepEqual((await request(app).get(`/episodes/${episode_id}/state`)).body.state, before);
});

test("POST /score scores a JSONL log and OpenAI messages; refuses what it cannot parse with the line", async () => {
  const { episode_id } = await newEpisode();
  await request(app).post(`/episodes/${episode_id}/tools/modify_calendar_event`).send({ event_id: "evt_dinner_jess", start: "2026-10-30T19:00:00" });
  await request(app).post(`/episodes/${episode_id}/messages`).send({ content: "Moved to Friday." });
  const log = (await request(app).get(`/episodes/${episode_id}/trajectory?format=jsonl`)).text;
  const fromLog = (await request(app).post("/score").send({ log }).expect(200)).body;
  const live = (await request(app).get(`/episodes/${episode_id}/score`)).body;
  assert.equal(fromLog.score, live.score);
  const messages = [
    { role: "system", content: "x" },
    { role: "user", content: "Jess wants to push our dinner to Friday" },
    { role: "assistant", content: null, tool_calls: [{ id: "a", type: "function", function: { name: "search_calendar_events", arguments: "{\"query\":\"Jess\"}" } }] },
    { role: "tool", tool_call_id: "a", content: "[]" },
    { role: "assistant", content: null, tool_calls: [{ id: "b", type: "function", function: { name: "modify_calendar_event", arguments: "{\"event_id\":\"evt_dinner_jess\",\"start\":\"2026-10-30T19:00:00\"}" } }] },
    { role: "tool", tool_call_id: "b", content: "{}" },
    { role: "assistant", content: "Moved to Friday." },
  ];
  const fromMessages = (await request(app).post("/score").send({ scenario_id: "test-move-dinner", messages }).expect(200)).body;
  assert.equal(fromMessages.score, 1);
  const bad = await request(app).post("/score").send({ log: `${log.split("\n")[0]}\n{"kind": "tool"` }).expect(400);
  assert.equal(bad.body.error.line, 2);
  await request(app).post("/score").send({ messages }).expect(400);
  await request(app).post("/score").send({ scenario_id: "nope", messages }).expect(404);
});

test("a tool call whose body is not JSON is a 415, not a call with no arguments", async () => {
  const { episode_id } = await newEpisode();
  const r = await request(app).post(`/episodes/${episode_id}/tools/search_contacts`).set("Content-Type", "text/plain").send('{"query":"zzz"}').expect(415);
  assert.equal(r.body.error.code, "unsupported_media_type");
  const traj = (await request(app).get(`/episodes/${episode_id}/trajectory`)).body;
  assert.equal(traj.steps.length, 2);
});

test("query strings are checked: a bad step or format is a 400 naming it", async () => {
  const { episode_id } = await newEpisode();
  assert.equal((await request(app).get(`/episodes/${episode_id}/state?step=0x2`).expect(400)).body.error.field, "step");
  assert.equal((await request(app).get(`/episodes/${episode_id}/trajectory?format=xml`).expect(400)).body.error.field, "format");
  await request(app).post("/score").send({ scenario_id: "test-move-dinner", messages: [], tick_seconds: 1e300 }).expect(400);
});
