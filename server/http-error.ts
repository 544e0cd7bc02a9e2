import type { ErrorRequestHandler, RequestHandler } from "express";

/** An HTTP failure with a JSON body a person can act on: a code, a message, and what it concerns. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFoundRoute: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, "route_not_found", `no route ${req.method} ${req.path}; see GET /openapi.json`));
};

/** The one place where failures become HTTP answers. Unexpected errors are 500s with no stack. */
export const errorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
  if (err instanceof HttpError) {
    res.status(err.status).json({ error: { code: err.code, message: err.message, ...err.detail } });
    return;
  }
  const e = err as { type?: string; status?: number; message?: string };
  if (e.type === "entity.parse.failed") {
    res.status(400).json({ error: { code: "malformed_json", message: `the body is not valid JSON: ${e.message}` } });
    return;
  }
  if (e.type === "entity.too.large") {
    res.status(413).json({ error: { code: "body_too_large", message: "the body is larger than the server accepts" } });
    return;
  }
  if (typeof e.status === "number" && e.status >= 400 && e.status < 500) {
    res.status(e.status).json({ error: { code: "bad_request", message: e.message ?? "bad request" } });
    return;
  }
  process.stderr.write(`pimbox: unexpected error: ${(err as Error)?.stack ?? String(err)}\n`);
  res.status(500).json({ error: { code: "internal", message: "unexpected server error" } });
};
