import { TooLargeToScore, type ScoreReport } from "../milestones/index.js";
import type { ScenarioCatalog } from "../scenarios/catalog.js";
import { DEFAULT_OPTIONS } from "./episode.js";
import { DEFAULT_LIMITS, type EpisodeLimits } from "./limits.js";
import { LogParseError, parseLog, type LoggedStep } from "./log.js";
import { stepsFromOpenAIMessages } from "./openai-messages.js";
import { replay } from "./replay.js";
import { scoreScenarioTrajectory } from "./score.js";

export type LogInput =
  | { kind: "jsonl"; text: string; scenarioId?: string | undefined }
  /** Steps already parsed (an episode's own, sent to a scoring worker). */
  | { kind: "steps"; steps: LoggedStep[]; scenarioId: string; tickSeconds: number }
  | { kind: "messages"; messages: unknown; scenarioId?: string | undefined; tickSeconds?: number | undefined };

export type ScoreOutcome =
  | { ok: true; report: ScoreReport }
  | { ok: false; status: 400 | 404 | 413; code: string; message: string; detail: Record<string, unknown> };

/** Scores a trajectory produced anywhere: parse it, replay its tool calls against the scenario
 *  snapshot with the logged clock, score the rebuilt trajectory. Shared by the CLI and HTTP. */
export function scoreLog(catalog: ScenarioCatalog, input: LogInput, limits: EpisodeLimits = DEFAULT_LIMITS): ScoreOutcome {
  let steps: LoggedStep[];
  let scenarioId = input.scenarioId;
  let tickSeconds = DEFAULT_OPTIONS.tickSeconds;
  try {
    if (input.kind === "jsonl") {
      const log = parseLog(input.text);
      steps = log.steps;
      if (scenarioId && scenarioId !== log.header.scenario_id) {
        return fail(400, "scenario_mismatch", `the log is for "${log.header.scenario_id}", not "${scenarioId}"`, { line: 1 });
      }
      scenarioId = log.header.scenario_id;
      tickSeconds = log.header.options.tick_seconds;
    } else if (input.kind === "steps") {
      steps = input.steps;
      tickSeconds = input.tickSeconds;
    } else {
      steps = stepsFromOpenAIMessages(input.messages);
      tickSeconds = input.tickSeconds ?? tickSeconds;
    }
  } catch (e) {
    if (e instanceof LogParseError) return fail(400, "unparseable_log", e.message, { line: e.line });
    throw e;
  }
  if (steps.length > limits.maxSteps) {
    return fail(413, "limit_exceeded", `the trajectory has ${steps.length} steps; an episode holds at most ${limits.maxSteps}`, { limit: limits.maxSteps });
  }
  if (!scenarioId) return fail(400, "scenario_required", "name the scenario (scenario_id / --scenario): an OpenAI transcript does not carry it", { field: "scenario_id" });
  const scenario = catalog.get(scenarioId);
  if (!scenario) return fail(404, "scenario_not_found", `no scenario "${scenarioId}"`, { id: scenarioId });
  const episode = replay(scenario, { tickSeconds, limits }, steps);
  try {
    return { ok: true, report: scoreScenarioTrajectory(scenario, episode.trajectory()) };
  } catch (e) {
    if (e instanceof TooLargeToScore) return fail(413, "too_large_to_score", e.message, { limit: e.limit });
    throw e;
  } finally {
    episode.close();
  }
}

function fail(status: 400 | 404 | 413, code: string, message: string, detail: Record<string, unknown>): ScoreOutcome {
  return { ok: false, status, code, message, detail };
}
