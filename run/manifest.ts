import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PROMPT_PARTS } from "../episode/prompt.js";
import { PACKAGE_ROOT } from "../scenarios/paths.js";
import { labelOf, type RunConfig } from "./config.js";
import { JUDGE_PROMPT } from "./judge.js";
import { RUN_FORMAT, RUN_VERSION, type RunManifest } from "./run-dir.js";
import { USER_PROMPT } from "./user-llm.js";

/** sha256 over every .json file of the data folder (relative path and bytes, in path order):
 *  the same for every shard of a run, different as soon as a scenario or protagonist changes. */
export function dataHash(dataDir: string): string {
  const hash = createHash("sha256");
  const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    return d.isDirectory() ? walk(full) : d.name.endsWith(".json") ? [full] : [];
  });
  for (const file of walk(dataDir).sort()) {
    hash.update(path.relative(dataDir, file).split(path.sep).join("/")).update("\0").update(fs.readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

export function pimboxVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, "package.json"), "utf8")) as { version: string }).version;
}

export function buildManifest(config: RunConfig, dataDir: string, scenarioIds: string[], systemPromptOverride: string | null): RunManifest {
  const prompts: Record<string, string> = systemPromptOverride === null ? { ...PROMPT_PARTS } : { system_override: systemPromptOverride };
  if (config.user_model) prompts.user_simulator = USER_PROMPT;
  if (config.judge_model) prompts.judge = JUDGE_PROMPT;
  return {
    format: RUN_FORMAT,
    version: RUN_VERSION,
    pimbox_version: pimboxVersion(),
    created: new Date().toISOString(),
    data_hash: dataHash(dataDir),
    label: labelOf(config),
    config: config as unknown as Record<string, unknown>,
    prompts,
    shard: config.shard,
    trials: config.trials,
    scenario_ids: scenarioIds,
  };
}
