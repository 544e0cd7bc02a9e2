import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import request from "supertest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startServer, testApp, type Running } from "./start.js";
import { fixtureCatalog } from "../helpers.js";

const TOKEN = "s3cret";
const harness = { Authorization: `Bearer ${TOKEN}` };
const TITLE = fixtureCatalog().get("test-move-dinner")!.file.title!;

let running: Running;
before(async () => { running = await startServer({ token: TOKEN }); });
after(async () => { await running.close(); });

async function create(): Promise<{ id: string; agent: string }> {
  const r = await fetch(`${running.url}/episodes`, { method: "POST", headers: { ...harness, "content-type": "application/json" }, body: JSON.stringify({ scenario_id: "test-move-dinner" }) });
  assert.equal(r.status, 201);
  const body = await r.json() as { episode_id: string; agent_token: string };
  assert.match(body.agent_token, /^pa_/);
  return { id: body.episode_id, agent: body.agent_token };
}

test("with a token, harness routes need it; /health and /openapi.json are public; the scheme is case-insensitive", async () => {
  const { app, store } = testApp({ token: TOKEN });
  await request(app).get("/health").expect(200);
  await request(app).get("/openapi.json").expect(200);
  for (const path of ["/scenarios", "/scenarios/test-move-dinner?answers=true", "/protagonists"]) {
    assert.equal((await request(app).get(path).expect(401)).body.error.code, "unauthorized", path);
  }
  await request(app).get("/scenarios").set("Authorization", "Bearer wrong").expect(401);
  await request(app).get("/scenarios").set("Authorization", `Bearer ${TOKEN}`).expect(200);
  await request(app).get("/scenarios").set("Authorization", `bearer ${TOKEN}`).expect(200);
  await request(app).get("/scenarios").set("Authorization", `BEARER  ${TOKEN}`).expect(200);
  await request(app).post("/score").send({ log: "x" }).expect(401);
  store.close();
});

test("an agent_token opens its own episode's agent surface and nothing else", async () => {
  const a = await create();
  const b = await create();
  const agent = { Authorization: `Bearer ${a.agent}`, "content-type": "application/json" };
  const at = (path: string, init: RequestInit = {}) => fetch(`${running.url}${path}`, { ...init, headers: { ...agent, ...(init.headers as Record<string, string> | undefined) } });

  const status = await at(`/episodes/${a.id}`);
  assert.equal(status.status, 200);
  assert.equal((await at(`/episodes/${a.id}/tools`)).status, 200);
  const call = await at(`/episodes/${a.id}/tools/search_contacts`, { method: "POST", body: JSON.stringify({ name: "Jess" }) });
  assert.equal(call.status, 200);
  assert.equal((await call.json() as { ok: boolean }).ok, true);
  assert.equal((await at(`/episodes/${a.id}/messages`, { method: "POST", body: JSON.stringify({ content: "Which Jess?" }) })).status, 200);

  const refused: [string, RequestInit][] = [
    [`/episodes/${b.id}`, {}],
    [`/episodes/${b.id}/tools/get_all_contacts`, { method: "POST", body: "{}" }],
    [`/episodes/${a.id}/trajectory`, {}],
    [`/episodes/${a.id}/state`, {}],
    [`/episodes/${a.id}/score`, {}],
    [`/episodes/${a.id}/user-messages`, { method: "POST", body: JSON.stringify({ content: "yes, all done" }) }],
    [`/episodes/${a.id}`, { method: "DELETE" }],
    ["/episodes", { method: "POST", body: JSON.stringify({ scenario_id: "test-move-dinner" }) }],
    ["/scenarios", {}],
    ["/scenarios/test-move-dinner?answers=true", {}],
    ["/score", { method: "POST", body: JSON.stringify({ scenario_id: "test-move-dinner", messages: [] }) }],
    ["/scenarios/test-move-dinner/mcp", { method: "POST", body: "{}" }],
  ];
  for (const [path, init] of refused) {
    const r = await at(path, init);
    assert.equal(r.status, 401, `${init.method ?? "GET"} ${path}`);
  }
  // The harness still sees everything, and the refused calls left no trace.
  const traj = await fetch(`${running.url}/episodes/${a.id}/trajectory`, { headers: harness });
  assert.deepEqual((await traj.json() as { steps: { kind: string }[] }).steps.map((s) => s.kind), ["system", "user", "tool", "agent"]);
});

test("over MCP with an agent_token: the tools work and nothing shows the title or the challenges", async () => {
  const { id, agent } = await create();
  const transport = new StreamableHTTPClientTransport(new URL(`${running.url}/episodes/${id}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${agent}` } } });
  const client = new Client({ name: "agent-under-test", version: "1.0.0" });
  await client.connect(transport);
  const seen: unknown[] = [client.getInstructions(), client.getServerVersion()];
  seen.push(await client.listPrompts(), await client.getPrompt({ name: "scenario" }), await client.listTools());
  const result = await client.callTool({ name: "search_calendar_events", arguments: { query: "Jess" } });
  assert.notEqual(result.isError, true);
  await client.close();
  const status = await (await fetch(`${running.url}/episodes/${id}`, { headers: { Authorization: `Bearer ${agent}` } })).json();
  seen.push(status);
  const text = JSON.stringify(seen);
  assert.ok(!text.includes(TITLE), "the title leaked");
  assert.ok(!text.includes("move-dinner"), "the scenario id leaked");
  assert.ok(!/challenge|milestone|minefield|gold/i.test(text), "an answer key leaked");

  const foreign = new StreamableHTTPClientTransport(new URL(`${running.url}/episodes/${id}/mcp`), { requestInit: { headers: { Authorization: "Bearer pa_guess" } } });
  await assert.rejects(new Client({ name: "x", version: "1" }).connect(foreign));
});

test("the agent's HTTP surface never names the scenario; the harness still reads it", async () => {
  const { id, agent } = await create();
  const headers = { Authorization: `Bearer ${agent}`, "content-type": "application/json" };
  const bodies: unknown[] = [];
  const get = async (path: string, init: RequestInit = {}, who: Record<string, string> = headers) => {
    const r = await fetch(`${running.url}${path}`, { ...init, headers: { ...who, ...(init.headers as Record<string, string> | undefined) } });
    const body = await r.json();
    bodies.push({ path, status: r.status, headers: [...r.headers], body });
    return body as Record<string, unknown>;
  };
  const status = await get(`/episodes/${id}`);
  assert.deepEqual(Object.keys(status).sort(), ["ended", "episode_id", "mcp_url", "now", "reference_time", "step_count", "time_zone", "turns"]);
  for (const format of ["openai", "anthropic", "mcp", "json_schema"]) await get(`/episodes/${id}/tools?format=${format}`);
  await get(`/episodes/${id}/tools/search_calendar_events`, { method: "POST", body: JSON.stringify({ query: "dinner" }) });
  await get(`/episodes/${id}/tools/modify_calendar_event`, { method: "POST", body: JSON.stringify({ event_id: "nope" }) });
  await get(`/episodes/${id}/tools/no_such_tool`, { method: "POST", body: "{}" });
  await get(`/episodes/${id}/tools/search_contacts?format=bad`, { method: "POST", body: "[1]" });
  await get(`/episodes/${id}/messages`, { method: "POST", body: JSON.stringify({ content: "Which Jess do you mean?" }) });
  await get(`/episodes/${id}/messages`, { method: "POST", body: JSON.stringify({ nope: 1 }) });
  const listed = await get(`/episodes/${id}/mcp`, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), headers: { accept: "application/json, text/event-stream" } });
  assert.equal((listed.result as { tools: unknown[] }).tools.length, 27);
  const text = JSON.stringify(bodies);
  assert.ok(!text.includes("move-dinner"), `the scenario id leaked: ${text.slice(0, 400)}`);
  assert.ok(!text.includes(TITLE), "the title leaked");
  // The harness reads the same episode with its scenario.
  const full = await get(`/episodes/${id}`, {}, harness);
  assert.equal(full.scenario_id, "test-move-dinner");
  assert.equal(full.episode_id, id);
});

test("every route, not only MCP, refuses a foreign Host when bound to loopback", async () => {
  const statusWith = (path: string, host: string) => new Promise<number>((resolve, reject) => {
    const u = new URL(`${running.url}${path}`);
    const req = httpRequest({ host: u.hostname, port: u.port, path: u.pathname, headers: { ...harness, host } }, (res) => { res.resume(); resolve(res.statusCode!); });
    req.on("error", reject);
    req.end();
  });
  for (const path of ["/health", "/scenarios", "/openapi.json", "/episodes/x/tools"]) {
    assert.equal(await statusWith(path, "attacker.example"), 403, path);
    assert.equal(await statusWith(path, "attacker.example:80"), 403, path);
  }
  assert.equal(await statusWith("/health", `localhost:${new URL(running.url).port}`), 200);
  // Bound to every interface with no --allow-host, any Host is served (there is no name to check).
  const open = testApp({ allowedHosts: [] });
  await request(open.app).get("/health").set("Host", "pimbox.internal").expect(200);
  open.store.close();
});
