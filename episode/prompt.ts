import type { Scenario } from "../scenarios/catalog.js";
import { parseTime } from "../db/time.js";

// The system prompt of ASTRA-bench (Appendix C.1, Listings 1-3), plus the reference time and
// zone, which the agent needs to resolve "tomorrow" and which ASTRA-bench leaves implicit.

const BASE = `You are a helpful assistant equipped with tool-using abilities. Try your best to determine what values to plug into function calls based on the available information.

Tool Invocation Rules:
- You may call multiple read-only tools within a single respond.
- You must call at most one write tool per respond. If you call more than one write tool in a single response, your response will be ignored. Always wait for the result of the first write tool before continuing. After receiving a result from a write tool, always summarize the outcome to the user.
- When calling a write tool, do not include a summary message in the same turn. Wait for the tool result before replying.
- After receiving the result of a write tool, respond with a brief confirmation or summary message for the user.
- If multiple write operations are needed, handle them sequentially across multiple responds.
- Assume all phone numbers are valid, regardless of format or length, as they may be anonymized or synthetic.`;

const SINGLE_TURN = `- If the user's request is ambiguous, do not ask for clarification. Their input may be incorrect or incomplete. Proceed using your best judgment based on the available information and tools.
- You may use read-only tools to retrieve relevant user context (e.g., messages, emails, calendars, WhatsApp, etc.) before completing the task. If a \`search_*\` tool returns nothing, try using the corresponding \`get_all_*\` tool if available.
- When asked to send a message, infer the user's intended communication channel using contextual clues such as prior conversations. If no such information is available, default to using the 'message' related tool.`;

const MULTI_TURN = `- Don't make assumptions about what values to plug into functions.
- Ask for clarification if a user request is ambiguous.`;

/** The parts of the prompt, by name, as a run records them. */
export const PROMPT_PARTS: Readonly<Record<string, string>> = { general: BASE, single_turn: SINGLE_TURN, multi_turn: MULTI_TURN };

export function systemPrompt(scenario: Scenario): string {
  const now = parseTime(scenario.file.reference_time, scenario.zone).setZone(scenario.zone);
  const when = `${now.toFormat("cccc, d LLLL yyyy, HH:mm")} (${scenario.zone}, UTC${now.toFormat("ZZ")})`;
  const addOns = scenario.file.turns === "multi" ? MULTI_TURN : SINGLE_TURN;
  return `${BASE}\n${addOns}\n\nYou are the assistant on ${scenario.protagonist.name}'s phone. The current date and time is ${when}. ` +
    "Times without an offset in tool arguments are read in that time zone.";
}
