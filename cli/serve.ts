import { createApp, DEFAULT_APP_OPTIONS } from "../server/app.js";
import { EpisodeStore } from "../server/episode-store.js";
import { LOCAL_HOSTS } from "../server/guard.js";
import { loadCatalog } from "./catalog.js";

export interface ServeOptions {
  port: string; host: string; data: string; token?: string; allowOrigin: string[]; allowHost: string[]; idleMinutes: string;
}

export async function serveCommand(opts: ServeOptions): Promise<void> {
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be an integer 0-65535, got "${opts.port}"`);
  const idle = Number(opts.idleMinutes);
  if (!(idle > 0)) throw new UsageError(`--idle-minutes must be a positive number, got "${opts.idleMinutes}"`);
  const catalog = loadCatalog(opts.data);
  const store = new EpisodeStore({ idleMs: idle * 60_000, maxEpisodes: 10_000 });
  const wildcard = opts.host === "0.0.0.0" || opts.host === "::";
  const allowedHosts = wildcard && opts.allowHost.length === 0 ? [] : [...LOCAL_HOSTS, opts.host, ...opts.allowHost];
  const app = createApp(catalog, store, {
    ...DEFAULT_APP_OPTIONS, allowedHosts, allowedOrigins: opts.allowOrigin, token: opts.token ?? process.env.PIMBOX_TOKEN,
  });
  await new Promise<void>((resolve, reject) => {
    const server = app.listen(port, opts.host, () => {
      const address = server.address();
      const actual = typeof address === "object" && address ? address.port : port;
      process.stdout.write(`pimbox listening on http://${opts.host}:${actual} (${catalog.list().length} scenarios)\n`);
      process.stdout.write(`  MCP per scenario: http://${opts.host}:${actual}/scenarios/<id>/mcp   API: http://${opts.host}:${actual}/openapi.json\n`);
    });
    server.keepAliveTimeout = 65_000;
    server.on("error", reject);
    const stop = () => { store.close(); server.close(() => resolve()); server.closeAllConnections(); };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}

export class UsageError extends Error {}
