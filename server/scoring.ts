import type { Episode } from "../episode/episode.js";
import { scoreScenarioTrajectory } from "../episode/score.js";
import { scoreLog, type LogInput, type ScoreOutcome } from "../episode/score-log.js";
import type { EpisodeLimits } from "../episode/limits.js";
import type { ScoreReport } from "../milestones/index.js";
import type { ScenarioCatalog } from "../scenarios/catalog.js";
import type { Metrics } from "./metrics.js";

/** Scoring for the HTTP routes, timed in the metrics. */
export class Scoring {
  constructor(private readonly catalog: ScenarioCatalog, private readonly limits: EpisodeLimits, private readonly metrics: Metrics) {}

  episode(episode: Episode): Promise<ScoreReport> {
    return this.metrics.timeScoring("episode", async () => scoreScenarioTrajectory(episode.scenario, episode.trajectory()));
  }

  log(input: LogInput): Promise<ScoreOutcome> {
    return this.metrics.timeScoring("log", async () => scoreLog(this.catalog, input, this.limits));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
