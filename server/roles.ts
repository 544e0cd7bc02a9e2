import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { HttpError } from "./http-error.js";

// Two roles share the server. The harness creates episodes and reads what the agent must not see
// (answers, state, trajectories, scores; it may also inject user messages). The agent under test
// reaches only its own episode's tools and messages. With a token set, the harness routes need
// it; an episode's agent credential (returned by POST /episodes) opens only that episode's agent
// routes. Without a token (loopback development) every route is open.

/** Routes anyone may read: nothing on them concerns a scenario. */
const PUBLIC = new Set(["/health", "/openapi.json", "/metrics"]);

/** The agent's surface: its episode's status, tools, tool calls, messages and MCP endpoint. */
const AGENT_ROUTE = /^\/episodes\/([^/]+)(?:\/(?:tools(?:\/[^/]+)?|messages|mcp))?\/?$/;

/** The episode an agent-surface request concerns, or undefined for a harness route. */
export function agentRouteEpisode(method: string, path: string): string | undefined {
  const m = AGENT_ROUTE.exec(path);
  if (!m) return undefined;
  if (method === "DELETE") return undefined;
  return decodeURIComponent(m[1]!);
}

/** The secret of `Authorization: Bearer <secret>`; the scheme is case-insensitive (RFC 9110). */
export function bearerSecret(header: string | undefined): string | undefined {
  const m = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  return m?.[1];
}

export function digest(secret: string): Buffer {
  return createHash("sha256").update(secret).digest();
}

export function sameDigest(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface CredentialCheck {
  /** true when `secret` is the agent credential of episode `id`. */
  isAgentOf(id: string, secret: string): boolean;
}

export function roleGuard(token: string | undefined, credentials: CredentialCheck): RequestHandler {
  const harness = token === undefined ? undefined : digest(token);
  return (req, res, next) => {
    if (!harness || PUBLIC.has(req.path)) { next(); return; }
    const secret = bearerSecret(req.headers.authorization);
    if (secret === undefined) {
      next(new HttpError(401, "unauthorized", "send Authorization: Bearer <token>: the server's token, or on an episode's agent routes the agent_token POST /episodes returned"));
      return;
    }
    if (sameDigest(digest(secret), harness)) { res.locals.role = "harness"; next(); return; }
    const episodeId = agentRouteEpisode(req.method, req.path);
    if (episodeId !== undefined && credentials.isAgentOf(episodeId, secret)) { res.locals.role = "agent"; next(); return; }
    next(episodeId === undefined
      ? new HttpError(401, "unauthorized", `${req.method} ${req.path} is a harness route: it needs the server's token (an agent_token opens only its episode's tools, messages and MCP)`)
      : new HttpError(401, "unauthorized", `the credential is neither the server's token nor episode "${episodeId}"'s agent_token`, { id: episodeId }));
  };
}
