import type { Estimate } from "./stats.js";
import { DIMENSIONS, LEVELS, type Comparison, type ModelTables, type ReportTables } from "./tables.js";

// The tables as rows and columns of text, defined once for the Markdown and the HTML.

export interface Cell { text: string; /** For sorting; null sorts last. */ value: number | null }
export interface TableView { id: string; title: string; caption: string; header: string[]; rows: Cell[][] }

const fixed = (x: number | null, digits: number) => (x === null ? "–" : x.toFixed(digits));
const signed = (x: number | null, digits: number) => (x === null ? "–" : (x > 0 ? "+" : "") + x.toFixed(digits));

export function estimateCell(e: Estimate, digits = 3, sign = false): Cell {
  const f = sign ? signed : fixed;
  if (e.value === null) return { text: "–", value: null };
  const ci = e.lo === null || e.hi === null ? "" : ` [${fixed(e.lo, digits)}, ${fixed(e.hi, digits)}]`;
  return { text: `${f(e.value, digits)}${ci}`, value: e.value };
}

const textCell = (text: string): Cell => ({ text, value: null });
const numberCell = (x: number | null, digits = 0): Cell => ({ text: fixed(x, digits), value: x });
const pCell = (p: number | null): Cell => ({ text: p === null ? "–" : p < 0.001 ? "<0.001" : p.toFixed(3), value: p });

function perModel(id: string, title: string, caption: string, models: readonly ModelTables[], columns: [string, (m: ModelTables) => Cell][]): TableView {
  return {
    id, title, caption,
    header: ["model", ...columns.map((c) => c[0])],
    rows: models.map((m) => [textCell(m.model), ...columns.map((c) => c[1](m))]),
  };
}

export function tableViews(t: ReportTables): TableView[] {
  const ms = t.models;
  const pct = Math.round(t.bootstrap.confidence * 100);
  const ci = `${pct}% bootstrap interval over scenarios in brackets (${t.bootstrap.resamples} resamples, seed ${t.bootstrap.seed})`;
  const abbrev = { referential: "Ref", functional: "Fun", informational: "Inf" } as const;
  const views: TableView[] = [
    perModel("overview", "Runs", "scenarios and episodes per model; errors: episodes that could not finish (scored 0); unaccounted: changes no milestone explains; tokens and latency: mean per episode", ms, [
      ["scenarios", (m) => numberCell(m.scenarios)],
      ["episodes", (m) => numberCell(m.episodes)],
      ["errors", (m) => numberCell(m.errors)],
      ["unaccounted", (m) => numberCell(m.unaccounted_changes)],
      ["prompt tokens", (m) => numberCell(m.cost.prompt_tokens)],
      ["completion tokens", (m) => numberCell(m.cost.completion_tokens)],
      ["latency (s)", (m) => numberCell(m.cost.latency_ms === null ? null : m.cost.latency_ms / 1000, 1)],
    ]),
    perModel("table4", "Score by complexity tranche (Table 4)", `mean score; Ref, Fun, Inf: referential, functional, informational complexity; macro: the mean of the tranche means; ${ci}`, ms, [
      ["macro", (m) => estimateCell(m.table4.macro)],
      ["all", (m) => estimateCell(m.table4.overall)],
      ...DIMENSIONS.flatMap((d) => LEVELS.map((l): [string, (m: ModelTables) => Cell] =>
        [`${abbrev[d]} ${l}`, (m) => estimateCell(m.table4.tranches[d][l])])),
    ]),
    perModel("table5", "Turns, milestones and success (Table 5)", `step-level: mean similarity of the milestones of that category; task-level: share of trials passed (QA: answer goals, changes: change goals); ${ci}`, ms, [
      ["avg turns", (m) => estimateCell(m.table5.turns, 1)],
      ["milestone sim.", (m) => estimateCell(m.table5.milestone_similarity)],
      ["retrieval", (m) => estimateCell(m.table5.retrieval)],
      ["response", (m) => estimateCell(m.table5.response)],
      ["payload", (m) => estimateCell(m.table5.payload)],
      ["task success", (m) => estimateCell(m.table5.task_success)],
      ["QA", (m) => estimateCell(m.table5.question_answering)],
      ["changes", (m) => estimateCell(m.table5.entity_changes)],
    ]),
    perModel("tableS3", "Challenges (Table S3)", `mean score; change: minus the score without a challenge; ${ci}`, ms, [
      ["no challenge", (m) => estimateCell(m.tableS3.no_challenge)],
      ["misinformation", (m) => estimateCell(m.tableS3.misinformation)],
      ["change", (m) => estimateCell(m.tableS3.misinformation_change, 3, true)],
      ["insufficient context", (m) => estimateCell(m.tableS3.insufficient_context)],
      ["change", (m) => estimateCell(m.tableS3.insufficient_context_change, 3, true)],
    ]),
  ];
  const maxK = Math.max(0, ...ms.map((m) => m.pass_k.length));
  if (maxK > 1) {
    const ks = Array.from({ length: maxK }, (_, i) => i + 1);
    views.push(perModel("passk", "pass^k and pass@k", `tau-bench's pass^k (all k trials pass) and pass@k (at least one passes), mean over scenarios; ${ci}`, ms, [
      ...ks.map((k): [string, (m: ModelTables) => Cell] => [`pass^${k}`, (m) => estimateCell(m.pass_k[k - 1]?.pass_hat ?? none)]),
      ...ks.slice(1).map((k): [string, (m: ModelTables) => Cell] => [`pass@${k}`, (m) => estimateCell(m.pass_k[k - 1]?.pass_at ?? none)]),
    ]));
  }
  const dims = [...new Set(ms.flatMap((m) => m.judge.map((j) => j.dimension)))];
  if (dims.length > 0) {
    views.push(perModel("judge", "LLM judge", `mean of each dimension (0-2), ${ci}; rho: Spearman rank correlation with the rule-based score over episodes`, ms, dims.flatMap((d): [string, (m: ModelTables) => Cell][] => [
      [d, (m) => estimateCell(m.judge.find((j) => j.dimension === d)?.mean ?? none, 2)],
      [`rho`, (m) => numberCell(m.judge.find((j) => j.dimension === d)?.spearman ?? null, 2)],
    ])));
  }
  if (t.comparisons.length > 0) views.push(comparisonView(t.comparisons, pct));
  return views;
}

const none: Estimate = { value: null, lo: null, hi: null, n: 0 };

function comparisonView(cs: readonly Comparison[], pct: number): TableView {
  return {
    id: "comparisons",
    title: "Model against model (paired, same scenarios)",
    caption: `difference: mean per-scenario score of A minus B, ${pct}% paired bootstrap interval; wins/losses/ties: scenarios where A scores higher/lower/equal; sign test: exact two-sided; bootstrap p: two-sided paired bootstrap`,
    header: ["A", "B", "scenarios", "difference A-B", "wins", "losses", "ties", "sign test p", "bootstrap p", "disagreements"],
    rows: cs.map((c) => [
      textCell(c.a), textCell(c.b), numberCell(c.scenarios), estimateCell(c.test.difference, 3, true),
      numberCell(c.test.wins), numberCell(c.test.losses), numberCell(c.test.ties),
      pCell(c.test.sign_p), pCell(c.test.bootstrap_p), numberCell(c.disagreements.length),
    ]),
  };
}

/** The scenarios where two models disagree (one passes in most trials, the other does not). */
export function disagreementView(c: Comparison, limit = Infinity): TableView {
  return {
    id: `disagree-${c.a}-${c.b}`,
    title: `Where ${c.a} and ${c.b} disagree`,
    caption: `scenarios one model passes in most trials and the other does not, largest score gap first${c.disagreements.length > limit ? ` (first ${limit} of ${c.disagreements.length})` : ""}`,
    header: ["scenario", "protagonist", `${c.a} score`, `${c.b} score`, `${c.a} pass rate`, `${c.b} pass rate`],
    rows: c.disagreements.slice(0, limit).map((d) => [
      textCell(d.scenario_id), textCell(d.protagonist), numberCell(d.a_score, 3), numberCell(d.b_score, 3),
      numberCell(d.a_pass_rate, 2), numberCell(d.b_pass_rate, 2),
    ]),
  };
}
