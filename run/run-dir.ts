import { z } from "zod";

// The run directory written by `pimbox run` and read by `pimbox report`. It needs nothing else to
// be read: the configuration, one trajectory log per episode, and one result line per finished
// episode. zod is the single source of these formats.
//
//   <out>/run.json                                  RunManifest
//   <out>/trajectories/<scenario_id>/trial-<k>.jsonl the episode's trajectory log (episode/log.ts),
//                                                    appended step by step while it runs
//   <out>/scores/<scenario_id>/trial-<k>.json       the full score report (milestones/score.ts)
//   <out>/results.jsonl                             RunResult, one line per finished episode
//   <out>/judge/<scenario_id>/trial-<k>.json        the LLM judge's verdict, when a judge ran

export const RUN_FORMAT = "pimbox-run";
export const RUN_VERSION = 1;

export const shard = z.object({
  index: z.number().int().min(1).describe("1-based"),
  count: z.number().int().min(1),
}).strict();

export const runManifest = z.object({
  format: z.literal(RUN_FORMAT),
  version: z.literal(RUN_VERSION),
  pimbox_version: z.string(),
  created: z.string().describe("ISO 8601 wall-clock time the run directory was created"),
  data_hash: z.string().describe("sha256 of the scenario and protagonist files the run used"),
  /** The run's name in the report's tables: `--label`, else the model name, or "gold". */
  label: z.string().min(1),
  config: z.record(z.string(), z.unknown()).describe("the full configuration: model, base_url, via, trials, temperature, seed, user and judge models, augmentations, filters, limits"),
  prompts: z.record(z.string(), z.string()).describe("the system prompts used, by name"),
  shard: shard.nullable(),
  trials: z.number().int().min(1),
  scenario_ids: z.array(z.string()).describe("the scenarios of this run (this shard's share)"),
});

export const runResult = z.object({
  scenario_id: z.string(),
  trial: z.number().int().min(1),
  protagonist: z.string(),
  complexity: z.object({ referential: z.string(), functional: z.string(), informational: z.string() }),
  challenges: z.object({ misinformation: z.boolean(), insufficient_context: z.boolean() }),
  turns: z.enum(["single", "multi"]),
  goal_type: z.string(),
  score: z.number(),
  passed: z.boolean(),
  milestone_similarity: z.number(),
  categories: z.object({ retrieval: z.number().nullable(), payload: z.number().nullable(), response: z.number().nullable() }),
  turn_count: z.number().int(),
  tool_calls: z.number().int(),
  unaccounted_changes: z.number().int().min(0).default(0),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).nullable().default(null),
  latency_ms: z.number().nullable().default(null),
  /** Set when the episode could not finish (the model endpoint kept failing, say): the score is 0. */
  error: z.string().nullable().default(null),
  judge: z.record(z.string(), z.number()).nullable().default(null).describe("the judge's five dimensions, 0-2 each"),
  stop: z.string().nullable().default(null).describe("why the episode ended: the conversation ended, the turn limit, the agent stopped"),
  finished_at: z.string(),
});

export type RunManifest = z.infer<typeof runManifest>;
export type RunResult = z.infer<typeof runResult>;

export const trajectoryPath = (scenarioId: string, trial: number) => `trajectories/${scenarioId}/trial-${trial}.jsonl`;
export const scorePath = (scenarioId: string, trial: number) => `scores/${scenarioId}/trial-${trial}.json`;
export const judgePath = (scenarioId: string, trial: number) => `judge/${scenarioId}/trial-${trial}.json`;
