import type { Scenario } from "../scenarios/catalog.js";
import type { OpenAIFunctionTool } from "../tools/export.js";
import type { ToolCallRequest, Usage } from "./model.js";

// The agent as the orchestrator sees it: it acts (tool calls, or a message to the user) and is
// told what happened. Tool names and arguments in its actions are pimbox's own: an agent that
// shows the model augmented schemas maps the calls back itself.

export interface ModelCost { usage: Usage | null; latency_ms: number | null }

export type AgentAction =
  | ({ kind: "tools"; calls: ToolCallRequest[] } & ModelCost)
  | ({ kind: "message"; content: string } & ModelCost)
  | { kind: "stop"; reason: string };

export interface ToolObservation { call: ToolCallRequest; text: string }

export interface Agent {
  act(signal?: AbortSignal): Promise<AgentAction>;
  observeTools(results: ToolObservation[]): void;
  observeUser(content: string): void;
}

export interface AgentSetup {
  scenario: Scenario;
  systemPrompt: string;
  userMessage: string;
  tools: OpenAIFunctionTool[];
}
