import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { connectMcp as connect, startServer, type Running } from "./start.js";
import { EVERY_TOOL_CALL } from "./every-tool.js";
import { TOOL_NAMES } from "../../tools/registry.js";
import { CLI, FIXTURE_DATA } from "../helpers.js";

let running: Running;
before(async () => { running = await startServer(); });
after(async () => { await running.close(); });

/** Lists the tools, checks the 27 names and their hints, and calls every tool successfully. */
async function exerciseAllTools(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name), TOOL_NAMES);
  for (const t of tools) {
    assert.equal(typeof t.outputSchema, "object", t.name);
    const write = /^(add|modify|remove|send|create)_/.test(t.name);
    assert.equal(t.annotations?.readOnlyHint, !write, t.name);
    assert.equal(t.annotations?.destructiveHint, write, t.name);
  }
  for (const [name, args] of EVERY_TOOL_CALL) {
    const result = await client.callTool({ name, arguments: args });
    assert.notEqual(result.isError, true, `${name}: ${JSON.stringify(result.content)}`);
    assert.equal(typeof result.structuredContent, "object", name);
    const text = (result.content as { type: string; text: string }[])[0]!;
    assert.deepEqual(JSON.parse(text.text), result.structuredContent, name);
  }
}

test("MCP session endpoint: each session is a fresh episode; the 27 tools work and the prompt carries the task", async () => {
  const before = running.store.size;
  const transport = new StreamableHTTPClientTransport(new URL(`${running.url}/scenarios/test-move-dinner/mcp`));
  const client = await connect(transport);
  assert.equal(running.store.size, before + 1);
  await exerciseAllTools(client);
  const prompts = await client.listPrompts();
  assert.deepEqual(prompts.prompts.map((p) => p.name), ["scenario"]);
  const prompt = await client.getPrompt({ name: "scenario" });
  const texts = prompt.messages.map((m) => (m.content as { text: string }).text);
  assert.match(texts[0]!, /28 October 2026/);
  assert.match(texts[1]!, /push our dinner to Friday/);
  const sessionId = transport.sessionId!;
  await transport.terminateSession();
  await client.close();
  // The session is over; its episode stays until it idles out, so a harness can still score it.
  assert.equal(running.store.size, before + 1);
  const again = await fetch(`${running.url}/scenarios/test-move-dinner/mcp`, {
    method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": sessionId },
    body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
  });
  assert.equal(again.status, 404);
});

test("a refused initialize leaves no episode; the stateless endpoint refuses GET and DELETE with 405", async () => {
  const before = running.store.size;
  const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } });
  const refused = await fetch(`${running.url}/scenarios/test-move-dinner/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: init });
  assert.equal(refused.status, 406);
  assert.equal(running.store.size, before);
  const created = await (await fetch(`${running.url}/episodes`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ scenario_id: "test-move-dinner" }),
  })).json() as { mcp_url: string };
  for (const method of ["GET", "DELETE"]) {
    const r = await fetch(created.mcp_url, { method, headers: { accept: "text/event-stream" } });
    assert.equal(r.status, 405, method);
    assert.equal((await r.json() as { jsonrpc: string }).jsonrpc, "2.0");
  }
  const malformed = await fetch(created.mcp_url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{" });
  assert.equal(malformed.status, 400);
  assert.equal((await malformed.json() as { error: { code: number } }).error.code, -32700);
});

test("MCP per-episode URL: calls land in the episode created over HTTP; bad arguments are isError and change nothing", async () => {
  const created = await (await fetch(`${running.url}/episodes`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ scenario_id: "test-move-dinner" }),
  })).json() as { episode_id: string; mcp_url: string };
  const client = await connect(new StreamableHTTPClientTransport(new URL(created.mcp_url)));
  const bad = await client.callTool({ name: "modify_calendar_event", arguments: { event_id: "evt_dinner_jess", start: 7 } });
  assert.equal(bad.isError, true);
  assert.match((bad.content as { text: string }[])[0]!.text, /start/);
  const unknown = await client.callTool({ name: "launch_rockets", arguments: {} });
  assert.equal(unknown.isError, true);
  const ok = await client.callTool({ name: "remove_calendar_event", arguments: { event_id: "evt_review" } });
  assert.notEqual(ok.isError, true);
  await client.close();
  const traj = await (await fetch(`${running.url}/episodes/${created.episode_id}/trajectory`)).json() as { steps: { kind: string; ok?: boolean; tool?: string }[] };
  assert.deepEqual(traj.steps.slice(2).map((s) => [s.tool, s.ok]), [["modify_calendar_event", false], ["launch_rockets", false], ["remove_calendar_event", true]]);
  const state = await (await fetch(`${running.url}/episodes/${created.episode_id}/state`)).json() as { state: { calendar_events: { id: string; start: string }[] } };
  assert.equal(state.state.calendar_events.find((e) => e.id === "evt_dinner_jess")!.start, "2026-10-30T02:00:00Z");
});

test("MCP over stdio: `pimbox mcp --scenario ID` serves the 27 tools", async () => {
  const transport = new StdioClientTransport({
    command: process.execPath, args: [CLI, "mcp", "--scenario", "test-move-dinner", "--data", FIXTURE_DATA], stderr: "pipe",
  });
  const client = await connect(transport);
  await exerciseAllTools(client);
  await client.close();
});

test("MCP routes refuse a foreign Origin and a foreign Host (DNS rebinding)", async () => {
  const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } });
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  const evil = await fetch(`${running.url}/scenarios/test-move-dinner/mcp`, { method: "POST", headers: { ...headers, origin: "https://evil.example" }, body: init });
  assert.equal(evil.status, 403);
  const local = await fetch(`${running.url}/scenarios/test-move-dinner/mcp`, { method: "POST", headers: { ...headers, origin: "http://localhost:3000" }, body: init });
  assert.equal(local.status, 200);
  const { request } = await import("node:http");
  const status = await new Promise<number>((resolve) => {
    const u = new URL(`${running.url}/scenarios/test-move-dinner/mcp`);
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, method: "POST", headers: { ...headers, host: "attacker.example" } }, (res) => { res.resume(); resolve(res.statusCode!); });
    req.end(init);
  });
  assert.equal(status, 403);
});
