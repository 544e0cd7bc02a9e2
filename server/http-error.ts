import type { ErrorRequestHandler, RequestHandler } from "express";
import { ScenarioUnusable, StoreFull } from "./episode-store.js";
import { LimitExceeded } from "../episode/limits.js";

/** An HTTP failure with a JSON body a person can act on: a code, a message, and what it concerns. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFoundRoute: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, "route_not_found", `no route ${req.method} ${req.path}; see GET /openapi.json`));
};

/** Any error as an HttpError; the unexpected ones become a 500 with no stack. */
function asHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof ScenarioUnusable) return new HttpError(422, "scenario_unusable", err.message, { id: err.scenarioId });
  if (err instanceof StoreFull) {
    return new HttpError(503, "server_full", err.message, { limit: err.maxEpisodes }, { "Retry-After": String(err.retryAfterSeconds) });
  }
  if (err instanceof LimitExceeded) {
    const { code, message, ...detail } = err.error;
    return new HttpError(err.error.field === "episode" ? 409 : 413, code, message, detail);
  }
  const e = err as { type?: string; status?: number; message?: string };
  if (e.type === "entity.parse.failed") return new HttpError(400, "malformed_json", `the body is not valid JSON: ${e.message}`);
  if (e.type === "entity.too.large") {
    const limit = (err as { limit?: number }).limit;
    return new HttpError(413, "body_too_large", `the body is larger than the ${limit ?? "configured"} bytes this route accepts (--max-body-bytes, or --max-log-bytes for POST /score)`, { limit });
  }
  if (typeof e.status === "number" && e.status >= 400 && e.status < 500) return new HttpError(e.status, "bad_request", e.message ?? "bad request");
  process.stderr.write(`pimbox: unexpected error: ${(err as Error)?.stack ?? String(err)}\n`);
  return new HttpError(500, "internal", "unexpected server error");
}

/** The one place where failures become HTTP answers. On the MCP routes the body is a JSON-RPC
 *  error, which is what MCP clients read; elsewhere {error: {code, message, ...}}. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const e = asHttpError(err);
  res.set(e.headers);
  if (/\/mcp\/?$/.test(req.path)) {
    const rpc = e.code === "malformed_json" ? -32700 : -32000;
    res.status(e.status).json({ jsonrpc: "2.0", error: { code: rpc, message: e.message }, id: null });
    return;
  }
  res.status(e.status).json({ error: { code: e.code, message: e.message, ...e.detail } });
};
