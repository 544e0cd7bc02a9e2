import { test, after } from "node:test";
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import request from "supertest";
import { pino } from "pino";
import { testApp } from "./start.js";

const lines: string[] = [];
const sink = new Writable({ write(chunk, _enc, done) { lines.push(...String(chunk).split("\n").filter(Boolean)); done(); } });
const { app, store } = testApp({ token: "tok-123", logger: pino({ level: "info" }, sink) }, { limits: { maxSteps: 100, maxArgumentBytes: 4096, maxArgumentDepth: 8, maxSearchText: 50 } });
after(() => store.close());
const auth = { Authorization: "Bearer tok-123" };

test("GET /metrics: live episodes, capacity, tool calls by tool and outcome, latency by route, scoring time", async () => {
  const ep = (await request(app).post("/episodes").set(auth).send({ scenario_id: "test-move-dinner" }).expect(201)).body;
  const agent = { Authorization: `Bearer ${ep.agent_token as string}` };
  const tool = (name: string, body: unknown) => request(app).post(`/episodes/${ep.episode_id as string}/tools/${name}`).set(agent).send(body as object);
  await tool("search_contacts", { name: "Jess" });
  await tool("search_contacts", { name: "Jess" });
  await tool("search_contacts", { name: 7 });
  await tool("search_contacts", { query: "x".repeat(60) });
  await tool("made_up_tool", {});
  await request(app).get(`/episodes/${ep.episode_id as string}/score`).set(auth).expect(200);

  const metrics = await request(app).get("/metrics").expect(200);
  assert.match(metrics.headers["content-type"]!, /text\/plain/);
  const text = metrics.text;
  assert.match(text, /^pimbox_live_episodes 1$/m);
  assert.match(text, /^pimbox_episode_capacity 1000$/m);
  assert.match(text, /^pimbox_tool_calls_total\{tool="search_contacts",outcome="ok"\} 2$/m);
  assert.match(text, /^pimbox_tool_calls_total\{tool="search_contacts",outcome="invalid_argument"\} 1$/m);
  assert.match(text, /^pimbox_tool_calls_total\{tool="search_contacts",outcome="limit_exceeded"\} 1$/m);
  assert.match(text, /^pimbox_tool_calls_total\{tool="\(unknown\)",outcome="unknown_tool"\} 1$/m);
  assert.match(text, /^pimbox_http_request_duration_seconds_count\{method="POST",route="\/episodes\/:id\/tools\/:name",status="200"\} 4$/m);
  assert.match(text, /^pimbox_scoring_duration_seconds_count\{source="episode"\} 1$/m);
  assert.match(text, /^nodejs_eventloop_lag_p99_seconds /m);
  assert.doesNotMatch(text, new RegExp(ep.episode_id as string), "an episode id in a label");
});

test("/health reports live episodes and capacity", async () => {
  const health = (await request(app).get("/health").expect(200)).body;
  assert.equal(health.capacity, 1000);
  assert.equal(typeof health.episodes, "number");
  assert.equal(health.warming, 0, "no warm-up was started: snapshots are built on first use");
});

test("the request log is one JSON line per request, with route, status and time, and never a credential", async () => {
  lines.length = 0;
  await request(app).get("/scenarios?protagonist=test-person").set(auth).expect(200);
  await request(app).get("/scenarios").set({ Authorization: "Bearer wrong-secret" }).expect(401);
  const entries = lines.map((l) => JSON.parse(l) as { req: { method: string; path: string }; res: { status: number }; responseTime: number; level: number });
  assert.deepEqual(entries.map((e) => [e.req.method, e.req.path, e.res.status]), [["GET", "/scenarios", 200], ["GET", "/scenarios", 401]]);
  assert.ok(entries.every((e) => typeof e.responseTime === "number"));
  assert.equal(entries[1]!.level, 40);
  assert.doesNotMatch(lines.join("\n"), /tok-123|wrong-secret|authorization/i);
});
