import type { RequestHandler } from "express";
import { HttpError } from "./http-error.js";

export interface GuardOptions {
  /** Host names (no port) accepted in the Host header; empty: any. */
  allowedHosts: readonly string[];
  /** Origins (scheme://host[:port]) accepted in an Origin header, besides localhost ones. */
  allowedOrigins: readonly string[];
  /** When set, the harness routes need `Authorization: Bearer <token>` (see roles.ts). */
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

/** DNS-rebinding protection on every route: a browser page on another site must not be able
 *  to drive or read a local server, so Host must be one we serve and Origin, when sent, one we
 *  trust. */
export function hostAndOriginGuard(options: GuardOptions): RequestHandler {
  // Host headers already accepted: a client sends the same one on every request.
  const accepted = new Set<string>();
  const hostAllowed = (host: string | undefined): boolean => {
    if (!options.allowedHosts.length || (host !== undefined && accepted.has(host))) return true;
    if (!host || !options.allowedHosts.includes(hostname(host))) return false;
    if (accepted.size < 256) accepted.add(host);
    return true;
  };
  return (req, _res, next) => {
    const host = req.headers.host;
    if (!hostAllowed(host)) {
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
