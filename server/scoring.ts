import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { Episode } from "../episode/episode.js";
import type { LogInput, ScoreOutcome } from "../episode/score-log.js";
import type { LoggedStep } from "../episode/log.js";
import type { EpisodeLimits } from "../episode/limits.js";
import type { ScenarioCatalog } from "../scenarios/catalog.js";
import type { Metrics } from "./metrics.js";
import type { ScoringAnswer, ScoringJob, StreamStart } from "./scoring-worker.js";
import type { Snapshot } from "../episode/trajectory.js";

// Scoring for the HTTP routes runs in worker threads: a 10,000-step trajectory takes seconds to
// replay and score, and the event loop must keep answering /health and tool calls meanwhile. An
// episode is scored by replaying its calls in the worker (the clock makes that exact), so only
// its calls and messages cross the thread boundary, not its snapshots.

type Answer = ScoreOutcome | Snapshot;
interface Pending { resolve(answer: Answer): void; reject(e: Error): void }

class ScoringThread {
  readonly pending = new Map<number, Pending>();
  private readonly worker: Worker;

  constructor(dataDir: string, limits: EpisodeLimits, onExit: (thread: ScoringThread) => void) {
    this.worker = new Worker(new URL("./scoring-worker.js", import.meta.url), {
      workerData: { dataDir, limits },
      // A trajectory too large to score fails this thread, not the server.
      resourceLimits: { maxOldGenerationSizeMb: 2048 },
    });
    this.worker.on("message", (answer: ScoringAnswer) => {
      if ("retire" in answer) { this.retiring = true; this.endIfIdle(); return; }
      const p = this.pending.get(answer.id);
      if (!p) return;
      this.pending.delete(answer.id);
      if ("outcome" in answer) p.resolve(answer.outcome);
      else if ("snapshot" in answer) p.resolve(answer.snapshot);
      else p.reject(new Error(`scoring failed: ${answer.failure}`));
      this.endIfIdle();
    });
    const fail = (reason: string) => {
      for (const p of this.pending.values()) p.reject(new Error(reason));
      this.pending.clear();
      onExit(this);
    };
    this.worker.on("error", (e) => fail(`the scoring thread failed: ${e.message}`));
    this.worker.on("exit", (code) => fail(`the scoring thread exited (${code})`));
    // After the listeners: adding one refs the thread again. An idle thread never keeps the
    // process alive (the HTTP server does, while it listens).
    this.worker.unref();
  }

  /** Asked by the thread after a job that left a large heap: no new jobs, ended once idle. */
  retiring = false;

  private endIfIdle(): void {
    if (this.retiring && this.pending.size === 0) void this.worker.terminate();
  }

  run(job: ScoringJob): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.pending.set(job.id, { resolve, reject });
      this.worker.postMessage(job);
    });
  }

  /** Posts a message of a job already running (a chunk of a body), the chunk's memory moved. */
  post(job: ScoringJob, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(job, transfer);
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

/** What an episode's replay needs: its calls and messages, without results or snapshots. */
function callsOf(episode: Episode): LoggedStep[] {
  return episode.recordedSteps.map((s): LoggedStep => {
    switch (s.kind) {
      case "tool": return {
        kind: "tool", tool: s.tool, arguments: s.arguments,
        ...("raw_arguments" in s ? { raw_arguments: s.raw_arguments } : {}),
        ...(s.call_id === undefined ? {} : { call_id: s.call_id }),
      };
      default: return { kind: s.kind, content: s.content };
    }
  });
}

export class Scoring {
  private readonly threads: ScoringThread[] = [];
  private readonly size = Math.max(1, Math.min(4, availableParallelism() - 1));
  private nextId = 0;

  constructor(private readonly catalog: ScenarioCatalog, private readonly limits: EpisodeLimits, private readonly metrics: Metrics) {}

  episode(episode: Episode): Promise<ScoreOutcome> {
    return this.run({ kind: "steps", steps: callsOf(episode), scenarioId: episode.scenario.id, tickSeconds: episode.options.tickSeconds }, "episode");
  }

  log(input: LogInput): Promise<ScoreOutcome> {
    return this.run(input, "log");
  }

  /** Scores a POST /score body as it arrives: each chunk goes to the scoring thread, which parses
   *  it (JSON when whole; a log line by line, dropping results), so the event loop never parses a
   *  large body. A refusal (a limit, a bad line) answers at once; the rest of the body is drained. */
  async stream(start: StreamStart, body: AsyncIterable<Buffer>): Promise<ScoreOutcome> {
    return this.metrics.timeScoring("log", async () => {
      const thread = this.thread();
      const id = ++this.nextId;
      let answered = false;
      const answer = thread.run({ id, stream: start }).finally(() => { answered = true; });
      try {
        for await (const chunk of body) {
          if (answered) break;
          // A copy the thread owns: transferring the chunk's own memory could take a pooled slab.
          const copy = new Uint8Array(chunk.length);
          copy.set(chunk);
          thread.post({ id, chunk: copy }, [copy.buffer]);
        }
        if (!answered) thread.post({ id, end: true });
      } catch (e) {
        // The client went away or sent a body that does not decode: the job ends unanswered.
        if (!answered) thread.post({ id, end: true });
        void answer.catch(() => undefined);
        throw e;
      }
      return await answer as ScoreOutcome;
    });
  }

  /** The state after step `index` of a live episode, which keeps only its current one: rebuilt
   *  by replaying its steps up to there in a thread. */
  async stateAt(episode: Episode, index: number): Promise<Snapshot> {
    const steps = callsOf(episode).slice(0, index + 1);
    return await this.thread().run({ id: ++this.nextId, state: { scenarioId: episode.scenario.id, tickSeconds: episode.options.tickSeconds, steps } }) as Snapshot;
  }

  private run(input: LogInput, source: "episode" | "log"): Promise<ScoreOutcome> {
    return this.metrics.timeScoring(source, async () => await this.thread().run({ id: ++this.nextId, input }) as ScoreOutcome);
  }

  /** The least busy thread, started on first use (a server that never scores starts none). */
  private thread(): ScoringThread {
    const open = this.threads.filter((t) => !t.retiring);
    if (open.length === 0 || (open.length < this.size && open.every((t) => t.pending.size > 0))) {
      this.threads.push(new ScoringThread(this.catalog.dataDir, this.limits, (dead) => {
        const i = this.threads.indexOf(dead);
        if (i >= 0) this.threads.splice(i, 1);
      }));
    }
    return this.threads.filter((t) => !t.retiring).reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.splice(0).map((t) => t.terminate()));
  }
}
