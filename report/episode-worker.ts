import { parentPort, workerData } from "node:worker_threads";
import { packEpisodes, type EpisodeJob } from "./episode-pool.js";

// One worker thread of episode-pool.ts: packs its share of the episodes and sends them back.
parentPort!.postMessage(packEpisodes(workerData as EpisodeJob));
