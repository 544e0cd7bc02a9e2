import express, { type Express, type RequestHandler } from "express";
import type { ScenarioCatalog } from "../scenarios/catalog.js";
import type { EpisodeStore } from "./episode-store.js";
import { errorHandler, notFoundRoute } from "./http-error.js";
import { hostAndOriginGuard, type GuardOptions } from "./guard.js";
import { roleGuard } from "./roles.js";
import { scenarioRoutes } from "./routes-scenarios.js";
import { episodeRoutes, toolCallRoute } from "./routes-episodes.js";
import { scoreRoutes } from "./routes-score.js";
import { mcpRoutes } from "./mcp-http.js";
import { openApiDocument } from "./openapi.js";
import { DEFAULT_BODY_BYTES, DEFAULT_LOG_BYTES } from "./http-server.js";
import { Metrics } from "./metrics.js";
import { requestLog } from "./request-log.js";
import { Scoring } from "./scoring.js";
import { Snapshots } from "./snapshots.js";
import { Turns } from "./turns.js";
import { healthBody } from "./api-schemas.js";
import { checkField, MAX_BODY_DEPTH, send } from "./validate-body.js";

import type { Logger } from "pino";

export interface AppOptions extends GuardOptions {
  /** The structured request log; none: no request log (tests, embedding). */
  logger?: Logger | undefined;
  /** Largest JSON body accepted, in bytes, but on POST /score. */
  bodyLimit: number;
  /** Largest JSON body of POST /score (a whole trajectory log), in bytes. */
  maxLogBytes: number;
  /** Where scenario snapshots are built off the event loop: pimbox serve passes one it started
   *  warming before the catalog loaded; by default one that builds each on first use. */
  snapshots?: Snapshots | undefined;
}

export const DEFAULT_APP_OPTIONS: AppOptions = {
  allowedHosts: ["localhost", "127.0.0.1", "[::1]"],
  allowedOrigins: [],
  bodyLimit: DEFAULT_BODY_BYTES,
  maxLogBytes: DEFAULT_LOG_BYTES,
};

/** Runs middleware that each call next() at once, in order, as one express layer. */
function inOneLayer(handlers: readonly RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let i = 0;
    const step = (err?: unknown): void => {
      if (err !== undefined || i === handlers.length) next(err);
      else handlers[i++]!(req, res, step);
    };
    step();
  };
}

export function createApp(catalog: ScenarioCatalog, store: EpisodeStore, options: AppOptions = DEFAULT_APP_OPTIONS): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  const metrics = new Metrics(store);
  store.observeEpisodes(metrics.episodeObserver);
  const scoring = new Scoring(catalog, store.limits, metrics);
  const snapshots = options.snapshots ?? new Snapshots();
  // Episode and MCP session opens take turns on the event loop: other requests are served, and
  // new connections accepted, between them.
  const turns = new Turns();
  // The checks every request passes run in one router layer: each is a small synchronous check,
  // and on a fast tool call an express layer costs more than the check in it.
  app.use(inOneLayer([
    metrics.requestTimer(),
    ...(options.logger ? [requestLog(options.logger)] : []),
    hostAndOriginGuard(options),
    roleGuard(options.token, store),
  ]));
  const json = express.json({ limit: options.bodyLimit, strict: false });
  // Tool calls are most of the traffic: their route comes before every other. Their arguments
  // have their own depth limit (the episode's, returned as a tool error), so the body check
  // below is not theirs.
  app.post("/episodes/:id/tools/:name", json, toolCallRoute(store));
  // POST /score reads its own body, off the event loop (routes-score.ts); everything else is
  // small. Every other body has a depth limit.
  app.use((req, res, next) => {
    if (req.method === "POST" && req.path === "/score") { next(); return; }
    json(req, res, (err?: unknown) => {
      if (err === undefined && req.body !== undefined) {
        try { checkField("body", req.body, { depth: MAX_BODY_DEPTH }); } catch (e) { next(e); return; }
      }
      next(err);
    });
  });
  app.get("/health", (_req, res) => {
    send(res, healthBody, { ok: true, episodes: store.size, capacity: store.capacity, scenarios: catalog.list().length, warming: snapshots.pending });
  });
  app.get("/metrics", async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  app.get("/openapi.json", (req, res) => { res.json(openApiDocument(`${req.protocol}://${req.get("host") ?? "127.0.0.1"}`)); });
  app.use(episodeRoutes(catalog, store, scoring, snapshots, turns));
  app.use(mcpRoutes(catalog, store, snapshots, turns));
  app.use(scenarioRoutes(catalog));
  app.use(scoreRoutes(scoring, options.maxLogBytes));
  app.use(notFoundRoute);
  app.use(errorHandler);
  return app;
}
