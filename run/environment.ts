import type { ScoreReport } from "../milestones/index.js";
import type { OpenAIFunctionTool } from "../tools/export.js";

// The environment as the orchestrator sees it: one pimbox episode reached over loopback HTTP,
// like any outside harness. Two roads implement it: the JSON-function endpoints
// (environment-http.ts) and the MCP SDK client on the episode's MCP endpoint (environment-mcp.ts).

export interface ToolOutcome {
  ok: boolean;
  /** What the model reads: the result or the error, as JSON text. */
  text: string;
}

export interface UserTurn {
  /** The user's reply, or null when the conversation has ended. */
  user: string | null;
  ended: boolean;
}

export interface EnvironmentEpisode {
  readonly via: "http" | "mcp";
  readonly id: string;
  readonly systemPrompt: string;
  readonly userMessage: string;
  /** The tools as this road offers them, in OpenAI's function format. */
  readonly tools: OpenAIFunctionTool[];
  /** args: the parsed arguments, or the model's text when it was not a JSON object. */
  call(name: string, args: Record<string, unknown> | string, callId: string): Promise<ToolOutcome>;
  /** The agent's message to the user; the scenario's scripted user answers. */
  message(content: string): Promise<UserTurn>;
  /** The agent's message, recorded with no scripted answer (an outside user simulator answers). */
  recordAgentMessage(content: string): Promise<void>;
  recordUserMessage(content: string): Promise<void>;
  /** The server's trajectory log (JSONL), header included. */
  log(): Promise<string>;
  score(): Promise<ScoreReport>;
  close(): Promise<void>;
}

export interface Environment {
  readonly via: "http" | "mcp";
  open(scenarioId: string, options: { tickSeconds: number; agent: Record<string, unknown> }): Promise<EnvironmentEpisode>;
}
