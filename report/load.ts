import fs from "node:fs";
import path from "node:path";
import { runManifest, runResult, type RunManifest } from "../run/run-dir.js";
import type { ReportRow } from "./tables.js";

// Reads run directories (run/run-dir.ts) and combines them per model: the shards of one run, or
// several runs of the same label, become one model's episodes.

export class ReportInputError extends Error {}

export interface ModelRuns {
  label: string;
  dirs: string[];
  manifests: RunManifest[];
  /** Episodes the manifests list that have no result line (an unfinished run). */
  missing: number;
}

export interface LoadedRuns {
  models: ModelRuns[];
  rows: ReportRow[];
  /** The run directory of each row, in the same order. */
  dirs: string[];
  /** Things a person should know that do not stop the report. */
  warnings: string[];
}

export function loadRuns(dirs: readonly string[]): LoadedRuns {
  const models = new Map<string, ModelRuns>();
  const episodes = new Map<string, { row: ReportRow; dir: string }>();
  const warnings: string[] = [];
  // The same directory named twice (a shell glob and a path, say) is read once.
  const unique = dirs.filter((d, i) => dirs.findIndex((e) => path.resolve(e) === path.resolve(d)) === i);
  for (const dir of unique) {
    const manifest = readManifest(dir);
    const model = models.get(manifest.label) ?? { label: manifest.label, dirs: [], manifests: [], missing: 0 };
    models.set(manifest.label, model);
    if (model.manifests.length > 0 && model.manifests[0]!.data_hash !== manifest.data_hash) {
      warnings.push(`${dir}: ran on other scenario data than ${model.dirs[0]} (data_hash differs); both are reported as "${manifest.label}"`);
    }
    model.dirs.push(dir);
    model.manifests.push(manifest);
    const seen = new Set<string>();
    for (const row of readResults(dir, manifest.label, warnings)) {
      const key = `${row.model}\u0000${row.scenario_id}\u0000${row.trial}`;
      const earlier = episodes.get(key);
      if (earlier && earlier.dir !== dir) {
        throw new ReportInputError(`${dir} and ${earlier.dir} both hold ${row.scenario_id} trial ${row.trial} of "${row.model}"; give each run its own label (\`pimbox run --label NAME\`; for a finished run, "label" in its run.json) or drop one directory`);
      }
      if (earlier) warnings.push(`${dir}: ${row.scenario_id} trial ${row.trial} has more than one result line; the last one is used`);
      episodes.set(key, { row, dir });
      seen.add(`${row.scenario_id}\u0000${row.trial}`);
    }
    for (const id of manifest.scenario_ids) {
      for (let t = 1; t <= manifest.trials; t++) if (!seen.has(`${id}\u0000${t}`)) model.missing++;
    }
  }
  for (const m of models.values()) {
    if (m.missing > 0) warnings.push(`"${m.label}": ${m.missing} episode(s) listed in run.json have no result line (unfinished run?); they are left out`);
  }
  const all = [...episodes.values()];
  return { models: [...models.values()], rows: all.map((e) => e.row), dirs: all.map((e) => e.dir), warnings };
}

function readManifest(dir: string): RunManifest {
  const file = path.join(dir, "run.json");
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new ReportInputError(err.code === "ENOENT"
      ? `${dir} is not a run directory: it has no run.json (run directories are written by \`pimbox run\`)`
      : `${file}: ${err.message}`);
  }
  const parsed = runManifest.safeParse(raw);
  if (!parsed.success) throw new ReportInputError(`${file}: not a pimbox run manifest: ${zodReason(parsed.error)}`);
  return parsed.data;
}

function readResults(dir: string, label: string, warnings: string[]): ReportRow[] {
  const file = path.join(dir, "results.jsonl");
  if (!fs.existsSync(file)) return [];
  const rows: ReportRow[] = [];
  const lines = fs.readFileSync(file, "utf8").split("\n");
  let last = lines.length - 1;
  while (last > 0 && lines[last]!.trim() === "") last--;
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      // A run killed mid-write leaves a partial last line: that episode is simply not finished.
      if (i === last) {
        warnings.push(`${file}:${i + 1}: a partial last line (interrupted run?) is left out`);
        return;
      }
      throw new ReportInputError(`${file}:${i + 1}: not JSON (${(e as Error).message})`);
    }
    const parsed = runResult.safeParse(raw);
    if (!parsed.success) throw new ReportInputError(`${file}:${i + 1}: not a result line: ${zodReason(parsed.error)}`);
    rows.push({ ...parsed.data, model: label });
  });
  return rows;
}

function zodReason(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0]!;
  return `${issue.path.map(String).join(".") || "(top level)"}: ${issue.message}`;
}
