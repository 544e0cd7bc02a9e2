import type { Agent, AgentAction, AgentSetup } from "./agent.js";

/** Plays a scenario's gold trajectory through the same path as a model: one tool call or one
 *  message per action, then stops. It scores 1 by construction, so any loss is the runner's. */
export class GoldAgent implements Agent {
  private next = 0;

  constructor(private readonly setup: AgentSetup) {}

  async act(): Promise<AgentAction> {
    const step = this.setup.scenario.file.gold_trajectory[this.next++];
    if (!step) return { kind: "stop", reason: "end of the gold trajectory" };
    if ("agent" in step) return { kind: "message", content: step.agent, usage: null, latency_ms: null };
    return {
      kind: "tools", usage: null, latency_ms: null,
      calls: [{ id: `gold_${this.next}`, name: step.tool, arguments: JSON.stringify(step.arguments) }],
    };
  }

  observeTools(): void {}
  observeUser(): void {}
}
