import { ScenarioCatalog } from "../scenarios/catalog.js";
import { playScript } from "../episode/replay.js";
import { scoreScenarioTrajectory } from "../episode/score.js";
import type { Trajectory } from "../episode/trajectory.js";

export interface ScoringBench { p50: number; p99: number; max: number; trajectories: number }

/** Scoring time per trajectory on the shipped scenarios: each scenario's gold, negative and blind
 *  calibration trajectories are replayed once, then each is scored `runs` times; p99 over all. */
export function benchShippedScoring(dataDir: string, runs = 5): ScoringBench {
  const { catalog } = ScenarioCatalog.load(dataDir);
  const times: number[] = [];
  let trajectories = 0;
  for (const scenario of catalog.list()) {
    const scripts = [
      scenario.file.gold_trajectory, ...scenario.file.negative_trajectories.map((n) => n.steps),
      ...scenario.calibration.flatMap((c) => c.file.trajectories.map((t) => t.steps)),
    ];
    for (const script of scripts) {
      const episode = playScript(scenario, script, "bench");
      const trajectory: Trajectory = episode.trajectory();
      trajectories++;
      scoreScenarioTrajectory(scenario, trajectory);
      for (let i = 0; i < runs; i++) {
        const t0 = process.hrtime.bigint();
        scoreScenarioTrajectory(scenario, trajectory);
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      episode.close();
    }
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;
  return { p50: q(0.5), p99: q(0.99), max: times[times.length - 1] ?? NaN, trajectories };
}
