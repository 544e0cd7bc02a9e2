import { z } from "zod";
import { TOOL_FORMATS } from "../tools/export.js";
import { scenarioFile } from "../scenarios/scenario-format.js";
import { protagonistFile } from "../scenarios/protagonist-format.js";

// Request bodies and query strings of the HTTP API. The OpenAPI document is generated from these.

export const toolFormat = z.enum(TOOL_FORMATS as unknown as ["openai", "anthropic", "mcp", "json_schema"]);

export const createEpisodeBody = z.object({
  scenario_id: z.string().min(1).max(200).describe("a scenario id from GET /scenarios"),
  tick_seconds: z.number().positive().max(86_400).optional().describe("seconds the episode clock advances per step (default 5)"),
  tool_format: toolFormat.optional().describe("format of the returned tool schemas (default openai)"),
  agent: z.record(z.string(), z.unknown()).optional().describe("agent and model metadata, kept in the trajectory log's header (at most 8 levels deep and 16 KiB of JSON)"),
}).strict();

export const agentMessageBody = z.object({
  content: z.string().describe("the agent's message to the user"),
  scripted_user: z.boolean().optional().describe("false: record the message only, the scenario's scripted user does not answer (you post the user's turn to /user-messages)"),
}).strict();

export const userMessageBody = z.object({
  content: z.string().describe("a user message from outside the scenario's script (a human, or your own user simulator)"),
}).strict();

export const scoreBody = z.object({
  scenario_id: z.string().min(1).max(200).optional().describe("required unless the log's header names it"),
  log: z.string().optional().describe("a pimbox JSONL trajectory log"),
  messages: z.array(z.unknown()).optional().describe("an OpenAI-style messages array with tool_calls"),
  tick_seconds: z.number().positive().max(86_400).optional().describe("clock tick for replaying `messages` (default 5)"),
}).strict();

export type CreateEpisodeBody = z.infer<typeof createEpisodeBody>;

// Response bodies. The routes are typed with them (z.input) and the OpenAPI document is generated
// from them; a few carry nested values whose own types live elsewhere (tool results, score
// reports, table rows) and are described as open objects.

export const errorBody = z.object({
  error: z.object({
    code: z.string().describe("machine-readable, e.g. invalid_body, episode_not_found, server_full, limit_exceeded"),
    message: z.string().describe("what went wrong and what to send instead"),
    field: z.string().optional().describe("the body field or query parameter at fault"),
    id: z.string().optional().describe("the id that was not found"),
    line: z.number().int().optional().describe("the log line at fault (POST /score)"),
    limit: z.number().optional().describe("the limit that was exceeded"),
  }),
});

export const healthBody = z.object({
  ok: z.boolean(), episodes: z.number().int().describe("live episodes"), capacity: z.number().int().describe("--max-episodes"),
  scenarios: z.number().int(),
  warming: z.number().int().describe("scenario snapshots the start-up warm-up has still to build; an open of one of them waits for it, so a harness opening many episodes at once waits for 0"),
});

export const scenarioSummary = scenarioFile.pick({ id: true, protagonist: true, reference_time: true, query: true, turns: true, goal_type: true, complexity: true, challenges: true })
  .extend({ title: z.string().nullable(), time_zone: z.string() });
export const scenarioList = z.object({ scenarios: z.array(scenarioSummary) });
export const scenarioBody = z.record(z.string(), z.unknown()).describe("the scenario file, with time_zone; milestones, minefields, gold and negative trajectories, reasoning, success conditions, related entities and the simulated user only with ?answers=true");

export const protagonistList = z.object({
  protagonists: z.array(protagonistFile.pick({ id: true, name: true, age: true, occupation: true, data_window: true }).extend({ time_zone: z.string() })),
});

const toolSchemas = z.array(z.unknown()).describe("tool schemas in the requested format (objects)");

/** What the agent under test sees of its episode: an opaque id and what its system prompt already
 *  says (reference time, zone, single or multi-turn), never the scenario id: the data ships with
 *  the package, so the id would be a key to the gold answers. */
export const agentEpisodeStatus = z.object({
  episode_id: z.string(), reference_time: z.string(), time_zone: z.string(),
  now: z.string().describe("the episode clock, ISO 8601 with offset"), turns: z.enum(["single", "multi"]),
  ended: z.boolean(), step_count: z.number().int(), mcp_url: z.string(),
}).strict();

/** The harness's view: the agent's, plus the scenario. */
export const episodeStatus = agentEpisodeStatus.extend({ scenario_id: z.string() }).strict();

export const episodeStatusByRole = z.union([episodeStatus, agentEpisodeStatus])
  .describe("with the server's token (or none set): the status with scenario_id; with an agent_token: the same without it");

export const episodeCreated = episodeStatus.extend({
  agent_token: z.string().describe("credential for the agent under test: opens this episode's tools, messages and MCP, nothing else"),
  system_prompt: z.string(), user_message: z.string(), tool_format: toolFormat, tools: toolSchemas,
});

export const toolList = z.object({ format: toolFormat, tools: toolSchemas });

const toolError = z.object({
  code: z.string().describe("invalid_argument, not_found, conflict, unknown_tool, not_allowed, limit_exceeded or internal"),
  message: z.string(), field: z.string().optional(), id: z.string().optional(), limit: z.number().optional(),
});

export const toolCallResult = z.union([
  z.object({ ok: z.literal(true), result: z.record(z.string(), z.unknown()), step: z.number().int(), time: z.string() }),
  z.object({
    ok: z.literal(false), error: toolError,
    step: z.number().int().nullable().describe("null when a limit refused the call: it is not a step"), time: z.string().nullable(),
  }),
]);

export const agentMessageReply = z.object({
  step: z.number().int(), time: z.string(), user_message: z.string().nullable().describe("the simulated user's reply; null when the conversation is over"),
  ended: z.boolean(),
});

export const stepAck = z.object({ step: z.number().int(), time: z.string() });

export const trajectoryBody = z.object({
  scenario_id: z.string(), options: z.object({ tick_seconds: z.number() }), steps: z.array(z.record(z.string(), z.unknown())).describe("system, user, agent and tool steps with index and clock time"),
});

export const stateBody = z.object({
  step: z.number().int(),
  state: z.record(z.string(), z.array(z.record(z.string(), z.unknown())).readonly()).readonly().describe("every table's rows, times in UTC"),
});

export const scoreReport = z.looseObject({
  scenario_id: z.string(), score: z.number(), passed: z.boolean(), milestone_similarity: z.number(), minefield_similarity: z.number(),
  milestones: z.array(z.record(z.string(), z.unknown())), minefields: z.array(z.record(z.string(), z.unknown())),
}).describe("the score report; docs/milestones.md describes every field");
