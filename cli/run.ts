import fs from "node:fs";
import { runConfig, type RunConfig } from "../run/config.js";
import { renderSummary } from "../run/metrics.js";
import { RunDirError } from "../run/run-files.js";
import { PimboxHttpError } from "../run/pimbox-client.js";
import { runBenchmark, RunSelectionError } from "../run/runner.js";
import { combineRuns, parseShard } from "../run/shard.js";
import { readResults } from "../run/run-files.js";
import { summarize } from "../run/metrics.js";
import { loadCatalog } from "./catalog.js";
import { UsageError, apiKeyFrom } from "./usage.js";

export interface RunOptions {
  agent: string; model?: string; baseUrl?: string; apiKeyEnv: string; via: string; server?: string; token?: string;
  label?: string; out: string; concurrency: string; trials: string; temperature?: string; seed?: string; maxTurns: string; maxToolCalls: string;
  timeout: string; maxRetries: string; tick: string; userModel?: string; judgeModel?: string; augment: string[];
  systemPrompt?: string; scenario: string[]; protagonist: string[]; tranche: string[]; challenge: string[]; turns?: string;
  limit?: string; shard?: string; retryErrors?: boolean; json?: boolean; data: string;
}

const FLAG: Record<string, string> = { timeout_ms: "--timeout", system_prompt_file: "--system-prompt", tick_seconds: "--tick", base_url: "--base-url" };
/** The flag of a config field: filters.limit is --limit, augment.0 is --augment. */
function flagOf(path: PropertyKey[]): string {
  const names = path.filter((p): p is string => typeof p === "string");
  const field = names[0] === "filters" && names[1] ? names[1] : names[0] ?? "";
  return FLAG[field] ?? `--${field.replace(/_/g, "-")}`;
}

/** A number flag: its text as a number, or the text itself so that zod names the flag. */
const num = (s: string | undefined) => (s === undefined ? undefined : Number.isFinite(Number(s)) && s.trim() !== "" ? Number(s) : s);

export function parseRunConfig(o: RunOptions): RunConfig {
  let shard = null;
  if (o.shard !== undefined) {
    shard = parseShard(o.shard);
    if (!shard) throw new UsageError(`--shard must be I/N with 1 <= I <= N (e.g. 2/8), got "${o.shard}"`);
  }
  const timeout = num(o.timeout);
  const parsed = runConfig.safeParse({
    label: o.label ?? null, agent: o.agent, model: o.model ?? null, base_url: o.baseUrl ?? null, api_key_env: o.apiKeyEnv, via: o.via,
    server: o.server ?? null, temperature: num(o.temperature) ?? null, seed: num(o.seed) ?? null,
    max_turns: num(o.maxTurns), max_tool_calls: num(o.maxToolCalls),
    timeout_ms: typeof timeout === "number" ? Math.round(timeout * 1000) : timeout,
    max_retries: num(o.maxRetries), concurrency: num(o.concurrency), trials: num(o.trials), tick_seconds: num(o.tick),
    user_model: o.userModel ?? null, judge_model: o.judgeModel ?? null, augment: o.augment,
    system_prompt_file: o.systemPrompt ?? null,
    filters: { scenario: o.scenario, protagonist: o.protagonist, tranche: o.tranche, challenge: o.challenge, turns: o.turns ?? null, limit: num(o.limit) ?? null },
    shard, retry_errors: o.retryErrors === true,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`${flagOf(issue.path)}: ${issue.message}`);
  }
  return parsed.data;
}

/** `pimbox run`: a thin shell over run/runner.ts. Exit 0 when every episode finished, 1 when
 *  some ended in an error or the run was interrupted (run the same command to resume). */
export async function runCommand(o: RunOptions): Promise<number> {
  const config = parseRunConfig(o);
  let systemPrompt: string | null = null;
  if (config.system_prompt_file) {
    try { systemPrompt = fs.readFileSync(config.system_prompt_file, "utf8"); } catch (e) {
      throw new UsageError(`--system-prompt: cannot read ${config.system_prompt_file}: ${(e as Error).message}`);
    }
  }
  const needsModel = config.agent === "model" || config.user_model !== null || config.judge_model !== null;
  const apiKey = needsModel ? apiKeyFrom(config.api_key_env, config.base_url) : process.env[config.api_key_env] || null;
  const catalog = loadCatalog(o.data);
  const controller = new AbortController();
  const interrupt = () => {
    process.stderr.write("\npimbox: interrupted; episodes in flight are dropped; run the same command to resume\n");
    controller.abort();
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  try {
    const outcome = await runBenchmark({
      config, catalog, dataDir: o.data, out: o.out, token: o.token ?? process.env.PIMBOX_TOKEN ?? null,
      apiKey, systemPrompt, signal: controller.signal,
    });
    if (o.json) process.stdout.write(JSON.stringify({ label: outcome.manifest.label, out: o.out, ran: outcome.ran, skipped: outcome.skipped, interrupted: outcome.interrupted, summary: outcome.summary }, null, 2) + "\n");
    else {
      const total = outcome.manifest.scenario_ids.length * outcome.manifest.trials;
      const state = outcome.interrupted
        ? `interrupted: ${outcome.results.length} of ${total} finished; run the same command to resume`
        : `${outcome.ran} run now, ${outcome.skipped} done before`;
      process.stdout.write(`\n${renderSummary(outcome.manifest.label, outcome.summary)}run directory: ${o.out} (${state})\n`);
    }
    return outcome.interrupted || outcome.summary.errors > 0 ? 1 : 0;
  } catch (e) {
    if (e instanceof RunDirError || e instanceof RunSelectionError) throw new UsageError(e.message);
    if (e instanceof PimboxHttpError) { process.stderr.write(`pimbox run: ${e.message}\n`); return 1; }
    throw e;
  } finally {
    process.off("SIGINT", interrupt);
    process.off("SIGTERM", interrupt);
  }
}

export interface CombineOptions { out: string; json?: boolean }

/** `pimbox combine --out DIR SHARD...`: N shard directories into one run directory. */
export function combineCommand(dirs: string[], o: CombineOptions): number {
  let manifest;
  try {
    manifest = combineRuns(dirs, o.out);
  } catch (e) {
    if (e instanceof RunDirError) throw new UsageError(e.message);
    throw e;
  }
  const summary = summarize(readResults(o.out), manifest.trials);
  process.stdout.write(o.json ? JSON.stringify({ label: manifest.label, out: o.out, summary }, null, 2) + "\n" : renderSummary(manifest.label, summary));
  return 0;
}

