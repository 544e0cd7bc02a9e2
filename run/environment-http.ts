import type { ScoreReport } from "../milestones/index.js";
import type { OpenAIFunctionTool } from "../tools/export.js";
import type { Environment, EnvironmentEpisode, ToolOutcome, UserTurn } from "./environment.js";
import { PimboxClient } from "./pimbox-client.js";

interface Created { episode_id: string; system_prompt: string; user_message: string; tools: OpenAIFunctionTool[] }
interface ToolAnswer { ok: boolean; result?: unknown; error?: unknown }

/** The JSON-function road: POST /episodes/:id/tools/:name with the arguments as the body. */
export class HttpEnvironment implements Environment {
  readonly via: "http" | "mcp" = "http";
  constructor(readonly client: PimboxClient) {}

  async open(scenarioId: string, options: { tickSeconds: number; agent: Record<string, unknown> }): Promise<EnvironmentEpisode> {
    const created = await this.client.request<Created>("POST", "/episodes", {
      scenario_id: scenarioId, tick_seconds: options.tickSeconds, tool_format: "openai", agent: options.agent,
    });
    return new HttpEpisode(this.client, created);
  }
}

export class HttpEpisode implements EnvironmentEpisode {
  readonly via: "http" | "mcp" = "http";
  readonly id: string;
  readonly systemPrompt: string;
  readonly userMessage: string;
  readonly tools: OpenAIFunctionTool[];
  protected readonly path: string;

  constructor(protected readonly client: PimboxClient, created: Created) {
    this.id = created.episode_id;
    this.systemPrompt = created.system_prompt;
    this.userMessage = created.user_message;
    this.tools = created.tools;
    this.path = `/episodes/${encodeURIComponent(this.id)}`;
  }

  async call(name: string, args: Record<string, unknown> | string, callId: string): Promise<ToolOutcome> {
    // No route takes an empty name; the harness answers it (like a malformed call over MCP).
    if (name === "") return { ok: false, text: JSON.stringify({ error: { code: "unknown_tool", message: "the call names no tool" } }) };
    // A string body (arguments that were not a JSON object) is recorded by pimbox as a failed
    // call with its raw_arguments; an unknown tool is a 404 that is recorded too.
    const answer = await this.client.request<ToolAnswer>("POST",
      `${this.path}/tools/${encodeURIComponent(name)}?call_id=${encodeURIComponent(callId)}`, args, [404]);
    if (typeof answer !== "object" || answer === null || typeof answer.ok !== "boolean") {
      throw new Error(`${name}: the server's answer is not a tool outcome`);
    }
    return answer.ok
      ? { ok: true, text: JSON.stringify(answer.result) }
      : { ok: false, text: JSON.stringify({ error: answer.error }) };
  }

  async message(content: string): Promise<UserTurn> {
    const r = await this.client.request<{ user_message: string | null; ended: boolean }>("POST", `${this.path}/messages`, { content });
    return { user: r.user_message, ended: r.ended };
  }

  async recordAgentMessage(content: string): Promise<void> {
    await this.client.request("POST", `${this.path}/messages`, { content, scripted_user: false });
  }

  async recordUserMessage(content: string): Promise<void> {
    await this.client.request("POST", `${this.path}/user-messages`, { content });
  }

  log(): Promise<string> {
    return this.client.request<string>("GET", `${this.path}/trajectory?format=jsonl`);
  }

  score(): Promise<ScoreReport> {
    return this.client.request<ScoreReport>("GET", `${this.path}/score`);
  }

  async close(): Promise<void> {
    await this.client.request("DELETE", this.path, undefined, [404]);
  }
}
