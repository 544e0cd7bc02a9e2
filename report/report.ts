import { loadRuns, type LoadedRuns } from "./load.js";
import { reportTables, type ReportTables } from "./tables.js";
import { DEFAULT_BOOTSTRAP, type BootstrapOptions } from "./stats.js";
import { renderMarkdown } from "./markdown.js";
import { renderHtml } from "./html.js";
import { judgeDisagreements } from "./judge-disagreements.js";
import { episodePayloads, DEFAULT_POOL, type PoolOptions } from "./episode-pool.js";

// From run directories to the report's three forms: numbers (JSON), Markdown and HTML.

export interface Report {
  runs: LoadedRuns;
  tables: ReportTables;
}

export function buildReport(dirs: readonly string[], bootstrap: BootstrapOptions = DEFAULT_BOOTSTRAP): Report {
  const runs = loadRuns(dirs);
  return { runs, tables: reportTables(runs.rows, bootstrap, runs.models.map((m) => m.label)) };
}

/** The numbers, for `--json`: the runs read, the warnings, and every table. */
export function reportJson(r: Report): unknown {
  return {
    runs: r.runs.models.map((m) => ({ label: m.label, dirs: m.dirs, trials: m.manifests.map((x) => x.trials), missing_episodes: m.missing })),
    warnings: r.runs.warnings,
    ...r.tables,
    judge_disagreements: judgeDisagreements(r.runs.rows),
  };
}

export function reportMarkdown(r: Report): string {
  return renderMarkdown(r.tables, r.runs.models, 20, judgeDisagreements(r.runs.rows));
}

/** The self-contained HTML page; the scenario data is needed to replay trajectories for their diffs. */
export async function reportHtml(r: Report, dataDir: string, generated = new Date().toISOString(), pool: PoolOptions = DEFAULT_POOL): Promise<string> {
  // Vega is loaded only here: every other command (and the report without --html) starts faster.
  const { renderCharts } = await import("./charts.js");
  const [charts, episodes] = await Promise.all([renderCharts(r.tables), episodePayloads(r.runs.rows, r.runs.dirs, dataDir, pool)]);
  return renderHtml({
    tables: r.tables,
    charts,
    rows: r.runs.rows,
    models: r.runs.models,
    warnings: r.runs.warnings,
    generated,
    episodes,
  });
}
