import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createMCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { startServer, type Running } from "./start.js";
import { EVERY_TOOL_CALL } from "./every-tool.js";
import { TOOL_NAMES } from "../../tools/registry.js";
import { CLI, FIXTURE_DATA } from "../helpers.js";

// A second MCP client with its own protocol implementation (Vercel's AI SDK, not the official
// SDK), so that pimbox is not only tested against the library it is built on.

let running: Running;
before(async () => { running = await startServer(); });
after(async () => { await running.close(); });

async function exercise(client: Awaited<ReturnType<typeof createMCPClient>>): Promise<void> {
  const listed = await client.listTools();
  assert.deepEqual(listed.tools.map((t) => t.name), TOOL_NAMES);
  const tools = await client.tools();
  for (const [name, args] of EVERY_TOOL_CALL) {
    const result = await tools[name]!.execute(args, { toolCallId: name, messages: [] }) as { isError?: boolean; content: { text: string }[] };
    assert.notEqual(result.isError, true, `${name}: ${JSON.stringify(result)}`);
  }
}

test("AI SDK MCP client over streamable HTTP lists and calls every tool", async () => {
  const client = await createMCPClient({ transport: { type: "http", url: `${running.url}/scenarios/test-move-dinner/mcp` } });
  await exercise(client);
  await client.close();
});

test("AI SDK MCP client over stdio lists and calls every tool", async () => {
  const client = await createMCPClient({
    transport: new Experimental_StdioMCPTransport({ command: process.execPath, args: [CLI, "mcp", "--scenario", "test-move-dinner", "--data", FIXTURE_DATA] }),
  });
  await exercise(client);
  await client.close();
});
