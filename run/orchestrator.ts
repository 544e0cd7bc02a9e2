import { ENDED_NOTICE, USER_TOOL_NAME } from "../episode/user-tool.js";
import type { Agent, ModelCost, ToolObservation } from "./agent.js";
import type { EnvironmentEpisode, UserTurn } from "./environment.js";
import { addUsage, type ToolCallRequest, type Usage } from "./model.js";
import type { LlmUser } from "./user-llm.js";

// The three-party loop: the agent acts, the environment (a pimbox episode) executes, the
// simulated user answers the agent's messages. It knows nothing of their insides. Every step is
// handed to `record` as soon as it happened, so the run directory can append it at once.

export interface Limits {
  /** Agent actions (model calls) per episode. */
  maxTurns: number;
  /** Tool calls run per action; the rest are answered with an error. */
  maxToolCalls: number;
}

/** A step as the runner records it: the trajectory step plus what it cost. `recorded: false`
 *  marks a call pimbox never saw (refused by the runner), which is not in the server's log. */
export type RunnerStep = Record<string, unknown> & { kind: "tool" | "agent" | "user"; recorded?: false };

export interface EpisodeOutcome {
  stop: string;
  model_turns: number;
  tool_calls: number;
  /** The agent's model only: the LLM user's cost is on its own steps. */
  usage: Usage | null;
  latency_ms: number | null;
}

export async function orchestrate(
  env: EnvironmentEpisode, agent: Agent, user: LlmUser | null, limits: Limits,
  record: (step: RunnerStep) => void, signal?: AbortSignal,
): Promise<EpisodeOutcome> {
  const outcome: EpisodeOutcome = { stop: "", model_turns: 0, tool_calls: 0, usage: null, latency_ms: null };
  const userToolOffered = env.tools.some((t) => t.function.name === USER_TOOL_NAME);
  const spend = (cost: ModelCost) => {
    outcome.usage = addUsage(outcome.usage, cost.usage);
    if (cost.latency_ms !== null) outcome.latency_ms = (outcome.latency_ms ?? 0) + cost.latency_ms;
  };

  /** The agent's message reaches the user; returns the reply or null when the conversation ended. */
  const deliver = async (content: string, cost: object): Promise<UserTurn> => {
    record({ kind: "agent", content, ...cost });
    if (!user) {
      const turn = await env.message(content);
      if (turn.user !== null) record({ kind: "user", content: turn.user });
      return turn;
    }
    await env.recordAgentMessage(content);
    const reply = await user.reply(content, signal);
    if (reply.content === null) return { user: null, ended: true };
    await env.recordUserMessage(reply.content);
    record({ kind: "user", content: reply.content, user_model: { usage: reply.usage, latency_ms: reply.latency_ms } });
    return { user: reply.content, ended: false };
  };

  for (;;) {
    signal?.throwIfAborted();
    if (outcome.model_turns >= limits.maxTurns) { outcome.stop = `turn limit (${limits.maxTurns})`; return outcome; }
    const action = await agent.act(signal);
    if (action.kind === "stop") { outcome.stop = action.reason; return outcome; }
    outcome.model_turns++;
    spend(action);
    const cost = { turn: outcome.model_turns, usage: action.usage, latency_ms: action.latency_ms };

    if (action.kind === "message") {
      const turn = await deliver(action.content, cost);
      if (turn.ended || turn.user === null) { outcome.stop = "the conversation ended"; return outcome; }
      agent.observeUser(turn.user);
      continue;
    }

    const results: ToolObservation[] = [];
    let ended = false;
    for (const [i, call] of action.calls.entries()) {
      const first = i === 0 ? cost : { turn: outcome.model_turns };
      if (i >= limits.maxToolCalls) {
        const text = JSON.stringify({ error: { code: "refused", message: `not run: at most ${limits.maxToolCalls} tool calls per response` } });
        record({ kind: "tool", tool: call.name, arguments: {}, call_id: call.id, ok: false, output: text, recorded: false, ...first });
        results.push({ call, text });
        continue;
      }
      const args = parseArguments(call);
      if (userToolOffered && call.name === USER_TOOL_NAME && typeof args === "object" && typeof args.content === "string" && args.content) {
        // The MCP answer channel: the same as a plain message, with the reply as the tool result.
        const turn = await deliver(args.content, first);
        results.push({ call, text: turn.user ?? ENDED_NOTICE });
        if (turn.ended || turn.user === null) ended = true;
        continue;
      }
      outcome.tool_calls++;
      const t0 = performance.now();
      const out = await env.call(call.name, args, call.id);
      // Not in pimbox's log: non-object arguments over MCP (it cannot carry them), a bad call of
      // the user tool (refused unrecorded), a call with no name over HTTP (no route for it).
      const unrecorded = (typeof args === "string" && env.via === "mcp") || call.name === USER_TOOL_NAME || (call.name === "" && env.via === "http");
      record({
        kind: "tool", tool: call.name, arguments: typeof args === "string" ? {} : args,
        ...(typeof args === "string" ? { raw_arguments: args } : {}),
        call_id: call.id, ok: out.ok, output: out.text, env_ms: Math.round(performance.now() - t0), ...first,
        ...(unrecorded ? { recorded: false as const } : {}),
      });
      results.push({ call, text: out.text });
    }
    agent.observeTools(results);
    if (ended) { outcome.stop = "the conversation ended"; return outcome; }
  }
}

/** The model's argument text as an object; text that is not a JSON object goes to pimbox as it
 *  is, so that the failed call is recorded (an empty string means no arguments). */
function parseArguments(call: ToolCallRequest): Record<string, unknown> | string {
  if (call.arguments.trim() === "") return {};
  try {
    const value = JSON.parse(call.arguments) as unknown;
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch { /* malformed: sent as text */ }
  return call.arguments;
}
