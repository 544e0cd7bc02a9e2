import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createApp, DEFAULT_APP_OPTIONS } from "../server/app.js";
import { EpisodeStore } from "../server/episode-store.js";
import { ScenarioCatalog } from "../scenarios/catalog.js";
import { warmStart } from "../server/warm-up.js";
import { DEFAULT_LIMITS } from "../episode/limits.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

// A server for the HTTP benchmark, run in its own process so that the load generator does not
// share its CPU: `pimbox` serves the real app; `bare` a bare express handler returning JSON of
// the same size (the baseline). Prints one JSON line with the port and the path to hit.

const [mode, dataDir, scenarioId, tool, argsJson, payloadJson] = process.argv.slice(2);

if (mode === "pimbox") {
  // As `pimbox serve` runs it: every snapshot built in worker threads from the start.
  const { catalog, snapshots } = warmStart(dataDir!, (dir) => ScenarioCatalog.load(dir).catalog, process.env.PIMBOX_BENCH_WARM !== "0");
  // Load runs make hundreds of thousands of calls on one episode.
  const store = new EpisodeStore({ idleMs: 3_600_000, maxEpisodes: 10_000, limits: { ...DEFAULT_LIMITS, maxSteps: 1e9 } });
  const { episode } = store.create(catalog.get(scenarioId!)!, { tickSeconds: 5 });
  const app = createApp(catalog, store, { ...DEFAULT_APP_OPTIONS, snapshots });
  // On a port of its own (not a route of the app under load): the process's resident memory
  // after full collections (the child runs with --expose-gc).
  const probe = http.createServer((_req, res) => {
    const gc = (globalThis as { gc?: () => void }).gc;
    let n = 0;
    const next = () => {
      gc?.();
      if (++n < 3) { setTimeout(next, 50); return; }
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed, gc: gc !== undefined }));
    };
    next();
  }).listen(0, "127.0.0.1");
  const server = app.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo;
    const rssPort = (probe.address() as AddressInfo).port;
    process.stdout.write(JSON.stringify({ port, rssPort, path: `/episodes/${episode.id}/tools/${tool}`, mcpPath: `/episodes/${episode.id}/mcp`, body: argsJson }) + "\n");
  });
} else if (mode === "mcp-bare") {
  // The baseline for MCP: the SDK's own stateless streamable HTTP server with one tool that
  // returns the same result, a fresh server and transport per request as the SDK documents.
  const result = JSON.parse(payloadJson!) as Record<string, unknown>;
  const app = express();
  app.use(express.json());
  app.post("/mcp", async (req, res) => {
    const server = new McpServer({ name: "bare", version: "1.0.0" });
    server.registerTool(tool!, { description: "one tool" }, () => ({ content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => { void transport.close(); void server.close(); });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  const server = app.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(JSON.stringify({ port, path: "/mcp", body: argsJson }) + "\n");
  });
} else {
  const payload = JSON.parse(payloadJson!) as unknown;
  const app = express();
  app.use(express.json());
  app.post("/episodes/:id/tools/:name", (_req, res) => { res.json(payload); });
  const server = app.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(JSON.stringify({ port, path: "/episodes/x/tools/y", body: argsJson }) + "\n");
  });
}
