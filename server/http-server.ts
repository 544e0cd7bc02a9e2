import type { Server } from "node:http";
import type { Express } from "express";

export interface ListenOptions {
  port: number;
  host: string;
  /** Open connections at most; more are dropped by the kernel's accept path (node's maxConnections). */
  maxConnections: number;
}

/** Largest request body, and largest POST /score body (a whole trajectory log). */
export const DEFAULT_BODY_BYTES = 1024 * 1024;
export const DEFAULT_LOG_BYTES = 32 * 1024 * 1024;

export const DEFAULT_LISTEN_OPTIONS: Omit<ListenOptions, "port" | "host"> = { maxConnections: 2048 };

// Timeouts chosen so that a slow or idle client cannot hold a connection for long: headers must
// arrive within 10 s and the whole request (a large log included) within 60 s; an idle keep-alive
// connection is closed after 10 s (longer than clients' usual 4-5 s reuse window).
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const KEEP_ALIVE_TIMEOUT_MS = 10_000;

/** Starts `app` on port/host with the server's timeouts and connection cap. */
export function listen(app: Express, options: ListenOptions): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(options.port, options.host);
    server.headersTimeout = HEADERS_TIMEOUT_MS;
    server.requestTimeout = REQUEST_TIMEOUT_MS;
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.maxConnections = options.maxConnections;
    server.once("listening", () => resolve(server));
    server.once("error", reject);
  });
}
