import express from "express";
import type { AddressInfo } from "node:net";
import { createApp } from "../server/app.js";
import { EpisodeStore } from "../server/episode-store.js";
import { ScenarioCatalog } from "../scenarios/catalog.js";

// A server for the HTTP benchmark, run in its own process so that the load generator does not
// share its CPU: `pimbox` serves the real app; `bare` a bare express handler returning JSON of
// the same size (the baseline). Prints one JSON line with the port and the path to hit.

const [mode, dataDir, scenarioId, tool, argsJson, payloadJson] = process.argv.slice(2);

if (mode === "pimbox") {
  const { catalog } = ScenarioCatalog.load(dataDir!);
  const store = new EpisodeStore({ idleMs: 3_600_000, maxEpisodes: 100 });
  const { episode } = store.create(catalog.get(scenarioId!)!, { tickSeconds: 5 });
  const app = createApp(catalog, store);
  const server = app.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(JSON.stringify({ port, path: `/episodes/${episode.id}/tools/${tool}`, body: argsJson }) + "\n");
  });
} else {
  const payload = JSON.parse(payloadJson!) as unknown;
  const app = express();
  app.use(express.json());
  app.post("/episodes/:id/tools/:name", (_req, res) => { res.json(payload); });
  const server = app.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(JSON.stringify({ port, path: "/episodes/x/tools/y", body: argsJson }) + "\n");
  });
}
