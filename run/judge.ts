import { z } from "zod";
import type { Scenario } from "../scenarios/catalog.js";
import type { Model, Usage } from "./model.js";

// The optional LLM judge: ASTRA-bench's five dimensions, 0-2 each, from the scenario's success
// conditions, reasoning, related records and the trajectory. Kept apart from the rule-based
// score; its verdict is cached in the run directory, so scoring never calls a model again.

export const JUDGE_DIMENSIONS = ["task_completion", "tool_usage", "information_retrieval", "conversation_effectiveness", "no_hallucination"] as const;

const grade = z.number().int().min(0).max(2);
export const judgeVerdict = z.object({
  scores: z.object(Object.fromEntries(JUDGE_DIMENSIONS.map((d) => [d, grade])) as Record<(typeof JUDGE_DIMENSIONS)[number], typeof grade>),
  rationale: z.string().default(""),
});

export const JUDGE_PROMPT = `You are an expert evaluator of AI assistants that use tools on a person's phone (contacts, calendar, email, SMS, WhatsApp, calls). Judge the assistant's whole trajectory against the task.

Rate five dimensions, each 0 (failed), 1 (partly) or 2 (fully):
- task_completion: did the assistant achieve what the user needed (or rightly refuse / ask when the request could not or should not be done)?
- tool_usage: were the right tools called with the right arguments, without needless or harmful calls?
- information_retrieval: did it find and use the relevant records?
- conversation_effectiveness: was the communication with the user clear, correct and appropriately brief, with clarifying questions when needed?
- no_hallucination: did it avoid inventing facts, records, tools or results? (2 = nothing invented)

Answer with one JSON object only:
{"scores": {"task_completion": 0-2, "tool_usage": 0-2, "information_retrieval": 0-2, "conversation_effectiveness": 0-2, "no_hallucination": 0-2}, "rationale": "one or two sentences"}`;

export interface JudgeRecord {
  model: string;
  scores: Record<string, number> | null;
  rationale: string;
  /** Set when the judge's answer could not be read: its text is kept. */
  error: string | null;
  raw: string;
  usage: Usage | null;
}

export function judgeInput(scenario: Scenario, steps: readonly Record<string, unknown>[]): string {
  const f = scenario.file;
  const related = new Set(f.related_entities);
  const records = Object.entries(scenario.snapshot().rows).flatMap(([table, rows]) =>
    rows.filter((r) => related.has(r.id)).map((r) => ({ table, ...r })));
  const trajectory = steps.filter((s) => s.kind !== "system").map((s) => {
    if (s.kind === "tool") return `[tool call] ${String(s.tool)}(${JSON.stringify(s.arguments)}) -> ${s.ok ? JSON.stringify(s.result) : `ERROR ${JSON.stringify(s.error)}`}`;
    return `[${s.kind === "agent" ? "assistant" : "user"}] ${String(s.content)}`;
  }).join("\n");
  return [
    `Task (the user's first message): ${f.query}`,
    f.turns === "multi" && f.user ? `The user's full goal: ${f.user.goal}` : "",
    `Success conditions:\n${f.success_conditions.map((c) => `- ${c}`).join("\n") || "- (none listed)"}`,
    `How a careful assistant solves it: ${f.reasoning || "(not given)"}`,
    `Related records:\n${JSON.stringify(records, null, 1)}`,
    `The trajectory:\n${trajectory}`,
  ].filter(Boolean).join("\n\n");
}

export async function judge(model: Model, scenario: Scenario, steps: readonly Record<string, unknown>[], signal?: AbortSignal): Promise<JudgeRecord> {
  const c = await model.complete([
    { role: "system", content: JUDGE_PROMPT },
    { role: "user", content: judgeInput(scenario, steps) },
  ], [], signal);
  const raw = c.content ?? "";
  const json = raw.slice(raw.indexOf("{"), raw.lastIndexOf("}") + 1);
  let parsed;
  try {
    parsed = judgeVerdict.safeParse(JSON.parse(json));
  } catch (e) {
    return { model: model.name, scores: null, rationale: "", error: `not JSON: ${(e as Error).message}`, raw, usage: c.usage };
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { model: model.name, scores: null, rationale: "", error: `${issue.path.join(".")}: ${issue.message}`, raw, usage: c.usage };
  }
  return { model: model.name, scores: parsed.data.scores, rationale: parsed.data.rationale, error: null, raw, usage: c.usage };
}
