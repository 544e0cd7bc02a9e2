import { playScript } from "../episode/replay.js";
import { scoreScenarioTrajectory } from "../episode/score.js";
import { renderReport } from "../milestones/index.js";
import { loadCatalog } from "./catalog.js";
import { UsageError } from "./serve.js";

export interface ReplayOptions { data: string; negative?: string; json?: boolean }

/** `pimbox replay ID`: plays a scenario's gold (or a negative) trajectory and prints every step
 *  with its result and the score: what a scenario author checks a scenario with. */
export function replayCommand(id: string, opts: ReplayOptions): number {
  const scenario = loadCatalog(opts.data).get(id);
  if (!scenario) throw new UsageError(`no scenario "${id}" (or it was refused: run \`pimbox validate\`)`);
  const which = opts.negative === undefined ? undefined : Number(opts.negative);
  const script = which === undefined ? scenario.file.gold_trajectory : scenario.file.negative_trajectories[which]?.steps;
  if (!script) throw new UsageError(`scenario ${id} has no negative trajectory ${opts.negative}`);
  const episode = playScript(scenario, script, "replay");
  const report = scoreScenarioTrajectory(scenario, episode.trajectory());
  if (opts.json) {
    process.stdout.write(JSON.stringify({ steps: episode.trajectory().steps, report }, null, 2) + "\n");
  } else {
    for (const s of episode.trajectory().steps) {
      const head = `#${s.index} ${s.time} ${s.kind}`;
      if (s.kind === "tool") process.stdout.write(`${head} ${s.tool} ${JSON.stringify(s.arguments)}\n  -> ${JSON.stringify(s.ok ? s.result : { error: s.error })}\n`);
      else process.stdout.write(`${head}: ${s.kind === "system" ? s.content.slice(0, 80) + "..." : s.content}\n`);
    }
    process.stdout.write(renderReport(report) + "\n");
  }
  episode.close();
  return 0;
}
