import type { ScenarioFile } from "../scenarios/scenario-format.js";
import type { Messages, Model, Usage } from "./model.js";

// The simulated user played by an LLM (tau-bench's user simulator, with ASTRA-bench's knowledge
// boundary): it knows the scenario's goal and what the user knows, answers only that, and ends
// the conversation with a stop token when its goal is met or the assistant has given up.

export const STOP_TOKEN = "###STOP###";

export const USER_PROMPT = `You are playing a person who is talking to the AI assistant on their own phone. Stay in character: write only what this person would type, in the first person, briefly and naturally.

Your goal (what you want, in full):
{goal}

What you know (say it only when the assistant needs it, and never more than this):
{knowledge}

Rules:
- Reveal information only when the assistant asks for it or clearly needs it; do not dump everything at once.
- Never invent facts, names, numbers, dates or preferences beyond what you know. If you are asked something you do not know, say you don't know.
- Do not do the assistant's job: do not read your own messages or calendar for it.
- When your goal is met, or the assistant has clearly given up or cannot help, reply with exactly ${STOP_TOKEN} and nothing else.`;

export function userPrompt(scenario: ScenarioFile): string {
  const user = scenario.user;
  const knowledge = user?.knowledge.length ? user.knowledge.map((k) => `- ${k}`).join("\n") : "- nothing beyond your first message";
  return USER_PROMPT.replace("{goal}", user?.goal ?? scenario.query).replace("{knowledge}", knowledge);
}

export interface UserReply { content: string | null; usage: Usage | null; latency_ms: number }

/** One conversation. Roles are flipped for the model playing the user: the assistant's messages
 *  are its "user" turns; its own are "assistant" turns. */
export class LlmUser {
  private readonly messages: Messages;

  constructor(private readonly model: Model, scenario: ScenarioFile) {
    this.messages = [
      { role: "system", content: userPrompt(scenario) },
      { role: "assistant", content: scenario.query },
    ];
  }

  async reply(agentMessage: string, signal?: AbortSignal): Promise<UserReply> {
    this.messages.push({ role: "user", content: agentMessage });
    const c = await this.model.complete(this.messages, [], signal);
    const text = (c.content ?? "").trim();
    this.messages.push({ role: "assistant", content: text });
    const ended = text === "" || text.includes(STOP_TOKEN);
    return { content: ended ? null : text, usage: c.usage, latency_ms: c.latency_ms };
  }
}
