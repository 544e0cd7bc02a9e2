import { disagreementView, tableViews, type TableView } from "./columns.js";
import type { ReportTables } from "./tables.js";
import type { ModelRuns } from "./load.js";
import type { JudgeDisagreement } from "./judge-disagreements.js";

// The tables as GitHub Markdown, for papers and pull requests.

const escape = (s: string) => s.replace(/\|/g, "\\|");

export function markdownTable(v: TableView): string {
  const lines = [`### ${v.title}`, "", `| ${v.header.map(escape).join(" | ")} |`, `|${v.header.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`];
  for (const row of v.rows) lines.push(`| ${row.map((c) => escape(c.text)).join(" | ")} |`);
  if (v.rows.length === 0) lines.push(`| ${v.header.map(() => "").join(" | ")} |`);
  lines.push("", `*${v.caption}*`);
  return lines.join("\n");
}

export function judgeMarkdown(list: readonly JudgeDisagreement[]): string {
  if (list.length === 0) return "";
  return ["### Judge and score disagree", "", "| model | scenario | trial | judge | task completion | score |", "|---|---|---:|---|---:|---:|",
    ...list.map((d) => `| ${escape(d.model)} | ${d.scenario_id} | ${d.trial} | ${d.kind} | ${d.task_completion} | ${d.score.toFixed(3)} |`), "",
    "*Episodes where the LLM judge and the milestone score disagree: a question about the scenario or the scorer.*"].join("\n");
}

export function renderMarkdown(tables: ReportTables, models: readonly ModelRuns[], disagreementLimit = 20, judged: readonly JudgeDisagreement[] = []): string {
  const parts = ["## pimbox report", ""];
  for (const m of models) parts.push(`- **${m.label}**: ${m.dirs.join(", ")}${m.missing ? ` (${m.missing} episode(s) unfinished)` : ""}`);
  for (const v of tableViews(tables)) parts.push("", markdownTable(v));
  for (const c of tables.comparisons) {
    if (c.disagreements.length > 0) parts.push("", markdownTable(disagreementView(c, disagreementLimit)));
  }
  if (judged.length > 0) parts.push("", judgeMarkdown(judged));
  return parts.join("\n") + "\n";
}
