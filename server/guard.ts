import { timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { HttpError } from "./http-error.js";

export interface GuardOptions {
  /** Host names (no port) accepted in the Host header; empty: any. */
  allowedHosts: readonly string[];
  /** Origins (scheme://host[:port]) accepted in an Origin header, besides localhost ones. */
  allowedOrigins: readonly string[];
  /** When set, every request needs `Authorization: Bearer <token>`. */
  token?: string | undefined;
}

export const LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

function hostname(hostHeader: string): string {
  if (hostHeader.startsWith("[")) return hostHeader.slice(0, hostHeader.indexOf("]") + 1);
  return hostHeader.split(":")[0]!.toLowerCase();
}

function isLocalOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return LOCAL_HOSTS.includes(url.hostname) || url.hostname === "[::1]";
  } catch {
    return false;
  }
}

/** DNS-rebinding protection for the MCP routes: a browser page on another site must not be able
 *  to drive a local server, so Host must be one we serve and Origin, when sent, one we trust. */
export function hostAndOriginGuard(options: GuardOptions): RequestHandler {
  return (req, _res, next) => {
    const host = req.headers.host;
    if (options.allowedHosts.length && (!host || !options.allowedHosts.includes(hostname(host)))) {
      next(new HttpError(403, "host_not_allowed", `Host "${host ?? ""}" is not served here; allowed: ${options.allowedHosts.join(", ")}`));
      return;
    }
    const origin = req.headers.origin;
    if (origin && !isLocalOrigin(origin) && !options.allowedOrigins.includes(origin)) {
      next(new HttpError(403, "origin_not_allowed", `Origin "${origin}" is not allowed; start the server with --allow-origin to trust it`));
      return;
    }
    next();
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function bearerAuth(token: string | undefined): RequestHandler {
  return (req, _res, next) => {
    if (!token || req.path === "/health") { next(); return; }
    if (!sameSecret(req.headers.authorization ?? "", `Bearer ${token}`)) {
      next(new HttpError(401, "unauthorized", "send Authorization: Bearer <token> (the token the server was started with)"));
      return;
    }
    next();
  };
}
