import { createHash } from "node:crypto";
import fs from "node:fs";
import type { Chart } from "./charts.js";
import type { ModelRuns } from "./load.js";
import type { ReportRow, ReportTables } from "./tables.js";
import { escapeHtml, tablesHtml } from "./table-html.js";
import { STYLE } from "./style.js";
import { episodeLink, judgeDisagreements, type JudgeDisagreement } from "./judge-disagreements.js";

// The report as one self-contained HTML file: the tables rendered in the page (so they paint
// before any script runs), the charts as inline SVG, and the viewer, a module script of our own
// compiled report/ files. Each episode's view is gzipped and embedded as base64, decoded only when
// opened. A Content-Security-Policy forbids every network request and every other script.

export interface HtmlInput {
  tables: ReportTables;
  charts: Chart[];
  rows: ReportRow[];
  models: ModelRuns[];
  warnings: string[];
  generated: string;
  /** The viewer's data of rows[i]: gzipped JSON, base64 (episode-pool.ts). */
  episodes: string[];
}

/** The client modules, in the order they are declared in the import map. */
const CLIENT_MODULES = ["stats.js", "tables.js", "columns.js", "table-html.js"];
const ENTRY = "viewer.js";

/** JSON safe inside a <script> element. */
const scriptJson = (x: unknown) => JSON.stringify(x).replace(/</g, "\\u003c");

function moduleText(name: string): string {
  const text = fs.readFileSync(new URL(`./${name}`, import.meta.url), "utf8").replace(/^\/\/# sourceMappingURL=.*$/m, "");
  if (/<\/script/i.test(text)) throw new Error(`report/${name} contains "</script", which would end its inline script`);
  // Relative imports become bare names the import map resolves; anything else could not load
  // from a file on disk, so it is refused here rather than failing in the reader's browser.
  return text.replace(/(\bfrom\s*|\bimport\s*)"([^"]+)"/g, (_, keyword: string, spec: string) => {
    const m = /^\.\/([\w-]+\.js)$/.exec(spec);
    if (!m || !CLIENT_MODULES.includes(m[1]!)) throw new Error(`report/${name} imports "${spec}", which the self-contained page cannot load`);
    return `${keyword}"pimbox-report/${m[1]}"`;
  });
}

function importMap(): string {
  const imports: Record<string, string> = {};
  for (const name of CLIENT_MODULES) imports[`pimbox-report/${name}`] = `data:text/javascript;base64,${Buffer.from(moduleText(name)).toString("base64")}`;
  return JSON.stringify({ imports });
}

/** Only our two inline scripts (by hash) and the data: modules they import may run: the page embeds
 *  model output, and although every piece is escaped, nothing in it could execute even if not. */
function csp(scripts: readonly string[]): string {
  const hashes = scripts.map((text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  return `default-src 'none'; script-src ${hashes.join(" ")} data:; style-src 'unsafe-inline'`;
}

function judgeSection(list: readonly JudgeDisagreement[]): string {
  if (list.length === 0) return "";
  const body = list.map((d) => `<tr><td>${escapeHtml(d.model)}</td><td><a href="${escapeHtml(episodeLink(d))}">${escapeHtml(d.scenario_id)}</a></td><td>${d.trial}</td>` +
    `<td>${escapeHtml(d.kind)}</td><td>${d.task_completion}</td><td>${d.score.toFixed(3)}</td></tr>`).join("");
  return `<h2 id="judge-disagreements">Judge and score disagree</h2><p class="muted">Episodes the LLM judge calls complete that did not pass, or calls failed that passed: open each to see whether the scenario or the scorer is wrong.</p>` +
    `<div class="scroll"><table><thead><tr><th>model</th><th>scenario</th><th>trial</th><th>judge</th><th>task completion</th><th>score</th></tr></thead><tbody>${body}</tbody></table></div>`;
}

export function renderHtml(input: HtmlInput): string {
  const { tables, charts, rows, models } = input;
  const episodes = input.episodes.map((packed, i) => `<script type="application/gzip" id="ep-${i}">${packed}</script>`);
  const runs = models.map((m) => `<li><b>${escapeHtml(m.label)}</b>: ${m.dirs.map(escapeHtml).join(", ")}` +
    ` (${m.manifests[0]?.trials ?? "?"} trial(s)${m.missing ? `, ${m.missing} episode(s) unfinished` : ""})</li>`).join("");
  const warnings = input.warnings.length === 0 ? "" : `<ul class="notes">${input.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join("")}</ul>`;
  const map = importMap();
  const entry = moduleText(ENTRY);
  const figures = charts.map((c) => `<figure id="${c.id}"><figcaption>${escapeHtml(c.title)}</figcaption>${c.svg}</figure>`).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp([map, entry])}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pimbox report: ${escapeHtml(models.map((m) => m.label).join(" vs "))}</title>
<style>${STYLE}</style>
<script type="importmap">${map}</script>
</head><body>
<header><h1>pimbox report</h1><div class="muted">generated ${escapeHtml(input.generated)}; ${rows.length} episodes</div><ul>${runs}</ul>${warnings}</header>
<main>
<form class="filters" id="filters">
<label>protagonist<select name="protagonist"><option value="">all</option></select></label>
<label>tranche<select name="tranche"><option value="">all</option></select></label>
<label>challenge<select name="challenge"><option value="">all</option><option value="none">no challenge</option><option value="misinformation">misinformation</option><option value="insufficient_context">insufficient context</option></select></label>
<button type="reset">clear</button><span class="muted" id="shown">all episodes</span>
</form>
<h2>Tables</h2>
<div id="tables">${tablesHtml(tables)}</div>
${judgeSection(judgeDisagreements(rows))}
<h2>Charts</h2>
<p class="muted">All episodes (the filters apply to the tables and the scenario list). Error bars: the 95% bootstrap intervals of the tables.</p>
<div class="charts">${figures}</div>
<h2>Scenarios</h2>
<p class="muted">Mean score over trials and trials passed; click a score to open the episode.</p>
<div class="scroll" id="scenarios"></div>
<h2 id="viewer-title">Trajectory viewer</h2>
<form class="filters" id="picker">
<label>model<select name="model"></select></label>
<label>scenario<select name="scenario"></select></label>
<label>trial<select name="trial"></select></label>
<label>side by side with<select name="compare"><option value="">nobody</option></select></label>
</form>
<div class="panes" id="panes"><p class="muted">Pick a scenario, or click a score in the list above.</p></div>
</main>
<script type="application/json" id="report-rows">${scriptJson(rows)}</script>
<script type="application/json" id="report-config">${scriptJson({ bootstrap: tables.bootstrap, models: models.map((m) => m.label) })}</script>
${episodes.join("\n")}
<script type="module">${entry}</script>
</body></html>
`;
}
