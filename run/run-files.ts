import fs from "node:fs";
import path from "node:path";
import { LOG_FORMAT, LOG_VERSION, parseLog } from "../episode/log.js";
import { configDifference } from "./config.js";
import type { RunnerStep } from "./orchestrator.js";
import { judgePath, runManifest, runResult, scorePath, trajectoryPath, type RunManifest, type RunResult } from "./run-dir.js";

// Reading and writing a run directory (formats in run-dir.ts). Files that are complete are
// written to a temporary name and renamed; results.jsonl and trajectories are appended one line
// per write, so a kill -9 loses at most the line in flight, and a torn last line is dropped.

export class RunDirError extends Error {}

export class RunDirectory {
  constructor(readonly dir: string) {}

  file(rel: string): string { return path.join(this.dir, rel); }

  /** Creates the directory, or checks that it holds the same run (then it is resumed). */
  open(manifest: RunManifest): RunManifest {
    fs.mkdirSync(this.dir, { recursive: true });
    const file = this.file("run.json");
    if (!fs.existsSync(file)) { writeAtomic(file, JSON.stringify(manifest, null, 2) + "\n"); return manifest; }
    let stored = readManifest(this.dir);
    const differs = configDifference(stored.config, manifest.config, ["trials"]);
    if (differs) throw new RunDirError(`${this.dir} holds another run: "${differs}" was ${JSON.stringify(stored.config[differs])}, now ${JSON.stringify(manifest.config[differs])}; use another --out, or the same options to resume`);
    if (stored.data_hash !== manifest.data_hash) throw new RunDirError(`${this.dir} was run on other scenario data (data hash ${stored.data_hash.slice(0, 12)}, now ${manifest.data_hash.slice(0, 12)}); use another --out`);
    if (manifest.trials < stored.trials) throw new RunDirError(`${this.dir} holds ${stored.trials} trials per scenario; resume with --trials ${stored.trials} or more`);
    if (manifest.trials > stored.trials) {
      // More trials of the same run: the finished ones count, the new ones are run.
      stored = { ...stored, trials: manifest.trials, config: { ...stored.config, trials: manifest.trials } };
      writeAtomic(file, JSON.stringify(stored, null, 2) + "\n");
    }
    return stored;
  }

  /** The finished episodes: the last line of each (scenario, trial) wins. */
  results(): RunResult[] {
    return readResults(this.dir);
  }

  appendResult(result: RunResult): void {
    fs.appendFileSync(this.file("results.jsonl"), JSON.stringify(runResult.parse(result)) + "\n");
  }

  writeScore(scenarioId: string, trial: number, report: unknown): void {
    writeAtomic(this.file(scorePath(scenarioId, trial)), JSON.stringify(report, null, 2) + "\n");
  }

  readJudge(scenarioId: string, trial: number): unknown {
    const file = this.file(judgePath(scenarioId, trial));
    return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
  }

  writeJudge(scenarioId: string, trial: number, verdict: unknown): void {
    writeAtomic(this.file(judgePath(scenarioId, trial)), JSON.stringify(verdict, null, 2) + "\n");
  }

  /** A trajectory written step by step; redone from scratch when an episode is redone. */
  trajectory(scenarioId: string, trial: number, header: { tick_seconds: number; agent: Record<string, unknown> }): TrajectoryFile {
    return new TrajectoryFile(this.file(trajectoryPath(scenarioId, trial)), scenarioId, header);
  }
}

export class TrajectoryFile {
  private readonly steps: RunnerStep[] = [];

  constructor(readonly file: string, scenarioId: string, header: { tick_seconds: number; agent: Record<string, unknown> }) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const line = { format: LOG_FORMAT, version: LOG_VERSION, scenario_id: scenarioId, options: { tick_seconds: header.tick_seconds }, agent: { ...header.agent, complete: false } };
    fs.writeFileSync(file, JSON.stringify(line) + "\n");
  }

  append(step: RunnerStep): void {
    this.steps.push(step);
    fs.appendFileSync(this.file, JSON.stringify(step) + "\n");
  }

  /** Replaces the step-by-step file with the server's log (authoritative indices, times and
   *  results), each step carrying what it cost (model usage and latency, turn). `complete` is
   *  false for an episode that ended in an error. */
  finish(serverLog: string, complete = true): void {
    const lines = serverLog.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as Record<string, unknown>);
    const header = lines[0]!;
    const recorded = this.steps.filter((s) => s.recorded !== false);
    const body = lines.slice(1);
    const offset = body.findIndex((s) => s.kind === "user") + 1; // the runner's steps start after the first user message
    const aligned = offset > 0 && body.length - offset === recorded.length && recorded.every((s, i) => s.kind === body[offset + i]!.kind);
    if (aligned) {
      recorded.forEach((s, i) => {
        const { kind: _k, content: _c, tool: _t, arguments: _a, raw_arguments: _r, call_id: _i, ok: _o, output: _out, ...cost } = s;
        Object.assign(body[offset + i]!, cost);
      });
    }
    header.agent = { ...(header.agent as object), complete, costs_aligned: aligned };
    writeAtomic(this.file, [header, ...body].map((l) => JSON.stringify(l)).join("\n") + "\n");
    parseLog(fs.readFileSync(this.file, "utf8")); // what we wrote must read back as a log
  }

  /** The steps of the finished log (for the judge). */
  readSteps(): Record<string, unknown>[] {
    return fs.readFileSync(this.file, "utf8").split("\n").filter((l) => l.trim()).slice(1).map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

export function readManifest(dir: string): RunManifest {
  const file = path.join(dir, "run.json");
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new RunDirError(`${file}: not readable JSON: ${(e as Error).message}`);
  }
  const parsed = runManifest.safeParse(raw);
  if (!parsed.success) throw new RunDirError(`${file}: not a pimbox run manifest: ${parsed.error.issues[0]!.path.join(".")}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

export function readResults(dir: string): RunResult[] {
  const file = path.join(dir, "results.jsonl");
  if (!fs.existsSync(file)) return [];
  let text = fs.readFileSync(file, "utf8");
  if (text.length && !text.endsWith("\n")) {
    // A line torn by a kill: drop it so that the next append starts a fresh line.
    text = text.slice(0, text.lastIndexOf("\n") + 1);
    fs.writeFileSync(file, text);
  }
  const byPair = new Map<string, RunResult>();
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    let value: unknown;
    try { value = JSON.parse(line); } catch { continue; }
    const parsed = runResult.safeParse(value);
    if (parsed.success) byPair.set(`${parsed.data.scenario_id}#${parsed.data.trial}`, parsed.data);
  }
  return [...byPair.values()];
}

export function writeAtomic(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}
