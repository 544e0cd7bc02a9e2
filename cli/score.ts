import fs from "node:fs";
import path from "node:path";
import { scoreLog, type ScoreOutcome } from "../episode/score-log.js";
import { renderReport, type ScoreReport } from "../milestones/index.js";
import { lazyCatalog } from "./catalog.js";
import { unknownName, UsageError } from "./usage.js";
import type { ScenarioCatalog } from "../scenarios/catalog.js";

export interface ScoreOptions { scenario?: string; data: string; json?: boolean; tick?: string }

type Scored = { file: string; report: ScoreReport } | { file: string; error: string };

const TRAJECTORY_FILE = /\.(jsonl|json)$/;

/** The files named, a folder standing for the trajectory files under it (sorted). */
function expand(inputs: readonly string[]): string[] {
  const files: string[] = [];
  for (const input of inputs) {
    if (input === "-") { files.push(input); continue; }
    const stat = fs.statSync(input, { throwIfNoEntry: false });
    if (!stat) throw new UsageError(`no file or folder "${input}"`);
    if (!stat.isDirectory()) { files.push(input); continue; }
    const found = (fs.readdirSync(input, { recursive: true }) as string[])
      .filter((n) => TRAJECTORY_FILE.test(n)).sort().map((n) => path.join(input, n));
    if (found.length === 0) throw new UsageError(`folder "${input}" holds no *.jsonl or *.json trajectory`);
    files.push(...found);
  }
  return files;
}

/** One file: a JSONL log, or a JSON file holding an OpenAI messages array (or an object with
 *  `messages`). */
function scoreFile(catalog: ScenarioCatalog, file: string, opts: ScoreOptions, tick: number | undefined): Scored {
  let text: string;
  try {
    text = file === "-" ? fs.readFileSync(0, "utf8") : fs.readFileSync(file, "utf8");
  } catch (e) {
    return { file, error: `cannot read: ${(e as Error).message}` };
  }
  const trimmed = text.trimStart();
  let outcome: ScoreOutcome;
  const asJson = trimmed.startsWith("[") || (trimmed.startsWith("{") && !trimmed.split("\n")[0]!.includes('"format"'));
  if (asJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      return { file, error: `not JSON or JSONL: ${(e as Error).message}` };
    }
    const messages = Array.isArray(parsed) ? parsed : (parsed as { messages?: unknown }).messages;
    outcome = scoreLog(catalog, { kind: "messages", messages, scenarioId: opts.scenario, tickSeconds: tick });
  } else {
    outcome = scoreLog(catalog, { kind: "jsonl", text, scenarioId: opts.scenario });
  }
  return outcome.ok ? { file, report: outcome.report } : { file, error: outcome.message };
}

/** `pimbox score FILE...`: one file prints its report; several (or a folder) print a table and a
 *  summary. Exit 0 when every file scored, 1 when one could not be. */
export function scoreCommand(inputs: string[], opts: ScoreOptions): number {
  const tick = opts.tick === undefined ? undefined : Number(opts.tick);
  if (tick !== undefined && !(tick > 0 && tick <= 86_400)) throw new UsageError(`--tick must be a number of seconds in (0, 86400], got "${opts.tick}"`);
  const catalog = lazyCatalog(opts.data);
  if (opts.scenario !== undefined && !catalog.get(opts.scenario)) {
    throw unknownName("scenario", opts.scenario, catalog.knownIds(), "`pimbox scenarios` lists them");
  }
  const files = expand(inputs);
  const single = files.length === 1 && inputs.length === 1 && files[0] === inputs[0];
  const results = files.map((f) => scoreFile(catalog, f, opts, tick));
  for (const r of results) if ("error" in r) process.stderr.write(`pimbox score: ${r.file}: ${r.error}\n`);
  if (single) {
    const r = results[0]!;
    if ("report" in r) process.stdout.write(opts.json ? JSON.stringify(r.report, null, 2) + "\n" : renderReport(r.report) + "\n");
  } else if (opts.json) {
    process.stdout.write(JSON.stringify(results, null, 2) + "\n");
  } else {
    process.stdout.write(table(results));
  }
  return results.some((r) => "error" in r) ? 1 : 0;
}

function table(results: readonly Scored[]): string {
  const width = Math.min(60, Math.max(4, ...results.map((r) => r.file.length)));
  const lines = [`${"file".padEnd(width)}  ${"scenario".padEnd(24)}  score  passed  minefields`];
  for (const r of results) {
    const name = r.file.length > width ? `…${r.file.slice(-(width - 1))}` : r.file.padEnd(width);
    if ("error" in r) { lines.push(`${name}  ${"-".padEnd(24)}  error: ${r.error.slice(0, 80)}`); continue; }
    const fired = r.report.minefields.filter((m) => m.fired).length;
    lines.push(`${name}  ${r.report.scenario_id.padEnd(24)}  ${r.report.score.toFixed(3)}  ${(r.report.passed ? "yes" : "no").padEnd(6)}  ${fired}`);
  }
  const scored = results.flatMap((r) => ("report" in r ? [r.report] : []));
  const mean = scored.length ? scored.reduce((a, r) => a + r.score, 0) / scored.length : 0;
  const passed = scored.filter((r) => r.passed).length;
  lines.push(`${results.length} file(s): ${scored.length} scored, ${results.length - scored.length} failed; mean score ${mean.toFixed(3)}; passed ${passed}/${scored.length}`);
  return lines.join("\n") + "\n";
}
