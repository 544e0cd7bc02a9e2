import { z } from "zod";
import { TOOL_FORMATS } from "../tools/export.js";

// Request bodies and query strings of the HTTP API. The OpenAPI document is generated from these.

export const toolFormat = z.enum(TOOL_FORMATS as unknown as ["openai", "anthropic", "mcp", "json_schema"]);

export const createEpisodeBody = z.object({
  scenario_id: z.string().min(1).describe("a scenario id from GET /scenarios"),
  tick_seconds: z.number().positive().max(86_400).optional().describe("seconds the episode clock advances per step (default 5)"),
  tool_format: toolFormat.optional().describe("format of the returned tool schemas (default openai)"),
  agent: z.record(z.string(), z.unknown()).optional().describe("agent and model metadata, kept in the trajectory log's header"),
}).strict();

export const agentMessageBody = z.object({
  content: z.string().describe("the agent's message to the user"),
  scripted_user: z.boolean().optional().describe("false: record the message only, the scenario's scripted user does not answer (you post the user's turn to /user-messages)"),
}).strict();

export const userMessageBody = z.object({
  content: z.string().describe("a user message from outside the scenario's script (a human, or your own user simulator)"),
}).strict();

export const scoreBody = z.object({
  scenario_id: z.string().min(1).optional().describe("required unless the log's header names it"),
  log: z.string().optional().describe("a pimbox JSONL trajectory log"),
  messages: z.array(z.unknown()).optional().describe("an OpenAI-style messages array with tool_calls"),
  tick_seconds: z.number().positive().max(86_400).optional().describe("clock tick for replaying `messages` (default 5)"),
}).strict();

export type CreateEpisodeBody = z.infer<typeof createEpisodeBody>;
