import { disagreementView, tableViews, type TableView } from "./columns.js";
import type { ReportTables } from "./tables.js";

// The tables as HTML, shared by the generated page and the viewer's re-rendering after a filter.

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function tableHtml(v: TableView): string {
  const head = v.header.map((h, i) => `<th data-col="${i}" title="sort">${escapeHtml(h)}</th>`).join("");
  const body = v.rows.map((r) => `<tr>${r.map((c) =>
    `<td${c.value === null ? "" : ` data-value="${c.value}"`}>${escapeHtml(c.text)}</td>`).join("")}</tr>`).join("");
  return `<section class="table" id="${escapeHtml(v.id)}"><h3>${escapeHtml(v.title)}</h3>` +
    `<div class="wide"><table class="sortable"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>` +
    `<p class="caption">${escapeHtml(v.caption)}</p></section>`;
}

export function tablesHtml(t: ReportTables): string {
  return [...tableViews(t), ...t.comparisons.filter((c) => c.disagreements.length > 0).map((c) => disagreementView(c))]
    .map(tableHtml).join("\n");
}
