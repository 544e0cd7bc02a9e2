import { reportTables, scenarioUnits, DIMENSIONS, LEVELS, type ReportRow } from "./tables.js";
import { escapeHtml, tablesHtml } from "./table-html.js";
import type { BootstrapOptions } from "./stats.js";
import type { AnswerReading, EpisodeView, NodeView, StepView, TableChange } from "./episode-view.js";

// The report page's script (runs in the browser, inlined by html.ts): filters recompute the
// tables with the same code as the command, tables sort on a header click, and the trajectory
// viewer decodes an episode's embedded data only when it is opened.

const $ = <T extends Element>(sel: string) => document.querySelector<T>(sel)!;
const rows = JSON.parse($("#report-rows").textContent!) as ReportRow[];
const config = JSON.parse($("#report-config").textContent!) as { bootstrap: BootstrapOptions; models: string[] };
const key = (model: string, scenario: string, trial: number) => `${model}\u0000${scenario}\u0000${trial}`;
const byKey = new Map(rows.map((r, i) => [key(r.model, r.scenario_id, r.trial), i]));
const fmt = (x: number | null | undefined, d = 3) => (x === null || x === undefined ? "–" : x.toFixed(d));

// ---- filters and tables ------------------------------------------------------------------------

const filters = $<HTMLFormElement>("#filters");
const option = (value: string, label = value) => `<option value="${escapeHtml(value)}">${escapeHtml(label)}</option>`;
($<HTMLSelectElement>("#filters [name=protagonist]")).insertAdjacentHTML("beforeend",
  [...new Set(rows.map((r) => r.protagonist))].sort().map((p) => option(p)).join(""));
($<HTMLSelectElement>("#filters [name=tranche]")).insertAdjacentHTML("beforeend",
  DIMENSIONS.flatMap((d) => LEVELS.map((l) => option(`${d}:${l}`, `${d} ${l}`))).join(""));

function filtered(): ReportRow[] {
  const f = new FormData(filters);
  const protagonist = String(f.get("protagonist") ?? "");
  const tranche = String(f.get("tranche") ?? "");
  const challenge = String(f.get("challenge") ?? "");
  const [dim, level] = tranche.split(":") as [keyof ReportRow["complexity"], string];
  return rows.filter((r) =>
    (!protagonist || r.protagonist === protagonist) &&
    (!tranche || r.complexity[dim] === level) &&
    (!challenge || (challenge === "none" ? !r.challenges.misinformation && !r.challenges.insufficient_context
      : r.challenges[challenge as keyof ReportRow["challenges"]])));
}

function refresh(): void {
  const shown = filtered();
  $("#shown").textContent = shown.length === rows.length ? "all episodes" : `${shown.length} of ${rows.length} episodes`;
  $("#tables").innerHTML = tablesHtml(reportTables(shown, config.bootstrap, config.models));
  markWideTables();
  renderScenarios(shown);
}

/** A table wider than its box scrolls sideways inside it; the box is marked so that the page
 *  says so (a scroll bar alone may be hidden until one scrolls). */
function markWideTables(): void {
  for (const box of document.querySelectorAll<HTMLElement>(".wide")) box.classList.toggle("overflows", box.scrollWidth > box.clientWidth + 1);
}
window.addEventListener("resize", markWideTables);
filters.addEventListener("change", refresh);
for (const form of document.querySelectorAll("form")) form.addEventListener("submit", (e) => e.preventDefault());
filters.addEventListener("reset", () => setTimeout(refresh, 0));

document.addEventListener("click", (e) => {
  const th = (e.target as Element).closest("table.sortable th");
  if (!th) return;
  const table = th.closest("table")!;
  const col = Number((th as HTMLElement).dataset.col);
  const desc = th.classList.contains("asc");
  table.querySelectorAll("th").forEach((h) => h.classList.remove("asc", "desc"));
  th.classList.add(desc ? "desc" : "asc");
  const body = table.tBodies[0]!;
  const cell = (tr: HTMLTableRowElement) => tr.cells[col]!;
  const sorted = [...body.rows].sort((a, b) => {
    const va = cell(a).dataset.value;
    const vb = cell(b).dataset.value;
    const c = va !== undefined && vb !== undefined ? Number(va) - Number(vb)
      : va !== undefined ? -1 : vb !== undefined ? 1 : cell(a).textContent!.localeCompare(cell(b).textContent!);
    return desc ? -c : c;
  });
  body.append(...sorted);
});

function renderScenarios(shown: ReportRow[]): void {
  const perModel = config.models.map((m) => new Map(scenarioUnits(shown.filter((r) => r.model === m)).map((u) => [u.scenario_id, u])));
  const all = scenarioUnits(shown).sort((a, b) => (a.scenario_id < b.scenario_id ? -1 : 1));
  const head = ["scenario", "protagonist", "referential", "functional", "informational", "challenge", ...config.models]
    .map((h, i) => `<th data-col="${i}">${escapeHtml(h)}</th>`).join("");
  const body = all.map((u) => {
    const challenge = [u.challenges.misinformation ? "misinformation" : "", u.challenges.insufficient_context ? "insufficient context" : ""].filter(Boolean).join(", ") || "–";
    const cells = config.models.map((m, i) => {
      const x = perModel[i]!.get(u.scenario_id);
      return x ? `<td class="ep ${x.passes === x.trials ? "pass" : x.passes === 0 ? "fail" : ""}" data-value="${x.score}" data-model="${escapeHtml(m)}" data-scenario="${escapeHtml(u.scenario_id)}">${fmt(x.score)} (${x.passes}/${x.trials})</td>` : "<td>–</td>";
    }).join("");
    return `<tr><td>${escapeHtml(u.scenario_id)}</td><td>${escapeHtml(u.protagonist)}</td><td>${u.complexity.referential}</td><td>${u.complexity.functional}</td><td>${u.complexity.informational}</td><td>${challenge}</td>${cells}</tr>`;
  }).join("");
  $("#scenarios").innerHTML = `<table class="sortable"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

// ---- the trajectory viewer ---------------------------------------------------------------------

const picker = $<HTMLFormElement>("#picker");
const select = (name: string) => picker.querySelector<HTMLSelectElement>(`[name=${name}]`)!;
select("model").innerHTML = config.models.map((m) => option(m)).join("");
select("compare").insertAdjacentHTML("beforeend", config.models.map((m) => option(m)).join(""));
select("scenario").innerHTML = [...new Set(rows.map((r) => r.scenario_id))].sort().map((s) => option(s)).join("");

function fillTrials(): void {
  const model = select("model").value;
  const scenario = select("scenario").value;
  const trials = rows.filter((r) => r.model === model && r.scenario_id === scenario).map((r) => r.trial).sort((a, b) => a - b);
  const keep = select("trial").value;
  select("trial").innerHTML = trials.map((t) => option(String(t))).join("");
  if (trials.map(String).includes(keep)) select("trial").value = keep;
}

const decoded = new Map<number, Promise<EpisodeView>>();
function loadEpisode(i: number): Promise<EpisodeView> {
  let p = decoded.get(i);
  if (!p) {
    const b64 = document.getElementById(`ep-${i}`)!.textContent!;
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    p = new Response(stream).text().then((t) => JSON.parse(t) as EpisodeView);
    decoded.set(i, p);
  }
  return p;
}

async function showEpisodes(): Promise<void> {
  const scenario = select("scenario").value;
  const trial = Number(select("trial").value);
  const models = [select("model").value, select("compare").value].filter((m, i) => m !== "" && (i === 0 || m !== select("model").value));
  const panes = await Promise.all(models.map(async (m) => {
    let i = byKey.get(key(m, scenario, trial));
    if (i === undefined) i = rows.findIndex((r) => r.model === m && r.scenario_id === scenario);
    if (i < 0) return `<div class="pane"><h3>${escapeHtml(m)}</h3><p class="muted">${escapeHtml(m)} did not run ${escapeHtml(scenario)}.</p></div>`;
    return paneHtml(await loadEpisode(i));
  }));
  $("#panes").innerHTML = panes.join("");
  const compare = select("compare").value;
  history.replaceState(null, "", `#${[select("model").value, scenario, String(trial), ...(compare ? [compare] : [])].map(encodeURIComponent).join("/")}`);
}

picker.addEventListener("change", (e) => {
  const name = (e.target as HTMLSelectElement).name;
  if (name === "model" || name === "scenario") fillTrials();
  void showEpisodes();
});

document.addEventListener("click", (e) => {
  const td = (e.target as Element).closest<HTMLElement>("td.ep");
  if (!td) return;
  open(td.dataset.model!, td.dataset.scenario!, 1);
  $("#viewer-title").scrollIntoView();
});

function open(model: string, scenario: string, trial: number, compare?: string): void {
  select("model").value = model;
  if (compare !== undefined && config.models.includes(compare)) select("compare").value = compare;
  select("scenario").value = scenario;
  fillTrials();
  if ([...select("trial").options].some((o) => o.value === String(trial))) select("trial").value = String(trial);
  void showEpisodes();
}

const json = (x: unknown) => escapeHtml(typeof x === "string" ? x : JSON.stringify(x, null, 1));
const cellValue = (x: unknown) => escapeHtml(typeof x === "string" ? x : JSON.stringify(x));

function paneHtml(ep: EpisodeView): string {
  const badges = new Map<number, NodeView[]>();
  for (const n of ep.nodes) if (n.hit && n.step !== null) badges.set(n.step, [...(badges.get(n.step) ?? []), n]);
  const nodes = ep.nodes.length === 0 ? "<p class=\"muted\">No score report.</p>" :
    `<table class="nodes"><thead><tr><th>node</th><th>category</th><th>step</th><th>similarity</th><th>why</th></tr></thead><tbody>${ep.nodes.map((n) =>
      `<tr><td>${n.dag === "minefield" ? "minefield" : "milestone"} <b>${escapeHtml(n.id)}</b></td><td>${escapeHtml(n.category ?? "–")}</td>` +
      `<td>${n.hit && n.step !== null ? n.step : "–"}</td><td class="${n.dag === "minefield" ? (n.hit ? "fail" : "pass") : n.similarity >= 1 - 1e-9 ? "pass" : "fail"}">` +
      `${n.dag === "minefield" ? (n.hit ? "FIRED" : "not fired") : fmt(n.similarity)}</td><td>${escapeHtml(n.why)}` +
      `<details><summary>constraints</summary><pre>${json(n.constraints)}</pre></details></td></tr>`).join("")}</tbody></table>`;
  const unaccounted = ep.unaccounted === null ? "<p class=\"muted\">Not reported by the scorer that made this run.</p>"
    : ep.unaccounted.length === 0 ? "<p class=\"pass\">None: every change is accounted for.</p>"
    : `<ul class="unaccounted">${ep.unaccounted.map((u) => `<li class="fail">${escapeHtml(u.change)} ${escapeHtml(u.table)} <b>${escapeHtml(u.id)}</b>${u.steps.length ? ` by step ${u.steps.join(", ")}` : ""}</li>`).join("")}</ul>`;
  return `<div class="pane" data-model="${escapeHtml(ep.model)}" data-scenario="${escapeHtml(ep.scenario_id)}" data-trial="${ep.trial}">
<h3>${escapeHtml(ep.model)} · ${escapeHtml(ep.scenario_id)} · trial ${ep.trial}</h3>
<div>${ep.title ? `${escapeHtml(ep.title)} · ` : ""}score <b class="score">${fmt(ep.score)}</b> <span class="${ep.passed ? "pass" : "fail"}">${ep.passed ? "passed" : "not passed"}</span>${ep.zone ? ` · <span class="muted">${escapeHtml(ep.zone)}</span>` : ""}</div>
${ep.notes.length ? `<ul class="notes">${ep.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join("")}</ul>` : ""}
<h4>Milestones and minefields</h4>${nodes}
<h4>Unaccounted changes</h4>${unaccounted}
${ep.judge === null ? "" : `<details><summary>LLM judge</summary><pre>${json(ep.judge)}</pre></details>`}
<h4>Steps</h4>${ep.steps.length === 0 ? "<p class=\"muted\">No steps.</p>" : ep.steps.map((s) => stepHtml(s, badges.get(s.index) ?? [])).join("")}
</div>`;
}

function stepHtml(s: StepView, nodes: NodeView[]): string {
  const cls = ["step", s.kind, s.write && s.ok ? "write" : "", s.kind === "tool" && !s.ok ? "failed" : ""].filter(Boolean).join(" ");
  const badges = nodes.map((n) => `<span class="badge ${n.dag}${n.dag === "milestone" && n.similarity < 1 - 1e-9 ? " partial" : ""}" title="${escapeHtml(n.why)}">` +
    `${n.dag === "minefield" ? "minefield fired" : "milestone"} ${escapeHtml(n.id)} ${fmt(n.similarity, 2)}</span>`).join("");
  let body = "";
  if (s.kind === "tool") {
    const result = s.ok ? JSON.stringify(s.result, null, 1) ?? "" : "";
    body = `<div>arguments<pre>${json(s.arguments)}</pre></div>` +
      (s.ok ? `<details${result.length < 600 ? " open" : ""}><summary>result (${result.length} chars)</summary><pre>${escapeHtml(result)}</pre></details>`
        : `<div class="fail">error<pre>${json(s.error)}</pre></div>`) +
      (s.changes ? s.changes.map(diffHtml).join("") : "");
  } else if (s.kind === "system") {
    body = `<details><summary>system prompt (${(s.content ?? "").length} chars)</summary><pre>${escapeHtml(s.content ?? "")}</pre></details>`;
  } else if (s.kind === "agent" && s.html !== undefined) {
    body = `<div class="message">${s.html}</div>${(s.readings ?? []).map(readingHtml).join("")}`;
  } else {
    body = `<pre>${escapeHtml(s.content ?? "")}</pre>`;
  }
  const name = s.kind === "tool" ? ` <b>${escapeHtml(s.tool ?? "")}</b>${s.ok ? "" : " <span class=\"fail\">failed</span>"}` : "";
  return `<div class="${cls}" data-index="${s.index}"><div class="head">#${s.index} ${s.kind}${name} · ${escapeHtml(s.time ?? "")}</div>${badges ? `<div>${badges}</div>` : ""}${body}</div>`;
}

/** How an answer milestone read this message: each fact and where it was stated, each wrong value. */
function readingHtml(r: AnswerReading): string {
  const quote = (x: string) => `<q>${escapeHtml(x)}</q>`;
  const items = [
    ...(r.reason ? [`<li class="fail">${escapeHtml(r.reason)}</li>`] : []),
    ...r.facts.map((f) => `<li class="${f.status === "held" ? "pass" : "fail"}">${f.status === "held" ? "held" : f.status === "missing" ? "missing" : `contradicted by ${quote(f.asserted ?? "")}`}: ` +
      `<b>${escapeHtml(f.fact)}</b>${f.statement ? ` in ${quote(f.statement)}` : ""}</li>`),
    ...r.distractors.map((d) => `<li class="fail">wrong value asserted: <b>${escapeHtml(d.words)}</b> (${escapeHtml(d.distractor)}) in ${quote(d.statement)}</li>`),
  ];
  const head = r.kind === "misstatement" ? "a misstatement: it fails the trajectory, whichever milestone reads the message"
    : `read by milestone <b>${escapeHtml(r.node)}</b> (${escapeHtml(r.kind)} ${fmt(r.similarity, 2)})`;
  return `<div class="reading"><div class="head">${head}</div><ul>${items.join("")}</ul></div>`;
}

function diffHtml(c: TableChange): string {
  const fields = (row: Record<string, unknown>) => Object.entries(row).filter(([k]) => k !== "id").map(([k, v]) => `${escapeHtml(k)}: ${cellValue(v)}`).join("; ");
  const lines = [
    ...c.added.map((r) => `<tr class="added"><td>+ ${escapeHtml(r.id)}</td><td>${fields(r)}</td></tr>`),
    ...c.removed.map((r) => `<tr class="removed"><td>− ${escapeHtml(r.id)}</td><td>${fields(r)}</td></tr>`),
    ...c.updated.map((u) => `<tr class="updated"><td>~ ${escapeHtml(u.id)}</td><td>${u.changes.map((x) =>
      `${escapeHtml(x.column)}: <del>${cellValue(x.before)}</del> → <ins>${cellValue(x.after)}</ins>`).join("<br>")}</td></tr>`),
  ];
  return `<div class="diff"><b>${escapeHtml(c.table)}</b> changed<table><tbody>${lines.join("")}</tbody></table></div>`;
}

// ---- start ------------------------------------------------------------------------------------

renderScenarios(rows);
markWideTables();
fillTrials();
// #model/scenario/trial[/compare] opens an episode, so that a link can point at one.
const [hModel, hScenario, hTrial, hCompare] = location.hash.slice(1).split("/").map(decodeURIComponent);
if (hModel && hScenario && byKey.has(key(hModel, hScenario, Number(hTrial)))) open(hModel, hScenario, Number(hTrial), hCompare);
else if (rows.length > 0) void showEpisodes();
document.body.dataset.ready = "true";
