import { parentPort, workerData } from "node:worker_threads";
import { ScenarioCatalog } from "../scenarios/catalog.js";
import { scoreLog, type LogInput, type ScoreOutcome } from "../episode/score-log.js";
import type { EpisodeLimits } from "../episode/limits.js";
import type { LoggedStep } from "../episode/log.js";
import type { Snapshot } from "../episode/trajectory.js";
import { replay } from "../episode/replay.js";

// A scoring thread: replays a trajectory against its scenario and scores it, off the server's
// event loop. It reads scenarios from the server's data folder as they are asked for (and keeps
// their snapshots), so it holds only the scenarios it scored.

/** Score a trajectory, or rebuild the state after its last step. */
export type ScoringJob =
  | { id: number; input: LogInput }
  | { id: number; state: { scenarioId: string; tickSeconds: number; steps: LoggedStep[] } };
export type ScoringAnswer = { id: number; outcome: ScoreOutcome } | { id: number; snapshot: Snapshot } | { id: number; failure: string };

const { dataDir, limits } = workerData as { dataDir: string; limits: EpisodeLimits };
const catalog = ScenarioCatalog.lazy(dataDir);

parentPort!.on("message", (job: ScoringJob) => {
  let answer: ScoringAnswer;
  try {
    if ("input" in job) answer = { id: job.id, outcome: scoreLog(catalog, job.input, limits) };
    else {
      const scenario = catalog.get(job.state.scenarioId);
      if (!scenario) throw new Error(`no scenario "${job.state.scenarioId}"`);
      const episode = replay(scenario, { tickSeconds: job.state.tickSeconds, limits, history: "current" }, job.state.steps);
      answer = { id: job.id, snapshot: episode.current() };
      episode.close();
    }
  } catch (e) {
    answer = { id: job.id, failure: (e as Error).stack ?? String(e) };
  }
  parentPort!.postMessage(answer);
});
