import fs from "node:fs";
import { scoreLog } from "../episode/score-log.js";
import { renderReport } from "../milestones/index.js";
import { loadCatalog } from "./catalog.js";
import { UsageError } from "./serve.js";

export interface ScoreOptions { scenario?: string; data: string; json?: boolean; tick?: string }

/** `pimbox score FILE`: a JSONL log, or a JSON file holding an OpenAI messages array (or an
 *  object with `messages`). Exit 0 when scored, 1 when refused. */
export function scoreCommand(file: string, opts: ScoreOptions): number {
  let text: string;
  try {
    text = file === "-" ? fs.readFileSync(0, "utf8") : fs.readFileSync(file, "utf8");
  } catch (e) {
    process.stderr.write(`pimbox score: cannot read ${file}: ${(e as Error).message}\n`);
    return 1;
  }
  const tick = opts.tick === undefined ? undefined : Number(opts.tick);
  if (tick !== undefined && !(tick > 0 && tick <= 86_400)) throw new UsageError(`--tick must be a number of seconds in (0, 86400], got "${opts.tick}"`);
  const catalog = loadCatalog(opts.data, true);
  const trimmed = text.trimStart();
  let outcome;
  const asJson = trimmed.startsWith("[") || (trimmed.startsWith("{") && !trimmed.split("\n")[0]!.includes('"format"'));
  if (asJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      process.stderr.write(`pimbox score: ${file}: not JSON or JSONL: ${(e as Error).message}\n`);
      return 1;
    }
    const messages = Array.isArray(parsed) ? parsed : (parsed as { messages?: unknown }).messages;
    outcome = scoreLog(catalog, { kind: "messages", messages, scenarioId: opts.scenario, tickSeconds: tick });
  } else {
    outcome = scoreLog(catalog, { kind: "jsonl", text, scenarioId: opts.scenario });
  }
  if (!outcome.ok) {
    const line = typeof outcome.detail.line === "number" ? `:${outcome.detail.line}` : "";
    process.stderr.write(`pimbox score: ${file}${line}: ${outcome.message}\n`);
    return 1;
  }
  process.stdout.write(opts.json ? JSON.stringify(outcome.report, null, 2) + "\n" : renderReport(outcome.report) + "\n");
  return 0;
}
