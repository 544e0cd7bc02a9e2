import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Server } from "node:http";
import { createApp, DEFAULT_APP_OPTIONS, type AppOptions } from "../../server/app.js";
import { EpisodeStore, type EpisodeStoreOptions } from "../../server/episode-store.js";
import { DEFAULT_LISTEN_OPTIONS, listen } from "../../server/http-server.js";
import { fixtureCatalog } from "../helpers.js";

export interface Running { url: string; store: EpisodeStore; server: Server; close(): Promise<void> }

/** The real app on a random port of 127.0.0.1, with the server's timeouts and connection cap. */
export async function startServer(options: Partial<AppOptions> = {}, storeOptions: Partial<EpisodeStoreOptions> = {}): Promise<Running> {
  const store = new EpisodeStore({ idleMs: 60_000, maxEpisodes: 1000, ...storeOptions });
  const app = createApp(fixtureCatalog(), store, { ...DEFAULT_APP_OPTIONS, ...options });
  const server = await listen(app, { port: 0, host: "127.0.0.1", ...DEFAULT_LISTEN_OPTIONS });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    server,
    close: () => new Promise((resolve) => { store.close(); server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export function testApp(options: Partial<AppOptions> = {}, storeOptions: Partial<EpisodeStoreOptions> = {}) {
  const store = new EpisodeStore({ idleMs: 60_000, maxEpisodes: 1000, ...storeOptions });
  return { app: createApp(fixtureCatalog(), store, { ...DEFAULT_APP_OPTIONS, ...options }), store };
}

/** A real MCP SDK client connected over the given transport. */
export async function connectMcp(transport: Transport): Promise<Client> {
  const client = new Client({ name: "pimbox-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}
