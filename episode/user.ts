import type { ScenarioFile } from "../scenarios/scenario-format.js";

/** The scripted user of a multi-turn scenario: after each agent message it says the first unused
 *  reply whose trigger words appear in that message (a reply without triggers always fits), or
 *  ends the conversation. Deterministic, so replays see the same conversation. */
export class ScriptedUser {
  private readonly used = new Set<number>();

  constructor(private readonly scenario: ScenarioFile) {}

  reply(agentMessage: string): string | null {
    if (this.scenario.turns !== "multi") return null;
    const replies = this.scenario.user?.replies ?? [];
    const text = agentMessage.toLowerCase();
    const i = replies.findIndex((r, k) => !this.used.has(k) &&
      (r.when.length === 0 || r.when.some((w) => text.includes(w.toLowerCase()))));
    if (i < 0) return null;
    this.used.add(i);
    return replies[i]!.say;
  }
}
