import { z } from "zod";
import type { LoggedStep } from "./log.js";
import { LogParseError } from "./log.js";

// An OpenAI-style chat transcript (messages with tool_calls and tool results) as trajectory steps.
// Tool results in the transcript are not trusted: the replay recomputes them.

const text = z.union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough()), z.null()]);
const message = z.object({
  role: z.enum(["system", "developer", "user", "assistant", "tool"]),
  content: text.optional(),
  tool_calls: z.array(z.object({
    id: z.string().optional(),
    type: z.string().optional(),
    function: z.object({ name: z.string(), arguments: z.union([z.string(), z.record(z.string(), z.unknown())]) }),
  })).optional(),
}).passthrough();

function contentText(content: z.infer<typeof text> | undefined): string {
  if (content == null) return "";
  if (typeof content === "string") return content;
  return content.map((p) => p.text ?? "").join("");
}

export function stepsFromOpenAIMessages(messages: unknown): LoggedStep[] {
  if (!Array.isArray(messages)) throw new LogParseError(1, "expected an array of chat messages");
  const steps: LoggedStep[] = [];
  messages.forEach((raw, i) => {
    const parsed = message.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new LogParseError(i + 1, `message ${i}: ${issue.path.join(".")}: ${issue.message}`);
    }
    const m = parsed.data;
    const content = contentText(m.content);
    if (m.role === "system" || m.role === "developer") steps.push({ kind: "system", content });
    else if (m.role === "user") steps.push({ kind: "user", content });
    else if (m.role === "assistant") {
      if (content.trim()) steps.push({ kind: "agent", content });
      for (const call of m.tool_calls ?? []) {
        steps.push({ kind: "tool", tool: call.function.name, arguments: parseArguments(call.function.arguments), ...(call.id ? { call_id: call.id } : {}) });
      }
    }
  });
  return steps;
}

/** Arguments that are not JSON stay a string: the replay then records the tool error an agent
 *  would have seen, rather than refusing the whole transcript. */
function parseArguments(args: string | Record<string, unknown>): unknown {
  if (typeof args !== "string") return args;
  try {
    return args.trim() === "" ? {} : JSON.parse(args);
  } catch {
    return args;
  }
}
