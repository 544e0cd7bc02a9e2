import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Server } from "node:http";
import { createApp, DEFAULT_APP_OPTIONS, type AppOptions } from "../../server/app.js";
import { EpisodeStore } from "../../server/episode-store.js";
import { fixtureCatalog } from "../helpers.js";

export interface Running { url: string; store: EpisodeStore; server: Server; close(): Promise<void> }

/** The real app on a random port of 127.0.0.1. */
export async function startServer(options: Partial<AppOptions> = {}): Promise<Running> {
  const store = new EpisodeStore({ idleMs: 60_000, maxEpisodes: 1000 });
  const app = createApp(fixtureCatalog(), store, { ...DEFAULT_APP_OPTIONS, ...options });
  const server = await new Promise<Server>((resolve) => { const s = app.listen(0, "127.0.0.1", () => resolve(s)); });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    server,
    close: () => new Promise((resolve) => { store.close(); server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export function testApp(options: Partial<AppOptions> = {}) {
  const store = new EpisodeStore({ idleMs: 60_000, maxEpisodes: 1000 });
  return { app: createApp(fixtureCatalog(), store, { ...DEFAULT_APP_OPTIONS, ...options }), store };
}

/** A real MCP SDK client connected over the given transport. */
export async function connectMcp(transport: Transport): Promise<Client> {
  const client = new Client({ name: "pimbox-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}
