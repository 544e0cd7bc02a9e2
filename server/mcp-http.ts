import { randomUUID } from "node:crypto";
import { Router, type Request, type Response } from "express";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { ScenarioCatalog } from "../scenarios/catalog.js";
import type { EpisodeStore } from "./episode-store.js";
import { createMcpServer } from "./mcp-server.js";
import type { Turns } from "./turns.js";
import type { Snapshots } from "./snapshots.js";
import { DEFAULT_OPTIONS } from "../episode/episode.js";

interface Session { transport: StreamableHTTPServerTransport; episodeId: string; scenarioId: string }

function jsonRpcError(res: Response, status: number, message: string): void {
  res.status(status).json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null });
}

/** `?user_tool=1` offers send_message_to_user (on /scenarios/:id/mcp: on the initialize request). */
const userToolFlag = (req: Request): boolean => req.query.user_tool === "1" || req.query.user_tool === "true";

/** MCP over streamable HTTP, bound to episodes in two ways:
 *  - /episodes/:id/mcp: the episode's own URL, stateless (no MCP session needed, so it survives
 *    MCP revisions without sessions); each request gets a fresh server and transport;
 *  - /scenarios/:id/mcp: each MCP session opens a fresh episode of the scenario; the episode id is
 *    sent back in the X-Pimbox-Episode-Id header so a harness can score it over HTTP. */
export function mcpRoutes(catalog: ScenarioCatalog, store: EpisodeStore, snapshots: Snapshots, turns: Turns): Router {
  const router = Router();
  const sessions = new Map<string, Session>();

  store.onClose((episodeId) => {
    for (const [sid, s] of sessions) {
      if (s.episodeId === episodeId) { sessions.delete(sid); void s.transport.close(); }
    }
  });

  router.all("/episodes/:id/mcp", async (req: Request<{ id: string }>, res) => {
    // Stateless: nothing to stream to (GET) and no session to end (DELETE).
    if (req.method !== "POST") {
      res.setHeader("Allow", "POST");
      jsonRpcError(res, 405, "this endpoint is stateless: send JSON-RPC requests with POST");
      return;
    }
    const episode = store.get(req.params.id);
    if (!episode) { jsonRpcError(res, 404, `no episode "${req.params.id}"`); return; }
    episode.lastActive = Date.now();
    const server = createMcpServer(episode, { userTool: userToolFlag(req) });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => { void transport.close(); void server.close(); });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });

  router.all("/scenarios/:id/mcp", async (req: Request<{ id: string }>, res) => {
    const sid = req.headers["mcp-session-id"];
    if (typeof sid === "string") {
      const session = sessions.get(sid);
      if (!session || session.scenarioId !== req.params.id) {
        jsonRpcError(res, 404, `no MCP session "${sid}" for scenario "${req.params.id}" (it ended or expired); start a new one`);
        return;
      }
      const episode = store.get(session.episodeId);
      if (episode) episode.lastActive = Date.now();
      await session.transport.handleRequest(req, res, req.body);
      return;
    }
    if (req.method !== "POST" || !isInitializeRequest(req.body)) {
      jsonRpcError(res, 400, "send an initialize request first (without Mcp-Session-Id), or use /episodes/:id/mcp");
      return;
    }
    const scenario = catalog.get(req.params.id);
    if (!scenario) { jsonRpcError(res, 404, `no scenario "${req.params.id}"; see GET /scenarios`); return; }
    await snapshots.ready(scenario);
    await turns.run(res, async () => {
      const { episode } = store.create(scenario, DEFAULT_OPTIONS, { via: "mcp-session" });
      // Ending the MCP session does not delete the episode: the harness may still read its
      // trajectory and score over HTTP; it expires when idle like any other.
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => { sessions.set(id, { transport, episodeId: episode.id, scenarioId: scenario.id }); },
        onsessionclosed: (id) => { sessions.delete(id); },
      });
      const server = createMcpServer(episode, { userTool: userToolFlag(req) });
      transport.onclose = () => { void server.close(); };
      res.setHeader("X-Pimbox-Episode-Id", episode.id);
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
      // An initialize the transport refused (wrong Accept header, say) opened no session.
      if (transport.sessionId === undefined) { store.delete(episode.id); void server.close(); }
    });
  });

  return router;
}
