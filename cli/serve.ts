import { createApp, DEFAULT_APP_OPTIONS } from "../server/app.js";
import { EpisodeStore } from "../server/episode-store.js";
import { LOCAL_HOSTS } from "../server/guard.js";
import { listen } from "../server/http-server.js";
import { StateDir } from "../server/state-dir.js";
import { createLogger } from "../server/request-log.js";
import { loadCatalog } from "./catalog.js";
import { warmStart } from "../server/warm-up.js";
import { intFlag, UsageError } from "./usage.js";

export interface ServeOptions {
  port: string; host: string; data: string; token?: string; allowOrigin: string[]; allowHost: string[]; idleMinutes: string;
  maxEpisodes: string; maxSteps: string; maxArgumentBytes: string; maxArgumentDepth: string; maxSearchText: string;
  maxBodyBytes: string; maxLogBytes: string; maxConnections: string; stateDir?: string; logLevel: string;
}

const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

function logLevel(value: string): (typeof LOG_LEVELS)[number] {
  const level = LOG_LEVELS.find((l) => l === value);
  if (!level) throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(", ")}, got "${value}"`);
  return level;
}

/** Requests still in flight after a signal get this long before their connections are cut. */
const DRAIN_MS = 5_000;

export async function serveCommand(opts: ServeOptions): Promise<void> {
  const port = intFlag("--port", opts.port, 0, 65535);
  const idle = Number(opts.idleMinutes);
  if (!(idle > 0)) throw new UsageError(`--idle-minutes must be a positive number, got "${opts.idleMinutes}"`);
  const limits = {
    maxSteps: intFlag("--max-steps", opts.maxSteps, 10, 10_000_000),
    maxArgumentBytes: intFlag("--max-argument-bytes", opts.maxArgumentBytes, 1024, 64 * 1024 * 1024),
    // dropNulls and zod recurse: keep far from the stack's depth.
    maxArgumentDepth: intFlag("--max-argument-depth", opts.maxArgumentDepth, 4, 1000),
    maxSearchText: intFlag("--max-search-text", opts.maxSearchText, 1, 1_000_000),
  };
  const maxEpisodes = intFlag("--max-episodes", opts.maxEpisodes, 1, 10_000_000);
  const bodyLimit = intFlag("--max-body-bytes", opts.maxBodyBytes, 1024, 1024 ** 3);
  const maxLogBytes = intFlag("--max-log-bytes", opts.maxLogBytes, 1024, 1024 ** 3);
  const maxConnections = intFlag("--max-connections", opts.maxConnections, 1, 1_000_000);
  // By the time the server listens most snapshots are ready, and an open never builds one on the loop.
  const { catalog, snapshots } = warmStart(opts.data, (dir) => loadCatalog(dir));
  if (catalog.list().length === 0) throw new UsageError(`--data: no scenario in "${opts.data}" could be loaded; run \`pimbox validate --data ${opts.data}\``);
  let stateDir: StateDir | undefined;
  try {
    stateDir = opts.stateDir === undefined ? undefined : new StateDir(opts.stateDir);
  } catch (e) {
    throw new UsageError(`--state-dir: cannot use "${opts.stateDir}": ${(e as Error).message}`);
  }
  const store = new EpisodeStore({ idleMs: idle * 60_000, maxEpisodes, limits, stateDir });
  const restored = store.restore(catalog);
  const wildcard = opts.host === "0.0.0.0" || opts.host === "::";
  const allowedHosts = wildcard && opts.allowHost.length === 0 ? [] : [...LOCAL_HOSTS, opts.host, ...opts.allowHost];
  const app = createApp(catalog, store, {
    ...DEFAULT_APP_OPTIONS, allowedHosts, allowedOrigins: opts.allowOrigin, token: opts.token ?? process.env.PIMBOX_TOKEN,
    bodyLimit, maxLogBytes, logger: createLogger(logLevel(opts.logLevel)), snapshots,
  });
  const server = await listen(app, { port, host: opts.host, maxConnections });
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  process.stdout.write(`pimbox listening on http://${opts.host}:${actual} (${catalog.list().length} scenarios)\n`);
  process.stdout.write(`  MCP per scenario: http://${opts.host}:${actual}/scenarios/<id>/mcp   API: http://${opts.host}:${actual}/openapi.json\n`);
  if (stateDir) process.stdout.write(`  restored ${restored.restored} episode(s) from ${stateDir.dir}\n`);
  for (const { file, reason } of restored.setAside) process.stderr.write(`pimbox: set aside ${file} (in unrestorable/): ${reason}\n`);
  // A signal stops accepting, lets requests in flight finish (every step is already in its
  // journal when its response is sent, so nothing is left to flush), then exits.
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      process.stdout.write(`pimbox: ${signal}: finishing requests in flight\n`);
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), DRAIN_MS).unref();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  store.close();
}

