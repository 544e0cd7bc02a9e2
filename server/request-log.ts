import type { RequestHandler } from "express";
import { pino, type Logger, type LevelWithSilent } from "pino";
import { pinoHttp } from "pino-http";

// The structured request log: one JSON line per request (method, path, status, time taken),
// never a header or a body: the bearer token and agent credentials must not reach a log file.

export function createLogger(level: LevelWithSilent): Logger {
  return pino({ level, base: { service: "pimbox" } });
}

export function requestLog(logger: Logger): RequestHandler {
  let next = 0;
  return pinoHttp({
    logger,
    genReqId: () => ++next,
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
    serializers: {
      req: (req: { id: number; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url.split("?")[0] }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
}
