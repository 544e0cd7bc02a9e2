import fs from "node:fs";
import { buildReport, reportHtml, reportJson, reportMarkdown } from "../report/report.js";
import { ReportInputError } from "../report/load.js";
import { DEFAULT_BOOTSTRAP } from "../report/stats.js";
import { UsageError } from "./usage.js";

export interface ReportOptions { html?: string; json?: boolean; data: string; resamples: string; seed: string }

/** `pimbox report RUN_DIR...`: Markdown (or JSON) on stdout, the HTML page to --html. */
export async function reportCommand(dirs: string[], opts: ReportOptions): Promise<number> {
  const resamples = Number(opts.resamples);
  const seed = Number(opts.seed);
  if (!Number.isInteger(resamples) || resamples < 100 || resamples > 100_000) throw new UsageError(`--resamples must be an integer in [100, 100000], got "${opts.resamples}"`);
  if (!Number.isInteger(seed)) throw new UsageError(`--seed must be an integer, got "${opts.seed}"`);
  let report;
  try {
    report = buildReport(dirs, { ...DEFAULT_BOOTSTRAP, resamples, seed });
  } catch (e) {
    if (!(e instanceof ReportInputError)) throw e;
    process.stderr.write(`pimbox report: ${e.message}\n`);
    return 1;
  }
  for (const w of report.runs.warnings) process.stderr.write(`pimbox report: warning: ${w}\n`);
  if (opts.html) {
    const html = await reportHtml(report, opts.data);
    try {
      fs.writeFileSync(opts.html, html);
    } catch (e) {
      process.stderr.write(`pimbox report: cannot write ${opts.html}: ${(e as Error).message}\n`);
      return 1;
    }
  }
  process.stdout.write(opts.json ? JSON.stringify(reportJson(report), null, 2) + "\n" : reportMarkdown(report));
  return 0;
}
