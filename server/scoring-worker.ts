import { parentPort, workerData } from "node:worker_threads";
import { getHeapStatistics } from "node:v8";
import { ScenarioCatalog } from "../scenarios/catalog.js";
import { scoreLog, type LogInput, type ScoreOutcome } from "../episode/score-log.js";
import type { EpisodeLimits } from "../episode/limits.js";
import { LogLimitExceeded, LogParseError, LogStreamReader, type LoggedStep } from "../episode/log.js";
import { scoreBody } from "./api-schemas.js";
import { checkField, MAX_BODY_DEPTH, parseBody } from "./validate-body.js";
import { HttpError } from "./http-error.js";
import type { Snapshot } from "../episode/trajectory.js";
import { replay } from "../episode/replay.js";

// A scoring thread: replays a trajectory against its scenario and scores it, off the server's
// event loop. It reads scenarios from the server's data folder as they are asked for (and keeps
// their snapshots), so it holds only the scenarios it scored.

/** Score a trajectory, or rebuild the state after its last step. */
export type ScoringJob =
  | { id: number; input: LogInput }
  | { id: number; state: { scenarioId: string; tickSeconds: number; steps: LoggedStep[] } }
  /** A POST /score body, read here as it arrives: start, chunks, end. */
  | { id: number; stream: StreamStart }
  | { id: number; chunk: Uint8Array }
  | { id: number; end: true };

export interface StreamStart {
  /** "json": {log} or {messages}, parsed here when whole; "jsonl": the log itself, line by line. */
  kind: "json" | "jsonl";
  scenarioId?: string | undefined;
  /** Largest JSON body (--max-log-bytes). */
  maxBytes: number;
}
export type ScoringAnswer = { id: number; outcome: ScoreOutcome } | { id: number; snapshot: Snapshot } | { id: number; failure: string } | { retire: true };

/** Heap growth over one job (garbage included) past which the thread retires. */
const RETIRE_GROWTH_BYTES = 64 * 1024 * 1024;
let retiring = false;
let heapBefore = 0;

const { dataDir, limits } = workerData as { dataDir: string; limits: EpisodeLimits };
const catalog = ScenarioCatalog.lazy(dataDir);

/** Bodies being received: the JSON text so far, or the log read so far. */
const streams = new Map<number, { start: StreamStart; chunks: Buffer[]; bytes: number; reader?: LogStreamReader }>();

function refuse(status: 400 | 404 | 413, code: string, message: string, detail: Record<string, unknown> = {}): ScoreOutcome {
  return { ok: false, status, code, message, detail };
}

/** A POST /score JSON body, whole: the same checks the route made on the main thread before. */
function scoreJsonBody(text: string, scenarioQuery: string | undefined): ScoreOutcome {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return refuse(400, "malformed_json", `the body is not valid JSON: ${(e as Error).message}`);
  }
  try {
    if (raw !== undefined && raw !== null) checkField("body", raw, { depth: MAX_BODY_DEPTH });
    const body = parseBody(scoreBody, raw);
    if ((body.log === undefined) === (body.messages === undefined)) {
      return refuse(400, "invalid_body", "give exactly one of log (JSONL text) or messages (OpenAI array)", { field: "log" });
    }
    const scenarioId = body.scenario_id ?? scenarioQuery;
    return scoreLog(catalog, body.log !== undefined
      ? { kind: "jsonl", text: body.log, scenarioId }
      : { kind: "messages", messages: body.messages, scenarioId, tickSeconds: body.tick_seconds }, limits);
  } catch (e) {
    if (e instanceof HttpError) return refuse(e.status as 400 | 413, e.code, e.message, e.detail);
    throw e;
  }
}

function streamJob(job: Extract<ScoringJob, { chunk: Uint8Array } | { end: true } | { stream: StreamStart }>): ScoreOutcome | undefined {
  if ("stream" in job) {
    streams.set(job.id, { start: job.stream, chunks: [], bytes: 0, ...(job.stream.kind === "jsonl" ? { reader: new LogStreamReader(limits) } : {}) });
    return undefined;
  }
  const s = streams.get(job.id);
  if (!s) return undefined; // already answered (refused early)
  try {
    if ("chunk" in job) {
      const chunk = Buffer.from(job.chunk.buffer, job.chunk.byteOffset, job.chunk.byteLength);
      if (s.reader) { s.reader.push(chunk); return undefined; }
      s.bytes += chunk.length;
      if (s.bytes > s.start.maxBytes) {
        return refuse(413, "body_too_large", `the body is larger than the ${s.start.maxBytes} bytes this route accepts as JSON (--max-log-bytes); send the log itself as application/x-ndjson, which has no size limit but --max-steps`, { limit: s.start.maxBytes });
      }
      s.chunks.push(Buffer.from(chunk));
      return undefined;
    }
    if (!s.reader) return scoreJsonBody(Buffer.concat(s.chunks).toString("utf8"), s.start.scenarioId);
    const log = s.reader.end();
    if (s.start.scenarioId && s.start.scenarioId !== log.header.scenario_id) {
      return refuse(400, "scenario_mismatch", `the log is for "${log.header.scenario_id}", not "${s.start.scenarioId}"`, { line: 1 });
    }
    return scoreLog(catalog, { kind: "steps", steps: log.steps, scenarioId: log.header.scenario_id, tickSeconds: log.header.options.tick_seconds }, limits);
  } catch (e) {
    if (e instanceof LogParseError) return refuse(400, "unparseable_log", e.message, { line: e.line });
    if (e instanceof LogLimitExceeded) return refuse(413, "limit_exceeded", e.message, { line: e.line, limit: e.limit });
    throw e;
  }
}

parentPort!.on("message", (job: ScoringJob) => {
  // The heap at the start of a job (for a streamed body: at its first message).
  if (!("chunk" in job) && !("end" in job)) heapBefore = getHeapStatistics().used_heap_size;
  let answer: ScoringAnswer;
  try {
    if ("stream" in job || "chunk" in job || "end" in job) {
      const outcome = streamJob(job);
      if (outcome === undefined) return;
      answer = { id: job.id, outcome };
    } else if ("input" in job) answer = { id: job.id, outcome: scoreLog(catalog, job.input, limits) };
    else {
      const scenario = catalog.get(job.state.scenarioId);
      if (!scenario) throw new Error(`no scenario "${job.state.scenarioId}"`);
      const episode = replay(scenario, { tickSeconds: job.state.tickSeconds, limits, history: "current" }, job.state.steps);
      answer = { id: job.id, snapshot: episode.current() };
      episode.close();
    }
  } catch (e) {
    answer = { id: job.id, failure: (e as Error).stack ?? String(e) };
  }
  streams.delete(job.id);
  parentPort!.postMessage(answer);
  // A long trajectory leaves a large heap behind: this thread asks to be retired (it finishes
  // the jobs it has, takes no new one, and ends), so that the memory goes back to the system.
  if (!retiring && getHeapStatistics().used_heap_size - heapBefore > RETIRE_GROWTH_BYTES) {
    retiring = true;
    parentPort!.postMessage({ retire: true } satisfies ScoringAnswer);
  }
});
