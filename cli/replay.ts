import { readFileSync } from "node:fs";
import { playScript } from "../episode/replay.js";
import type { ScriptStep } from "../scenarios/scenario-format.js";
import { scoreScenarioTrajectory } from "../episode/score.js";
import { renderReport } from "../milestones/index.js";
import { lazyCatalog } from "./catalog.js";
import { CommandFailure, unknownName, UsageError } from "./usage.js";

export interface ReplayOptions { data: string; negative?: string; json?: boolean; answer?: string }

/** `pimbox replay ID`: plays a scenario's gold (or a negative) trajectory and prints every step
 *  with its result and the score: what a scenario author checks a scenario with. */
export function replayCommand(id: string, opts: ReplayOptions): number {
  const catalog = lazyCatalog(opts.data);
  const scenario = catalog.get(id);
  if (!scenario) {
    const fault = catalog.faults[0];
    if (fault) throw new CommandFailure(`scenario "${id}" is refused: ${fault.file}#${fault.pointer}: ${fault.message} (run \`pimbox validate\`)`);
    throw unknownName("scenario", id, catalog.knownIds(), "`pimbox scenarios` lists them");
  }
  const negatives = scenario.file.negative_trajectories;
  const which = opts.negative === undefined ? undefined : Number(opts.negative);
  const script = which === undefined ? scenario.file.gold_trajectory : negatives[which]?.steps;
  if (!script) {
    const valid = negatives.length ? `0 to ${negatives.length - 1}` : "none: it has no negative trajectory";
    throw new UsageError(`--negative: scenario ${id} has no negative trajectory "${opts.negative}"; valid: ${valid}`);
  }
  const episode = playScript(scenario, opts.answer === undefined ? script : withAnswer(script, answerText(opts.answer), id), "replay");
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

/** `--answer -` reads the answer from stdin, so a long markdown answer needs no shell quoting. */
function answerText(answer: string): string {
  return answer === "-" ? readFileSync(0, "utf8") : answer;
}

/** The script with its last agent message replaced: how an author tries an answer worded
 *  differently from the gold's against the scenario's checks. */
function withAnswer(script: readonly ScriptStep[], answer: string, id: string): ScriptStep[] {
  let last = -1;
  script.forEach((s, i) => { if (!("tool" in s)) last = i; });
  if (last < 0) throw new UsageError(`--answer: the trajectory of ${id} has no agent message to replace`);
  return script.map((s, i) => (i === last ? { agent: answer } : s));
}
