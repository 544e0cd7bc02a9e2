import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { ScenarioCatalog } from "../scenarios/catalog.js";
import { createApp, DEFAULT_APP_OPTIONS } from "../server/app.js";
import { EpisodeStore } from "../server/episode-store.js";

export interface LocalServer { url: string; close(): Promise<void> }

/** The pimbox app in this process on a random port of 127.0.0.1: the runner still reaches it
 *  over loopback HTTP, like any outside harness. */
export async function startLocalServer(catalog: ScenarioCatalog): Promise<LocalServer> {
  const store = new EpisodeStore({ idleMs: 30 * 60_000, maxEpisodes: 10_000 });
  const app = createApp(catalog, store, DEFAULT_APP_OPTIONS);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
    s.on("error", reject);
  });
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => { store.close(); server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
