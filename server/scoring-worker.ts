import { parentPort, workerData } from "node:worker_threads";
import { ScenarioCatalog } from "../scenarios/catalog.js";
import { scoreLog, type LogInput, type ScoreOutcome } from "../episode/score-log.js";
import type { EpisodeLimits } from "../episode/limits.js";

// A scoring thread: replays a trajectory against its scenario and scores it, off the server's
// event loop. It reads scenarios from the server's data folder as they are asked for (and keeps
// their snapshots), so it holds only the scenarios it scored.

export interface ScoringJob { id: number; input: LogInput }
export type ScoringAnswer = { id: number; outcome: ScoreOutcome } | { id: number; failure: string };

const { dataDir, limits } = workerData as { dataDir: string; limits: EpisodeLimits };
const catalog = ScenarioCatalog.lazy(dataDir);

parentPort!.on("message", (job: ScoringJob) => {
  let answer: ScoringAnswer;
  try {
    answer = { id: job.id, outcome: scoreLog(catalog, job.input, limits) };
  } catch (e) {
    answer = { id: job.id, failure: (e as Error).stack ?? String(e) };
  }
  parentPort!.postMessage(answer);
});
