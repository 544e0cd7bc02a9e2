import { z } from "zod";
import type { Step } from "./trajectory.js";
import type { EpisodeOptions } from "./episode.js";

// The trajectory log: JSONL, a header line then one step per line. It holds everything needed to
// rebuild every snapshot by replay (tool names, arguments, order, clock options), so scoring a
// log never needs the server that produced it.

export const LOG_FORMAT = "pimbox-trajectory";
export const LOG_VERSION = 1;

export const logHeader = z.object({
  format: z.literal(LOG_FORMAT),
  version: z.literal(LOG_VERSION),
  scenario_id: z.string().min(1),
  options: z.object({ tick_seconds: z.number().positive().max(86_400) }).strict(),
  agent: z.record(z.string(), z.unknown()).default({}).describe("agent and model metadata, free-form"),
});

const base = { index: z.number().int().min(0).optional(), time: z.string().optional(), snapshot: z.number().optional() };
export const loggedStep = z.discriminatedUnion("kind", [
  z.object({ ...base, kind: z.literal("system"), content: z.string() }),
  z.object({ ...base, kind: z.literal("user"), content: z.string() }),
  z.object({ ...base, kind: z.literal("agent"), content: z.string() }),
  z.object({
    ...base,
    kind: z.literal("tool"),
    tool: z.string(),
    arguments: z.unknown(),
    raw_arguments: z.unknown().optional(),
    call_id: z.string().optional(),
    ok: z.boolean().optional(),
    result: z.unknown().optional(),
    error: z.unknown().optional(),
    write: z.boolean().optional(),
  }),
]);

export type LogHeader = z.infer<typeof logHeader>;
export type LoggedStep = z.infer<typeof loggedStep>;

export interface ParsedLog { header: LogHeader; steps: LoggedStep[] }

export class LogParseError extends Error {
  constructor(readonly line: number, reason: string) {
    super(`line ${line}: ${reason}`);
  }
}

export function logHeaderOf(scenarioId: string, options: EpisodeOptions, agent: Record<string, unknown> = {}): LogHeader {
  return { format: LOG_FORMAT, version: LOG_VERSION, scenario_id: scenarioId, options: { tick_seconds: options.tickSeconds }, agent };
}

export function writeLog(scenarioId: string, options: EpisodeOptions, steps: readonly Step[], agent: Record<string, unknown> = {}): string {
  return [logHeaderOf(scenarioId, options, agent), ...steps].map((x) => JSON.stringify(x)).join("\n") + "\n";
}

export function parseLog(text: string): ParsedLog {
  const lines = text.split("\n").map((l, i) => ({ n: i + 1, text: l.trim() })).filter((l) => l.text !== "");
  if (lines.length === 0) throw new LogParseError(1, "the log is empty; expected a header line");
  const json = (l: { n: number; text: string }) => {
    try {
      return JSON.parse(l.text) as unknown;
    } catch (e) {
      throw new LogParseError(l.n, `not JSON: ${(e as Error).message}`);
    }
  };
  const head = logHeader.safeParse(json(lines[0]!));
  if (!head.success) throw new LogParseError(lines[0]!.n, `not a ${LOG_FORMAT} v${LOG_VERSION} header: ${zodReason(head.error)}`);
  const steps = lines.slice(1).map((l) => {
    const parsed = loggedStep.safeParse(json(l));
    if (!parsed.success) throw new LogParseError(l.n, `not a step: ${zodReason(parsed.error)}`);
    return parsed.data;
  });
  return { header: head.data, steps };
}

function zodReason(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.join(".") || "(line)"}: ${issue.message}`;
}
