import type { Scenario, ScenarioCatalog } from "../scenarios/catalog.js";
import type { ScoreReport } from "../milestones/index.js";
import type { Agent } from "./agent.js";
import { GoldAgent } from "./agent-gold.js";
import { ModelAgent } from "./agent-model.js";
import { labelOf, type RunConfig } from "./config.js";
import type { Environment } from "./environment.js";
import { HttpEnvironment } from "./environment-http.js";
import { McpEnvironment } from "./environment-mcp.js";
import { judge, type JudgeRecord } from "./judge.js";
import { startLocalServer } from "./local-server.js";
import { buildManifest } from "./manifest.js";
import { summarize, type Summary } from "./metrics.js";
import { Model } from "./model.js";
import { orchestrate, type EpisodeOutcome } from "./orchestrator.js";
import { PimboxClient } from "./pimbox-client.js";
import { createProgress, type Progress } from "./progress.js";
import type { RunManifest, RunResult } from "./run-dir.js";
import { RunDirectory } from "./run-files.js";
import { selectScenarios } from "./select.js";
import { shareOf } from "./shard.js";
import { LlmUser } from "./user-llm.js";

// One `pimbox run`: select the scenarios (filters, then this shard's share), open or resume the
// run directory, and run every (scenario, trial) not yet in results.jsonl through the
// orchestrator, `concurrency` at a time, against a pimbox server reached over loopback HTTP.

export interface RunInputs {
  config: RunConfig;
  catalog: ScenarioCatalog;
  dataDir: string;
  out: string;
  /** Bearer token of --server. */
  token: string | null;
  apiKey: string | null;
  systemPrompt: string | null;
  signal?: AbortSignal;
  progress?: NodeJS.WriteStream;
}

export interface RunOutcome {
  manifest: RunManifest;
  results: RunResult[];
  summary: Summary;
  ran: number;
  skipped: number;
  interrupted: boolean;
}

export class RunSelectionError extends Error {}

export async function runBenchmark(inputs: RunInputs): Promise<RunOutcome> {
  const { config, catalog } = inputs;
  const { scenarios: selected, unknown } = selectScenarios(catalog.list(), config.filters);
  if (unknown.length) throw new RunSelectionError(`no scenario ${unknown.map((u) => `"${u}"`).join(", ")}; \`pimbox scenarios\` lists them`);
  const scenarios = shareOf(selected, config.shard);
  if (!scenarios.length) throw new RunSelectionError("the filters (and shard) select no scenario");

  const dir = new RunDirectory(inputs.out);
  const manifest = dir.open(buildManifest(config, inputs.dataDir, scenarios.map((s) => s.id), inputs.systemPrompt));
  const finished = new Set(dir.results().filter((r) => !(config.retry_errors && r.error !== null)).map((r) => `${r.scenario_id}#${r.trial}`));
  const work: { scenario: Scenario; trial: number }[] = [];
  for (const scenario of scenarios) {
    for (let trial = 1; trial <= config.trials; trial++) {
      if (!finished.has(`${scenario.id}#${trial}`)) work.push({ scenario, trial });
    }
  }
  const total = scenarios.length * config.trials;

  // Local endpoints (vLLM, llama.cpp, Ollama) take any key; the openai package wants one.
  const model = (name: string | null) => name === null ? null : new Model({
    model: name, baseUrl: config.base_url, apiKey: inputs.apiKey || "none", temperature: config.temperature, seed: config.seed,
    timeoutMs: config.timeout_ms, maxRetries: config.max_retries,
  });
  const models = { agent: config.agent === "model" ? model(config.model) : null, user: model(config.user_model), judge: model(config.judge_model) };
  const local = config.server ? null : await startLocalServer(catalog);
  const client = new PimboxClient((config.server ?? local!.url).replace(/\/+$/, ""), inputs.token);
  const env: Environment = config.via === "mcp" ? new McpEnvironment(client) : new HttpEnvironment(client);
  if (!local) await client.request("GET", "/health"); // a wrong --server fails once, not once per episode
  const progress = createProgress(total, total - work.length, inputs.progress);

  let next = 0;
  const worker = async () => {
    while (next < work.length && !inputs.signal?.aborted) {
      const item = work[next++]!;
      await runOne(item.scenario, item.trial, { config, dir, env, models, progress, systemPrompt: inputs.systemPrompt, signal: inputs.signal });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(config.concurrency, work.length) }, worker));
  } finally {
    progress.stop();
    await local?.close();
  }
  const ids = new Set(manifest.scenario_ids);
  const results = dir.results().filter((r) => ids.has(r.scenario_id) && r.trial <= config.trials);
  return {
    manifest, results, summary: summarize(results, config.trials),
    ran: work.length, skipped: total - work.length, interrupted: inputs.signal?.aborted === true,
  };
}

interface EpisodeContext {
  config: RunConfig;
  dir: RunDirectory;
  env: Environment;
  models: { agent: Model | null; user: Model | null; judge: Model | null };
  progress: Progress;
  systemPrompt: string | null;
  signal: AbortSignal | undefined;
}

/** One (scenario, trial): its trajectory appended step by step, then its score and result line.
 *  Interrupted episodes write no result line, so resuming redoes them. */
async function runOne(scenario: Scenario, trial: number, ctx: EpisodeContext): Promise<void> {
  const { config, dir } = ctx;
  const agentMeta = {
    label: labelOf(config), agent: config.agent, model: config.model, via: config.via, trial,
    ...(config.augment.length ? { augment: config.augment } : {}), ...(config.user_model ? { user_model: config.user_model } : {}),
  };
  const traj = dir.trajectory(scenario.id, trial, { tick_seconds: config.tick_seconds, agent: agentMeta });
  let outcome: EpisodeOutcome | null = null;
  let report: ScoreReport | null = null;
  let error: string | null = null;
  let episode;
  try {
    episode = await ctx.env.open(scenario.id, { tickSeconds: config.tick_seconds, agent: agentMeta });
    const setup = { scenario, systemPrompt: episode.systemPrompt, userMessage: episode.userMessage, tools: episode.tools };
    const agent: Agent = config.agent === "gold"
      ? new GoldAgent(setup)
      : new ModelAgent(ctx.models.agent!, setup, { augment: config.augment, systemPrompt: ctx.systemPrompt });
    const user = ctx.models.user && scenario.file.turns === "multi" ? new LlmUser(ctx.models.user, scenario.file) : null;
    const limits = config.agent === "gold"
      ? { maxTurns: Number.POSITIVE_INFINITY, maxToolCalls: Number.POSITIVE_INFINITY }
      : { maxTurns: config.max_turns, maxToolCalls: config.max_tool_calls };
    outcome = await orchestrate(episode, agent, user, limits, (step) => traj.append(step), ctx.signal);
    report = await episode.score();
    traj.finish(await episode.log());
  } catch (e) {
    if (ctx.signal?.aborted) { await episode?.close().catch(() => undefined); return; }
    error = (e as Error).message;
    if (episode) await episode.log().then((log) => traj.finish(log, false)).catch(() => undefined);
  }
  await episode?.close().catch(() => undefined);

  let verdict: JudgeRecord | null = null;
  if (report && ctx.models.judge) {
    verdict = dir.readJudge(scenario.id, trial) as JudgeRecord | null;
    if (!verdict) {
      try {
        const steps = traj.readSteps();
        verdict = await judge(ctx.models.judge, scenario, steps, ctx.signal);
        dir.writeJudge(scenario.id, trial, verdict);
      } catch (e) {
        if (ctx.signal?.aborted) return;
        verdict = null;
        process.stderr.write(`pimbox: judge failed on ${scenario.id} trial ${trial}: ${(e as Error).message}\n`);
      }
    }
  }
  if (report) dir.writeScore(scenario.id, trial, report);
  const f = scenario.file;
  const result: RunResult = {
    scenario_id: scenario.id, trial, protagonist: f.protagonist, complexity: f.complexity, challenges: f.challenges,
    turns: f.turns, goal_type: f.goal_type,
    score: report?.score ?? 0,
    passed: report?.passed ?? false,
    milestone_similarity: report?.milestone_similarity ?? 0,
    categories: {
      retrieval: report?.categories.retrieval ?? null, payload: report?.categories.payload ?? null, response: report?.categories.response ?? null,
    },
    turn_count: report?.turns.turn_count ?? 0,
    tool_calls: report?.turns.tool_calls ?? 0,
    unaccounted_changes: unaccounted(report),
    usage: outcome?.usage ?? null,
    latency_ms: outcome?.latency_ms ?? null,
    error,
    judge: verdict?.scores ?? null,
    stop: outcome?.stop ?? null,
    finished_at: new Date().toISOString(),
  };
  dir.appendResult(result);
  ctx.progress.episodeDone(`${scenario.id}#${trial}`, result.score, result.passed, error);
}

/** The scorer's frame check lists changes no milestone accounts for (when the scorer has it). */
function unaccounted(report: ScoreReport | null): number {
  const list = (report as { unaccounted_changes?: unknown } | null)?.unaccounted_changes;
  return Array.isArray(list) ? list.length : 0;
}
