import type { Scenario } from "../scenarios/catalog.js";
import type { Fault } from "../scenarios/json-schema.js";
import { DEFAULT_OPTIONS, Episode } from "./episode.js";
import { scoreScenarioTrajectory } from "./score.js";
import { DEFAULT_LIMITS } from "./limits.js";

// Agents that do no real work, run on every scenario through the episode API (the calls the HTTP
// routes make). A benchmark whose scores mean something gives each of them nothing: no pass, and
// a mean far below any real attempt.

const GET_ALL = [
  "get_all_contacts", "get_all_calendars", "get_all_emails", "get_all_messages", "get_all_whatapp_messages", "get_all_phone_calls",
];

export interface DegenerateAgent {
  name: string;
  play(episode: Episode): void;
}

export const DEGENERATE_AGENTS: readonly DegenerateAgent[] = [
  {
    name: "dump-everything",
    play(episode) {
      const results = GET_ALL.map((tool) => episode.callTool(tool, {})).flatMap((s) => ("result" in s && s.ok ? [s.result] : []));
      // As much of it as one message may carry: a longer one is refused, and would score as silence.
      const dump = `Here is everything I found:\n${results.map((r) => JSON.stringify(r, null, 1)).join("\n")}`;
      episode.agentMessage(Buffer.from(dump).subarray(0, DEFAULT_LIMITS.maxArgumentBytes).toString("utf8").replace(/\uFFFD$/, ""));
    },
  },
  {
    // The same records, rendered as a chat model would: one markdown bullet per record, its
    // fields in bold-labelled prose. Long, tidy, and still no answer.
    name: "dump-as-markdown",
    play(episode) {
      const records = GET_ALL.map((tool) => episode.callTool(tool, {})).flatMap((s) => ("result" in s && s.ok ? Object.values(s.result as Record<string, unknown>) : []))
        .flatMap((v) => (Array.isArray(v) ? v : [])) as Record<string, unknown>[];
      const bullet = (r: Record<string, unknown>) => `- ${Object.entries(r).filter(([k, v]) => k !== "id" && v !== null && v !== "" && typeof v !== "object")
        .map(([k, v]) => `**${k.replace(/_/g, " ")}**: ${String(v)}`).join(", ")}`;
      const dump = `## Here's everything on your phone\n\n${records.map(bullet).join("\n")}`;
      episode.agentMessage(Buffer.from(dump).subarray(0, DEFAULT_LIMITS.maxArgumentBytes).toString("utf8").replace(/\uFFFD$/, ""));
    },
  },
  { name: "always-refuse", play: (episode) => void episode.agentMessage("I'm sorry, but I can't help with that.") },
  {
    name: "always-clarify",
    play: (episode) => void episode.agentMessage("Could you tell me a bit more about what you need, and who or what this is about?"),
  },
  { name: "do-nothing", play: () => undefined },
];

/** A degenerate agent may pass no scenario and must stay below this mean score. */
export const DEGENERATE_MAX_MEAN = 0.15;

export interface DegenerateResult { agent: string; scenarios: number; passed: string[]; mean: number }

/** One degenerate agent's play of one scenario. */
export interface DegenerateOutcome { agent: string; scenario: string; score: number; passed: boolean }

/** Every degenerate agent, played on one scenario. */
export function playDegenerate(scenario: Scenario): DegenerateOutcome[] {
  return DEGENERATE_AGENTS.map((agent) => {
    const episode = new Episode(`${agent.name}:${scenario.id}`, scenario, DEFAULT_OPTIONS);
    agent.play(episode);
    const report = scoreScenarioTrajectory(scenario, episode.trajectory());
    episode.close();
    return { agent: agent.name, scenario: scenario.id, score: report.score, passed: report.passed };
  });
}

/** Each agent's passes and mean over the scenarios played (`outcomes` in any order). */
export function summarizeDegenerate(outcomes: readonly DegenerateOutcome[], scenarios: readonly string[]): DegenerateResult[] {
  const order = new Map(scenarios.map((id, i) => [id, i]));
  return DEGENERATE_AGENTS.map(({ name }) => {
    const own = outcomes.filter((o) => o.agent === name).sort((a, b) => (order.get(a.scenario) ?? 0) - (order.get(b.scenario) ?? 0));
    const total = own.reduce((n, o) => n + o.score, 0);
    return { agent: name, scenarios: scenarios.length, passed: own.filter((o) => o.passed).map((o) => o.scenario), mean: scenarios.length ? total / scenarios.length : 0 };
  });
}

export function runDegenerateAgents(scenarios: readonly Scenario[]): DegenerateResult[] {
  return summarizeDegenerate(scenarios.flatMap(playDegenerate), scenarios.map((s) => s.id));
}

export function degenerateFaults(results: readonly DegenerateResult[]): Fault[] {
  return results.flatMap((r) => [
    ...(r.passed.length > 0 ? [{ file: "degenerate agents", pointer: "/", message: `${r.agent} passes ${r.passed.length} scenario(s): ${r.passed.slice(0, 10).join(", ")}${r.passed.length > 10 ? ", ..." : ""}` }] : []),
    ...(r.mean >= DEGENERATE_MAX_MEAN ? [{ file: "degenerate agents", pointer: "/", message: `${r.agent} scores ${r.mean.toFixed(3)} on average; it must stay below ${DEGENERATE_MAX_MEAN}` }] : []),
  ]);
}
