import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { createRequire } from "node:module";
import path from "node:path";
import { startServer, type Running } from "./start.js";

// The MCP conformance suite's server scenarios that apply to any server (the others expect the
// reference server's own tools, resources and prompts).
const SCENARIOS = [
  "server-initialize", "ping", "tools-list", "logging-set-level", "tools-call-error",
  "server-sse-multiple-streams", "dns-rebinding-protection",
];

const require = createRequire(import.meta.url);
const conformance = path.join(path.dirname(require.resolve("@modelcontextprotocol/conformance/package.json")), "dist", "index.js");

let running: Running;
before(async () => { running = await startServer(); });
after(async () => { await running.close(); });

for (const scenario of SCENARIOS) {
  // Asynchronous: the server under test runs in this process and must keep answering.
  test(`MCP conformance: ${scenario}`, async () => {
    const args = [conformance, "server", "--url", `${running.url}/scenarios/test-move-dinner/mcp`, "--scenario", scenario];
    const { stdout } = await promisify(execFile)(process.execPath, args, { timeout: 60_000 });
    assert.match(stdout, /Passed: (\d+)\/\1, 0 failed/);
  });
}
