import { z } from "zod";
import type { Episode } from "./episode.js";
import { inputJsonSchema, outputJsonSchema } from "../tools/export.js";

// `send_message_to_user` (ARE's name): the agent's message to the user as a tool, for agents that
// reach the episode only through MCP, which has no other channel for it. It records the same
// agent step as POST /episodes/:id/messages. Not one of the 27 tools: opt-in on the MCP bindings.

export const USER_TOOL_NAME = "send_message_to_user";

/** What the agent reads when the user has nothing more to say. Agents took "ended" alone to
 * mean their message was refused; it was recorded, and the episode still takes further steps. */
export const ENDED_NOTICE = "Your message reached the user, who has ended the conversation; there is nothing more to do.";

export const userToolInput = z.object({
  content: z.string().min(1).describe("your message to the user: an answer, a confirmation, a question or a refusal"),
}).strict();

export const USER_TOOL = {
  name: USER_TOOL_NAME,
  title: "Send a message to the user",
  description: "Send a message to the user (an answer, a summary of what you did, a clarifying question or a refusal). " +
    "Returns the user's reply, or says that the conversation has ended.",
  input: userToolInput,
} as const;

export const userToolOutput = z.object({
  user_message: z.string().nullable().describe("the user's reply; null when the conversation has ended"),
  ended: z.boolean(),
});

export type UserToolResult =
  | { ok: true; result: z.infer<typeof userToolOutput>; text: string }
  | { ok: false; error: { code: "invalid_argument"; message: string; field: string } };

/** Runs the tool on an episode. Bad arguments record nothing (like a 400 on /messages). */
export function sendMessageToUser(episode: Episode, args: unknown): UserToolResult {
  const parsed = userToolInput.safeParse(args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".") || "content";
    return { ok: false, error: { code: "invalid_argument", message: `${field}: ${issue.message}`, field } };
  }
  const turn = episode.agentMessage(parsed.data.content);
  const result = { user_message: turn.user?.content ?? null, ended: turn.ended };
  const text = turn.user ? turn.user.content : ENDED_NOTICE;
  return { ok: true, result, text };
}

/** The tool as MCP lists it, its schemas derived from the zod ones like every tool's. */
export function userToolMcp() {
  return {
    name: USER_TOOL.name,
    title: USER_TOOL.title,
    description: USER_TOOL.description,
    inputSchema: inputJsonSchema({ input: userToolInput }) as { type: "object"; [k: string]: unknown },
    outputSchema: outputJsonSchema({ output: userToolOutput }) as { type: "object"; [k: string]: unknown },
    annotations: { title: USER_TOOL.title, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  };
}
