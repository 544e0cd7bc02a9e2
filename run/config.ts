import { z } from "zod";
import { shard } from "./run-dir.js";

// The configuration of one `pimbox run`: zod is its single source; the command line is parsed
// into it and it is written whole to run.json. Resuming compares it with the stored one.

export const AUGMENTATIONS = ["distraction_tools", "scrambled_names", "no_arg_descriptions", "renamed_arguments", "no_type_hints"] as const;
export const augmentation = z.enum(AUGMENTATIONS);
export type Augmentation = z.infer<typeof augmentation>;

export const CHALLENGES = ["misinformation", "insufficient_context", "none"] as const;

export const filters = z.object({
  scenario: z.array(z.string().min(1)).default([]).describe("only these scenario ids"),
  protagonist: z.array(z.string().min(1)).default([]).describe("only these protagonists"),
  tranche: z.array(z.string().regex(/^(low|moderate|high|\*)\/(low|moderate|high|\*)\/(low|moderate|high|\*)$/,
    "informational/referential/functional levels, e.g. low/moderate/high (* for any)")).default([]),
  challenge: z.array(z.enum(CHALLENGES)).default([]),
  turns: z.enum(["single", "multi"]).nullable().default(null),
  limit: z.number().int().positive().nullable().default(null).describe("the first N scenarios after the other filters"),
}).strict();
export type Filters = z.infer<typeof filters>;

/** What names a run in run.json and in the report: printable, one line. */
export const runLabel = z.string().trim().min(1).max(200).regex(/^[^\p{Cc}]+$/u, "printable text on one line");

export const runConfig = z.object({
  label: runLabel.nullable().default(null).describe("the run's name in run.json and the report (default: the model name, or \"gold\")"),
  agent: z.enum(["model", "gold"]).describe("model: a chat-completions model; gold: plays each scenario's gold trajectory"),
  model: z.string().min(1).nullable().default(null),
  base_url: z.url().nullable().default(null).describe("OpenAI-compatible endpoint (default: the openai package's, api.openai.com)"),
  api_key_env: z.string().min(1).default("OPENAI_API_KEY"),
  via: z.enum(["http", "mcp"]).default("http"),
  server: z.url().nullable().default(null).describe("a running pimbox server; default: one started in-process on 127.0.0.1"),
  temperature: z.number().min(0).max(2).nullable().default(null),
  seed: z.number().int().nullable().default(null),
  max_turns: z.number().int().min(1).max(1000).default(30).describe("model calls per episode"),
  max_tool_calls: z.number().int().min(1).max(1000).default(16).describe("tool calls run per model response; the rest are refused"),
  timeout_ms: z.number().int().positive().default(120_000).describe("per model request"),
  max_retries: z.number().int().min(0).max(20).default(4).describe("on 429, 5xx, timeouts and network errors"),
  concurrency: z.number().int().min(1).max(256).default(4),
  trials: z.number().int().min(1).max(100).default(1),
  tick_seconds: z.number().positive().max(86_400).default(5),
  user_model: z.string().min(1).nullable().default(null).describe("an LLM plays the user of multi-turn scenarios (default: the scripted user)"),
  judge_model: z.string().min(1).nullable().default(null).describe("an LLM judge, apart from the rule-based score"),
  augment: z.array(augmentation).default([]),
  system_prompt_file: z.string().nullable().default(null),
  filters: filters.default(filters.parse({})),
  shard: shard.nullable().default(null),
  retry_errors: z.boolean().default(false).describe("redo episodes whose result line holds an error"),
}).strict().superRefine((c, ctx) => {
  if (c.agent === "model" && !c.model) ctx.addIssue({ code: "custom", path: ["model"], message: "required unless --agent gold" });
  if (c.shard && c.shard.index > c.shard.count) ctx.addIssue({ code: "custom", path: ["shard"], message: `shard ${c.shard.index} of ${c.shard.count} does not exist` });
});
export type RunConfig = z.infer<typeof runConfig>;

/** Fields that may differ between a run and its resumption: they do not change any result. */
export const RESUMABLE_DIFFERENCES: ReadonlySet<string> = new Set(["concurrency", "server", "retry_errors", "timeout_ms", "max_retries"]);

/** The name of a run: --label, else the model, else "gold". */
export function labelOf(config: RunConfig): string {
  return config.label ?? (config.agent === "gold" ? "gold" : config.model!);
}

/** The first field that differs between two configurations, ignoring the harmless ones. A field
 *  an older run.json lacks counts as null (its default), so adding one does not orphan runs. */
export function configDifference(a: Record<string, unknown>, b: Record<string, unknown>, ignore: readonly string[] = []): string | null {
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (RESUMABLE_DIFFERENCES.has(key) || ignore.includes(key)) continue;
    if (JSON.stringify(a[key] ?? null) !== JSON.stringify(b[key] ?? null)) return key;
  }
  return null;
}
