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

/** The longest line a streamed log may hold (a step with a large result), in bytes. */
export const MAX_LOG_LINE_BYTES = 64 * 1024 * 1024;

export interface LogStreamLimits {
  /** Steps after the header (the server's --max-steps). */
  maxSteps: number;
  /** A tool call's arguments, or a message, as JSON (the server's --max-argument-bytes): a log
   *  the server wrote never holds more, as it refuses such a call. */
  maxArgumentBytes: number;
}

export class LogLimitExceeded extends Error {
  constructor(readonly line: number, readonly limit: number, reason: string) {
    super(`line ${line}: ${reason}`);
  }
}

/** Reads a log as it arrives, a chunk at a time, keeping only what scoring reads: results are
 *  recomputed by replay, so each step's `result` is dropped as soon as its line is parsed. The
 *  memory held is the steps without results; the limits are in steps and argument sizes, the
 *  same as the server's, so any log the server wrote can be read, however large its results. */
export class LogStreamReader {
  private header: LogHeader | undefined;
  private readonly steps: LoggedStep[] = [];
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private line = 0;

  constructor(private readonly limits: LogStreamLimits) {}

  /** Throws LogParseError or LogLimitExceeded. */
  push(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      this.take(chunk.subarray(start, nl));
      this.flush();
      start = nl + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
  }

  end(): ParsedLog {
    this.flush();
    if (!this.header) throw new LogParseError(1, "the log is empty; expected a header line");
    return { header: this.header, steps: this.steps };
  }

  private take(part: Buffer): void {
    this.pendingBytes += part.length;
    if (this.pendingBytes > MAX_LOG_LINE_BYTES) {
      throw new LogLimitExceeded(this.line + 1, MAX_LOG_LINE_BYTES, `longer than ${MAX_LOG_LINE_BYTES} bytes`);
    }
    // Copied: the chunk's memory may be reused once this returns.
    this.pending.push(Buffer.from(part));
  }

  private flush(): void {
    this.line++;
    const text = (this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending)).toString("utf8").trim();
    this.pending = [];
    this.pendingBytes = 0;
    if (text === "") return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new LogParseError(this.line, `not JSON: ${(e as Error).message}`);
    }
    if (!this.header) {
      const head = logHeader.safeParse(json);
      if (!head.success) throw new LogParseError(this.line, `not a ${LOG_FORMAT} v${LOG_VERSION} header: ${zodReason(head.error)}`);
      this.header = head.data;
      return;
    }
    if (this.steps.length >= this.limits.maxSteps) {
      throw new LogLimitExceeded(this.line, this.limits.maxSteps, `the log has more than ${this.limits.maxSteps} steps; an episode holds at most ${this.limits.maxSteps}`);
    }
    if (typeof json === "object" && json !== null && "result" in json) delete (json as { result?: unknown }).result;
    const parsed = loggedStep.safeParse(json);
    if (!parsed.success) throw new LogParseError(this.line, `not a step: ${zodReason(parsed.error)}`);
    const step = parsed.data;
    const size = step.kind === "tool" ? Buffer.byteLength(JSON.stringify(step.raw_arguments ?? step.arguments ?? null) ?? "") : Buffer.byteLength(step.content);
    // The server refuses such a call or message before it is a step: not a log it wrote.
    if (size > this.limits.maxArgumentBytes + 1024) {
      throw new LogLimitExceeded(this.line, this.limits.maxArgumentBytes, `${step.kind === "tool" ? "arguments" : "content"} of ${size} bytes; the server accepts at most ${this.limits.maxArgumentBytes}`);
    }
    this.steps.push(step);
  }
}
