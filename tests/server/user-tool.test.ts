import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { connectMcp as connect, startServer, type Running } from "./start.js";
import { CLI, FIXTURE_DATA } from "../helpers.js";
import { parseLog } from "../../episode/log.js";

let running: Running;
before(async () => { running = await startServer(); });
after(async () => { await running.close(); });

async function episode(scenario: string): Promise<string> {
  const res = await fetch(`${running.url}/episodes`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ scenario_id: scenario }) });
  return ((await res.json()) as { episode_id: string }).episode_id;
}

const say = (client: Client, content: unknown) => client.callTool({ name: "send_message_to_user", arguments: { content } });

test("send_message_to_user is opt-in: ?user_tool=1 adds it to the 27; it records the agent's message and returns the scripted user's reply, then the end", async () => {
  const id = await episode("test-ask-sam");
  const plain = await connect(new StreamableHTTPClientTransport(new URL(`${running.url}/episodes/${id}/mcp`)));
  assert.equal((await plain.listTools()).tools.length, 27);
  await plain.close();

  const client = await connect(new StreamableHTTPClientTransport(new URL(`${running.url}/episodes/${id}/mcp?user_tool=1`)));
  const { tools } = await client.listTools();
  assert.equal(tools.length, 28);
  assert.equal(tools[27]!.name, "send_message_to_user");
  assert.equal((tools[27]!.inputSchema.properties as Record<string, unknown>).content !== undefined, true);

  const bad = await say(client, "");
  assert.equal(bad.isError, true);
  assert.match(JSON.stringify(bad.content), /content/);
  const first = await say(client, "What should I say to Sam?");
  assert.deepEqual(first.structuredContent, { user_message: "Tell him Sunday at 10 is still on.", ended: false });
  await say(client, "Sent to Sam.");
  const last = await say(client, "Anything else?");
  assert.equal((last.structuredContent as { ended: boolean }).ended, true);
  await client.close();

  const log = parseLog(await (await fetch(`${running.url}/episodes/${id}/trajectory?format=jsonl`)).text());
  assert.deepEqual(log.steps.slice(2).map((s) => s.kind), ["agent", "user", "agent", "user", "agent"], "the bad call recorded nothing");
});

test("the session binding takes the flag on its initialize request; stdio takes --user-tool", async () => {
  const session = await connect(new StreamableHTTPClientTransport(new URL(`${running.url}/scenarios/test-move-dinner/mcp?user_tool=1`)));
  assert.equal((await session.listTools()).tools.length, 28);
  await session.close();

  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-user-tool-")), "log.jsonl");
  const stdio = await connect(new StdioClientTransport({
    command: process.execPath, args: [CLI, "mcp", "--user-tool", "--scenario", "test-move-dinner", "--data", FIXTURE_DATA, "--log", logFile], stderr: "pipe",
  }));
  assert.equal((await stdio.listTools()).tools.length, 28);
  const r = await say(stdio, "Done.");
  assert.deepEqual(r.structuredContent, { user_message: null, ended: true });
  await stdio.close();
  for (let i = 0; i < 100 && !fs.existsSync(logFile); i++) await new Promise((res) => setTimeout(res, 20));
  const log = parseLog(fs.readFileSync(logFile, "utf8"));
  assert.deepEqual(log.steps.at(-1), { ...log.steps.at(-1), kind: "agent", content: "Done." });
});
