import type { Request, RequestHandler, Response } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { EpisodeObserver } from "../episode/episode.js";
import { findTool } from "../tools/registry.js";
import type { EpisodeStore } from "./episode-store.js";

// GET /metrics in Prometheus text format, from a registry of this app's own (no global state):
// live episodes and capacity, tool calls by tool and outcome, request latency by route, scoring
// time, and the process metrics prom-client collects (event-loop lag, heap, GC).

/** The route pattern, never the URL: ids in label values would grow the series without bound. */
function routeOf(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === "string" ? path : "unmatched";
}

/** The key of res.locals holding the time a request came in. */
const STARTED = "pimboxStartedAt";

/** A label set's child, made once per set. */
function childOf<T>(children: Map<string, T>, labels: readonly string[], make: () => T): T {
  const key = labels.join("\u0000");
  let child = children.get(key);
  if (!child) children.set(key, (child = make()));
  return child;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly toolCalls = new Counter({
    name: "pimbox_tool_calls_total", help: "Tool calls by tool and outcome (ok, or the tool error's code)",
    labelNames: ["tool", "outcome"] as const, registers: [this.registry],
  });
  private readonly requests = new Histogram({
    name: "pimbox_http_request_duration_seconds", help: "HTTP request latency by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const, registers: [this.registry],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  private readonly scoring = new Histogram({
    name: "pimbox_scoring_duration_seconds", help: "Time to score a trajectory (an episode's, or a log sent to POST /score)",
    labelNames: ["source"] as const, registers: [this.registry],
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
  });

  constructor(store: EpisodeStore) {
    new Gauge({ name: "pimbox_live_episodes", help: "Live episodes", registers: [this.registry], collect() { this.set(store.size); } });
    new Gauge({ name: "pimbox_episode_capacity", help: "Live episodes at most (--max-episodes)", registers: [this.registry], collect() { this.set(store.capacity); } });
    collectDefaultMetrics({ register: this.registry });
  }

  // Label sets are few (tools x outcomes, routes x statuses); prom-client hashes a label object on
  // every call, so each set's child is looked up once and kept: this runs on every request.
  private readonly toolChildren = new Map<string, { inc(): void }>();
  private readonly requestChildren = new Map<string, { observe(v: number): void }>();

  private countTool(tool: string, outcome: string): void {
    const name = findTool(tool) ? tool : "(unknown)";
    childOf(this.toolChildren, [name, outcome], () => this.toolCalls.labels({ tool: name, outcome })).inc();
  }

  /** Counts every tool call of every episode it is attached to. */
  readonly episodeObserver: EpisodeObserver = {
    step: (step) => {
      if (step.kind !== "tool") return;
      this.countTool(step.tool, step.ok ? "ok" : step.error?.code ?? "error");
    },
    refused: (tool, error) => { this.countTool(tool, error.code); },
  };

  requestTimer(): RequestHandler {
    // One listener for every response, the start kept on the response: a closure and a once()
    // wrapper per request cost more than the observation.
    const observe = (res: Response): void => {
      const req = res.req;
      const route = routeOf(req), status = String(res.statusCode);
      childOf(this.requestChildren, [req.method, route, status], () => this.requests.labels({ method: req.method, route, status }))
        .observe(Number(process.hrtime.bigint() - (res.locals[STARTED] as bigint)) / 1e9);
    };
    return (_req, res, next) => {
      res.locals[STARTED] = process.hrtime.bigint();
      res.on("finish", finished);
      next();
    };
    function finished(this: Response): void { observe(this); }
  }

  /** Times a scoring, however it ends. */
  async timeScoring<T>(source: "episode" | "log", score: () => Promise<T>): Promise<T> {
    const end = this.scoring.startTimer({ source });
    try {
      return await score();
    } finally {
      end();
    }
  }
}
