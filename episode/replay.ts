import type { Scenario } from "../scenarios/catalog.js";
import type { ScriptStep } from "../scenarios/scenario-format.js";
import { DEFAULT_OPTIONS, Episode, type EpisodeOptions } from "./episode.js";
import type { LoggedStep } from "./log.js";

/** Rebuilds an episode from logged steps: the tool calls run again against the scenario snapshot
 *  with the same clock, so every result and snapshot is recomputed, never trusted.
 *  The system prompt and the first user message are the scenario's own; later user messages
 *  come from the log (whoever played the user). */
export function replay(scenario: Scenario, options: EpisodeOptions, steps: readonly LoggedStep[]): Episode {
  const episode = new Episode(`replay:${scenario.id}`, scenario, options);
  let i = 0;
  while (i < steps.length && steps[i]!.kind === "system") i++;
  if (i < steps.length && steps[i]!.kind === "user") i++;
  for (const step of steps.slice(i)) {
    switch (step.kind) {
      case "tool": episode.callTool(step.tool, "raw_arguments" in step ? step.raw_arguments : step.arguments, step.call_id); break;
      case "agent": episode.agentMessage(step.content, { scriptedUser: false }); break;
      case "user": episode.userMessage(step.content); break;
      case "system": break;
    }
  }
  return episode;
}

export class ResumeMismatch extends Error {
  constructor(readonly stepIndex: number, reason: string) {
    super(`step ${stepIndex}: ${reason}`);
  }
}

/** Rebuilds a live episode from its own log, exactly as it was: same id, and the scripted user
 *  answers again as it did live (each reply is checked against the logged one), so the episode
 *  carries on where it stopped: same state, same id counter, same clock, same conversation. */
export function resume(id: string, scenario: Scenario, options: EpisodeOptions, steps: readonly LoggedStep[]): Episode {
  const episode = new Episode(id, scenario, options);
  try {
    let i = 0;
    while (i < steps.length && steps[i]!.kind === "system") i++;
    if (i < steps.length && steps[i]!.kind === "user") i++;
    for (; i < steps.length; i++) {
      const step = steps[i]!;
      if (step.kind === "tool") episode.callTool(step.tool, "raw_arguments" in step ? step.raw_arguments : step.arguments, step.call_id);
      else if (step.kind === "user") episode.userMessage(step.content);
      else if (step.kind === "agent") {
        const turn = episode.agentMessage(step.content);
        if (turn.user) {
          const next = steps[i + 1];
          // The reply was logged unless the process died between the two appends.
          if (next === undefined) continue;
          if (next.kind !== "user" || next.content !== turn.user.content) {
            throw new ResumeMismatch(i + 1, "the scripted user's reply differs from the logged one (did the scenario change?)");
          }
          i++;
        }
      }
    }
    const expected = steps.filter((s) => s.kind !== "system").length + 1;
    if (episode.stepCount < expected) throw new ResumeMismatch(episode.stepCount, `${expected - episode.stepCount} logged step(s) were refused on replay (limits lowered?)`);
    return episode;
  } catch (e) {
    episode.close();
    throw e;
  }
}

/** Plays a scenario's stored trajectory (gold or negative): its tool calls and agent messages,
 *  with the scripted user answering as it would a live agent. */
export function playScript(scenario: Scenario, steps: readonly ScriptStep[], label: string): Episode {
  const episode = new Episode(`${label}:${scenario.id}`, scenario, DEFAULT_OPTIONS);
  for (const step of steps) {
    if ("tool" in step) episode.callTool(step.tool, step.arguments);
    else episode.agentMessage(step.agent);
  }
  return episode;
}
