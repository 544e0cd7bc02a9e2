import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { createInterface } from "node:readline";
import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import autocannon from "autocannon";
import { ScenarioCatalog, type Scenario } from "../scenarios/catalog.js";
import { Episode } from "../episode/episode.js";
import type { ToolStep } from "../episode/trajectory.js";

export interface BenchResult { name: string; ratio: number; target: string; pass: boolean; detail: string }

const here = path.dirname(fileURLToPath(import.meta.url));

function timeLoop(n: number, f: () => void): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) f();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** Opening an episode vs opening the same image with raw better-sqlite3 (the floor). */
export function benchEpisodeOpen(scenario: Scenario, n = 2000): BenchResult {
  const image = scenario.snapshot().image;
  const raw = () => new Database(image).close();
  const episode = () => new Episode("bench", scenario, { tickSeconds: 5 }).close();
  timeLoop(200, raw); timeLoop(200, episode);
  // Interleave rounds so that drift on a noisy machine hits both sides alike.
  let rawMs = 0; let episodeMs = 0;
  for (let round = 0; round < 5; round++) { rawMs += timeLoop(n / 5, raw); episodeMs += timeLoop(n / 5, episode); }
  const ratio = episodeMs / rawMs;
  return {
    name: "episode open / raw better-sqlite3 open", ratio, target: "<= 2", pass: ratio <= 2,
    detail: `${(episodeMs / n * 1000).toFixed(0)} us vs ${(rawMs / n * 1000).toFixed(0)} us per open, image ${(image.length / 1024).toFixed(0)} KiB (an episode opens its database on its first write)`,
  };
}

/** RSS growth per live episode over 1,000 episodes. */
export function benchEpisodeMemory(scenario: Scenario, n = 1000): BenchResult {
  const gc = (globalThis as { gc?: () => void }).gc;
  scenario.snapshot();
  const live: Episode[] = [];
  gc?.();
  const before = process.memoryUsage().rss;
  // One write each: an episode's database is opened on its first write, and a live episode
  // that writes is the one whose memory counts.
  for (let i = 0; i < n; i++) {
    const episode = new Episode(`m${i}`, scenario, { tickSeconds: 5, history: "current" });
    episode.callTool("add_contact", { first_name: `M ${i}` });
    live.push(episode);
  }
  gc?.();
  const perEpisode = (process.memoryUsage().rss - before) / n;
  for (const e of live) e.close();
  const mb = perEpisode / (1024 * 1024);
  return {
    name: "memory per live episode after one write (MiB, RSS growth over 1,000)", ratio: mb, target: "< 1", pass: mb < 1,
    detail: `${(perEpisode / 1024).toFixed(0)} KiB per episode${gc ? "" : " (run with --expose-gc for a steadier figure)"}`,
  };
}

export interface BenchChild { port: number; rssPort?: number; path: string; body: string; mcpPath?: string; stop: () => void;
  /** CPU seconds the server process has used (user + system), from /proc; undefined elsewhere. */
  cpuSeconds: () => number | undefined }

export async function startChild(args: string[], env: Record<string, string> = {}): Promise<BenchChild> {
  const child = spawn(process.execPath, ["--expose-gc", path.join(here, "bench-server.js"), ...args], { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, ...env } });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const info = JSON.parse(line) as { port: number; rssPort?: number; path: string; body: string; mcpPath?: string };
  const cpuSeconds = () => {
    try {
      // Fields 14 and 15 of /proc/<pid>/stat, after the command name in brackets: user and
      // system time in clock ticks (USER_HZ, 100 on Linux).
      const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return undefined;
    }
  };
  return { ...info, cpuSeconds, stop: () => child.kill() };
}

/** Requests per second and requests completed, over `seconds` of 16 keep-alive connections. */
export async function loadRun(port: number, urlPath: string, body: string, seconds: number, headers: Record<string, string> = {}): Promise<{ rate: number; total: number }> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`, method: "POST", body, headers: { "content-type": "application/json", ...headers },
    connections: 16, pipelining: 1, duration: seconds,
  });
  return { rate: result.requests.average, total: result.requests.total };
}

export async function load(port: number, urlPath: string, body: string, seconds: number, headers: Record<string, string> = {}): Promise<number> {
  return (await loadRun(port, urlPath, body, seconds, headers)).rate;
}

/** A JSON-function tool call over keep-alive HTTP vs a bare express handler returning the same
 *  JSON; each server in its own process, measured alternately. */
export async function benchToolCall(dataDir: string, scenario: Scenario, rounds = 11): Promise<BenchResult> {
  const tool = "search_contacts";
  const args = JSON.stringify({ name: scenario.protagonist.contacts[1]?.first_name ?? "a" });
  const probe = new Episode("probe", scenario, { tickSeconds: 5 });
  const step = probe.callTool(tool, JSON.parse(args)) as ToolStep;
  const payload = JSON.stringify({ ok: true, result: step.result, step: 2, time: step.time });
  probe.close();
  const pimbox = await startChild(["pimbox", dataDir, scenario.id, tool, args], { PIMBOX_BENCH_WARM: "0" });
  const bare = await startChild(["bare", dataDir, scenario.id, tool, args, payload]);
  try {
    await load(pimbox.port, pimbox.path, pimbox.body, 1);
    await load(bare.port, bare.path, bare.body, 1);
    // Many one-second alternating rounds, the median ratio of each pair:
    // this machine's rate drifts by a third within seconds, so long runs of each side compare
    // two different machines. Each server's CPU time per request is taken over the same rounds:
    // the load generator shares the machine, and the servers' own cost is the steadier figure.
    const pairs: { pimbox: number; bare: number }[] = [];
    const cpu = { pimbox: 0, bare: 0, pimboxRequests: 0, bareRequests: 0 };
    const counted = async (server: BenchChild, side: "pimbox" | "bare") => {
      const before = server.cpuSeconds();
      const run = await loadRun(server.port, server.path, server.body, 1);
      const after = server.cpuSeconds();
      if (before !== undefined && after !== undefined) { cpu[side] += after - before; cpu[`${side}Requests`] += run.total; }
      return run.rate;
    };
    for (let i = 0; i < rounds; i++) {
      const first = await counted(pimbox, "pimbox");
      const second = await counted(bare, "bare");
      pairs.push({ pimbox: first, bare: second });
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratios = pairs.map((r) => r.pimbox / r.bare).sort((a, b) => a - b);
    const ratio = median(ratios);
    const perRequest = (side: "pimbox" | "bare") => cpu[side] / cpu[`${side}Requests`] * 1e6;
    const cpuNote = cpu.pimboxRequests && cpu.bareRequests
      ? `; server CPU per request ${perRequest("pimbox").toFixed(0)} vs ${perRequest("bare").toFixed(0)} us, a ratio of ${(perRequest("bare") / perRequest("pimbox")).toFixed(2)}`
      : "";
    return {
      name: "tool call req/s / bare express req/s", ratio, target: ">= 0.8", pass: ratio >= 0.8,
      detail: `median of ${rounds} alternating one-second rounds (pair ratios ${ratios[0]!.toFixed(2)}-${ratios.at(-1)!.toFixed(2)}; ` +
        `median ${median(pairs.map((p) => p.pimbox)).toFixed(0)} vs ${median(pairs.map((p) => p.bare)).toFixed(0)} req/s)${cpuNote}, ${payload.length} B responses, 16 keep-alive connections`,
    };
  } finally {
    pimbox.stop();
    bare.stop();
  }
}

export async function benchSandbox(dataDir: string): Promise<BenchResult[]> {
  const { catalog } = ScenarioCatalog.load(dataDir);
  const scenario = catalog.list()[0];
  if (!scenario) throw new Error(`no scenarios under ${dataDir}`);
  return [benchEpisodeOpen(scenario), benchEpisodeMemory(scenario), await benchToolCall(dataDir, scenario)];
}
