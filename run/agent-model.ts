import type { Agent, AgentAction, AgentSetup, ToolObservation } from "./agent.js";
import { augmentTools, type ToolView } from "./augment.js";
import type { Augmentation } from "./config.js";
import type { Messages, Model } from "./model.js";

/** A chat-completions model as the agent: the OpenAI message history, the (augmented) tool
 *  schemas, parallel tool calls. A response with tool calls is a tool action; one without is a
 *  message to the user. */
export class ModelAgent implements Agent {
  private readonly messages: Messages;
  private readonly view: ToolView;

  constructor(private readonly model: Model, setup: AgentSetup, options: { augment: readonly Augmentation[]; systemPrompt: string | null }) {
    this.view = augmentTools(setup.tools, options.augment);
    this.messages = [
      { role: "system", content: options.systemPrompt ?? setup.systemPrompt },
      { role: "user", content: setup.userMessage },
    ];
  }

  async act(signal?: AbortSignal): Promise<AgentAction> {
    const c = await this.model.complete(this.messages, this.view.tools, signal);
    this.messages.push(c.message);
    if (c.toolCalls.length) {
      return { kind: "tools", calls: c.toolCalls.map((call) => this.view.toPimbox(call)), usage: c.usage, latency_ms: c.latency_ms };
    }
    if (!c.content?.trim()) {
      return { kind: "stop", reason: `the model answered with neither text nor tool calls (finish_reason ${c.finish_reason ?? "none"})` };
    }
    return { kind: "message", content: c.content, usage: c.usage, latency_ms: c.latency_ms };
  }

  /** Results go back in the order of the calls, each under its call id (the model's names). */
  observeTools(results: ToolObservation[]): void {
    for (const r of results) this.messages.push({ role: "tool", tool_call_id: r.call.id, content: r.text });
  }

  observeUser(content: string): void {
    this.messages.push({ role: "user", content });
  }
}
