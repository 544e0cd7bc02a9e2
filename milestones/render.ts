import type { ScoreReport, NodeReport, MinefieldReport } from "./score.js";
import type { ConstraintResult } from "./oracle.js";

// A score report as a plain-text table for the terminal.

const fmt = (x: number | null) => (x === null ? "-" : x.toFixed(3));

export function renderReport(r: ScoreReport): string {
  const lines: string[] = [];
  lines.push(`scenario ${r.scenario_id}: score ${fmt(r.score)} (${r.passed ? "passed" : "not passed"})`);
  lines.push(`  milestones ${fmt(r.milestone_similarity)}  outcome ${fmt(r.outcome_similarity)}  frame ${fmt(r.frame_factor)}  minefields ${fmt(r.minefield_similarity)}  ` +
    `retrieval ${fmt(r.categories.retrieval)}  payload ${fmt(r.categories.payload)}  response ${fmt(r.categories.response)}`);
  const t = r.turns;
  lines.push(`  turns ${t.turn_count} (user ${t.user_turns}, agent ${t.agent_turns}, tool calls ${t.tool_calls}, failed ${t.failed_tool_calls})  ` +
    `retrieval recall ${fmt(r.retrieval_recall)}`);
  if (r.milestones.length > 0) {
    lines.push("", "milestones");
    lines.push(...table(["#", "id", "category", "step", "similarity", "why"], r.milestones.map((m) => row(m, fmt(m.similarity)))));
  }
  if (r.minefields.length > 0) {
    lines.push("", "minefields");
    lines.push(...table(["#", "id", "category", "step", "fired", "why"], r.minefields.map((m: MinefieldReport) =>
      row(m, m.fired ? "FIRED" : "no"))));
  }
  const answers = answerExplanations(r.milestones);
  if (answers.length > 0) lines.push("", "answers not met", ...answers);
  if ((r.misstatements ?? []).length > 0) {
    lines.push("", "misstatements (each fails the trajectory)");
    lines.push(...r.misstatements.map((m) => `  step ${m.step}: ${m.reason}\n    in: "${m.statement}"`));
  }
  if (r.unaccounted_changes.length > 0) {
    lines.push("", "unaccounted changes (no milestone asked for them)");
    lines.push(...r.unaccounted_changes.map((c) => `  ${c.table} ${c.id} ${c.change}${c.steps.length ? ` by step ${c.steps.join(", ")}` : ""}`));
  }
  return lines.join("\n");
}

interface FactLine { fact: string; status: string; statement?: string; asserted?: string }
interface DistractorLine { distractor: string; statement: string; words: string }

/** For each answer milestone below 1: the messages read, each fact with the statement that held
 *  it or "missing" or "contradicted by", each wrong value asserted with its statement. */
function answerExplanations(milestones: readonly NodeReport[]): string[] {
  const out: string[] = [];
  for (const m of milestones) {
    if (m.similarity >= 1) continue;
    for (const c of m.constraints) {
      if (c.kind !== "response" && c.kind !== "refusal" && c.kind !== "clarification") continue;
      const d = c.details;
      const messages = (d.messages as number[] | undefined) ?? [];
      if (messages.length === 0) continue;
      out.push(`  ${m.id} (${c.kind} ${c.similarity.toFixed(2)}), reading message step ${messages.join(", ")}`);
      if (typeof d.reason === "string") out.push(`    ${d.reason}`);
      for (const f of (d.facts as FactLine[] | undefined) ?? []) {
        out.push(`    ${f.status === "held" ? "held" : f.status === "missing" ? "MISSING" : "CONTRADICTED"}: ${f.fact}` +
          (f.statement ? `\n      ${f.status === "contradicted" ? `by "${f.asserted}" in` : "in"}: "${f.statement}"` : ""));
      }
      for (const a of (d.asserted_distractors as DistractorLine[] | undefined) ?? []) {
        out.push(`    WRONG VALUE asserted: "${a.words}" (${a.distractor})\n      in: "${a.statement}"`);
      }
      for (const x of (d.missing as string[] | undefined) ?? []) out.push(`    MISSING: "${x}"`);
      if (d.question === false && d.blocker === undefined) out.push("    no question or request for what is missing");
    }
  }
  return out;
}

function row(m: NodeReport, value: string): string[] {
  return [String(m.index), m.id, m.category ?? "-", m.matched_step === null ? "-" : String(m.matched_step), value, why(m)];
}

export function why(m: NodeReport): string {
  const parts = m.constraints.map((c) => `${c.kind} ${c.similarity.toFixed(2)}${c.similarity < 1 ? hint(c) : ""}`);
  for (const t of m.reports ?? []) if (t.similarity < 1) parts.push(`reports ${t.id}: ${t.similarity.toFixed(2)}`);
  for (const g of m.guardrails) if (g.changed.length > 0) parts.push(`guardrail: ${g.changed.join(", ")} changed since ${g.reference === "initial" ? "the start" : `step ${g.reference}`}`);
  return parts.join("; ");
}

function hint(c: ConstraintResult): string {
  const d = c.details;
  if (typeof d.reason === "string") return ` (${d.reason})`;
  if (typeof d.chosen_option === "number") return ` (best: option ${d.chosen_option})`;
  if (Array.isArray(d.arguments)) {
    const weak = (d.arguments as { name: string; similarity: number }[]).filter((a) => a.similarity < 1);
    if (weak.length) return ` (${weak.map((a) => `${a.name} ${a.similarity.toFixed(2)}`).join(", ")})`;
  }
  const asserted = (d.asserted_distractors as { words: string }[] | undefined) ?? [];
  if (asserted.length) return ` (asserts ${asserted.map((a) => `"${a.words}"`).join(", ")})`;
  const facts = ((d.facts as { fact: string; status: string }[] | undefined) ?? []).filter((f) => f.status !== "held");
  if (facts.length) return ` (${facts.map((f) => `${f.status} ${f.fact}`).join("; ")})`;
  const missing = [...((d.missing as string[] | undefined) ?? []), ...((d.forbidden_found as string[] | undefined)?.map((f) => `has "${f}"`) ?? [])];
  if (missing.length) return ` (${missing.map((x) => (x.startsWith("has ") ? x : `missing "${x}"`)).join(", ")})`;
  if (d.extra_rows_factor !== undefined && (d.extra_rows_factor as number) < 1) return ` (extra rows x${(d.extra_rows_factor as number).toFixed(2)})`;
  return "";
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => "  " + cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join("  ").trimEnd();
  return [line(header), ...rows.map(line)];
}
