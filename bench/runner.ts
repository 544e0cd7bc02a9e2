import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchResult } from "./sandbox.js";

// The runner, process start to summary: `pimbox run --agent gold` over every scenario through
// HTTP (in-process server on loopback, run directory on disk), against a process that replays
// the same gold trajectories in-process and scores them. Rounds are interleaved so that a noisy
// machine slows both alike. tau2-bench's 273 simulations an hour is the anchor for throughput.

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.join(here, "..", "cli", "main.js");
const TAU2_PER_HOUR = 273;

function timed(args: string[]): Promise<{ ms: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "ignore"] });
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => { stdout += d.toString(); });
    child.on("exit", (code) => (code === 0 ? resolve({ ms: performance.now() - t0, stdout }) : reject(new Error(`${args.join(" ")} exited ${code}`))));
  });
}

export async function benchRunner(dataDir: string, rounds = 2): Promise<BenchResult[]> {
  let runMs = 0; let replayMs = 0; let episodes = 0;
  for (let round = 0; round < rounds; round++) {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-bench-run-"));
    const run = await timed([CLI, "run", "--agent", "gold", "--concurrency", "8", "--json", "--out", out, "--data", dataDir]);
    const summary = (JSON.parse(run.stdout) as { summary: { episodes: number; pass_rate: number } }).summary;
    if (summary.pass_rate !== 1) throw new Error(`gold run passed ${summary.pass_rate}, expected every episode`);
    episodes = summary.episodes;
    fs.rmSync(out, { recursive: true, force: true });
    const replay = await timed([path.join(here, "gold-replay.js"), dataDir]);
    runMs += run.ms; replayMs += replay.ms;
  }
  const mcpOut = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-bench-run-"));
  const mcp = await timed([CLI, "run", "--agent", "gold", "--via", "mcp", "--concurrency", "8", "--json", "--out", mcpOut, "--data", dataDir]);
  fs.rmSync(mcpOut, { recursive: true, force: true });
  const perHour = episodes / (runMs / rounds / 3_600_000);
  const ratio = runMs / replayMs;
  return [
    {
      name: "runner: gold over every scenario via HTTP, process start to summary / in-process replay", ratio, target: "<= 3", pass: ratio <= 3,
      detail: `${(runMs / rounds / 1000).toFixed(1)} s vs ${(replayMs / rounds / 1000).toFixed(1)} s for ${episodes} episodes (mean of ${rounds} rounds)`,
    },
    {
      name: "runner: the same via MCP / in-process replay (informational: the MCP road adds a session per episode)",
      ratio: mcp.ms / (replayMs / rounds), target: "none", pass: true,
      detail: `${(mcp.ms / 1000).toFixed(1)} s for ${episodes} episodes (one round)`,
    },
    {
      name: "runner: episodes per hour / tau2-bench's 273 simulations per hour", ratio: perHour / TAU2_PER_HOUR, target: ">= 1", pass: perHour >= TAU2_PER_HOUR,
      detail: `${Math.round(perHour)} episodes per hour (gold agent: no model latency)`,
    },
  ];
}
