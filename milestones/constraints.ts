import type { Row, Step, Trajectory } from "../episode/trajectory.js";
import type {
  ClarificationConstraint, DatabaseConstraint, FieldExpectations, NoWriteConstraint, Phrase, RefusalConstraint,
  ResponseConstraint, ToolCallConstraint,
} from "./spec.js";
import { compareValue, geometricMean, type CompareContext } from "./similarity.js";
import { diffTable, matchesWhere, pairRows, rowSimilarity, updateSimilarity, type RowPairing } from "./rows.js";
import { rougeL } from "./rouge.js";
import { includesWords } from "./text.js";
import { ACTION_TOOLS, DEFAULT_MAX_WORDS, assertedDistractors, claimSentence, claimedActions, sentences, wordCount } from "./answer.js";
import { WRITE_TOOLS } from "./catalog.js";

// Each constraint kind as a similarity in [0, 1], with the details a person needs to see why.

export interface Outcome {
  similarity: number;
  /** JSON-serialisable explanation; its keys depend on the constraint kind. */
  details: Record<string, unknown>;
}

const notA = (kind: string, step: Step): Outcome => ({ similarity: 0, details: { reason: `step ${step.index} is a ${step.kind} step, not ${kind}` } });

// ---- tool calls -------------------------------------------------------------------------------

export function toolCallOutcome(c: ToolCallConstraint, step: Step, countFailedDefault: boolean, ctx: CompareContext): Outcome {
  if (step.kind !== "tool") return notA("a tool call", step);
  const tools = typeof c.tool === "string" ? [c.tool] : c.tool;
  if (!tools.includes(step.tool)) return { similarity: 0, details: { reason: `called ${step.tool}, expected ${tools.join(" or ")}` } };
  if (!step.ok && !(c.count_failed ?? countFailedDefault)) {
    return { similarity: 0, details: { reason: `the ${step.tool} call failed: ${step.error?.message ?? "error"}` } };
  }
  const sets = c.arguments === undefined ? [{}] : Array.isArray(c.arguments) ? c.arguments : [c.arguments];
  let best = { similarity: -1, set: 0, args: [] as { name: string; expected: unknown; actual: unknown; similarity: number }[] };
  sets.forEach((set, i) => {
    const args = Object.entries(set).map(([name, expected]) => ({
      name, expected, actual: step.arguments[name], similarity: compareValue(expected, step.arguments[name], ctx),
    }));
    const similarity = geometricMean(args.map((a) => a.similarity));
    if (similarity > best.similarity) best = { similarity, set: i, args };
  });
  const found = (c.result_includes ?? []).map((id) => ({ id, found: step.ok && containsString(step.result, id) }));
  const resultShare = found.length === 0 ? 1 : found.filter((f) => f.found).length / found.length;
  return {
    // The found share is one more factor beside the arguments of the best set.
    similarity: geometricMean([...best.args.map((a) => a.similarity), ...(found.length ? [resultShare] : [])]),
    details: {
      tool: step.tool, ok: step.ok, argument_set: best.set, arguments: best.args,
      ...(found.length ? { result_includes: found } : {}),
    },
  };
}

/** Whether any string value nested in `value` equals `text`. */
export function containsString(value: unknown, text: string): boolean {
  if (typeof value === "string") return value === text;
  if (Array.isArray(value)) return value.some((v) => containsString(v, text));
  if (typeof value === "object" && value !== null) return Object.values(value).some((v) => containsString(v, text));
  return false;
}

// ---- the agent's replies ----------------------------------------------------------------------

/** Curly quotes become straight so that "can’t" meets the cue "can't"; line breaks stay, since
 *  a list written one item per line is several statements. */
export const replyText = (content: string) => content.replace(/[\u2018\u2019]/g, "'").replace(/[\u201C\u201D]/g, '"')
  .normalize("NFKC").toLowerCase().replace(/[^\S\n]+/g, " ").replace(/ *\n[\s]*/g, "\n").trim();

/** Whether some write tool of the list succeeded before the reply: what an answer may claim. */
export type DoneBefore = (tools: readonly string[]) => boolean;

/** What disqualifies any reply, whatever it says: too long to be an answer (a dump of records),
 *  or reporting an action that was never done. Null when the reply may be judged on its content. */
function replyFaults(text: string, maxWords: number | undefined, done: DoneBefore): Outcome | null {
  const words = wordCount(text);
  const limit = maxWords ?? DEFAULT_MAX_WORDS;
  // Characters too, generously: a word count can be gamed with long unbroken tokens.
  if (words > limit) return { similarity: 0, details: { reason: `the answer has ${words} words, more than the ${limit} this question needs`, words } };
  if (text.length > limit * 12) return { similarity: 0, details: { reason: `the answer has ${text.length} characters, more than ${limit * 12} (${limit} words)`, words } };
  const unsupported = claimedActions(text).filter((a) => !done(ACTION_TOOLS[a.kind]));
  if (unsupported.length > 0) {
    return { similarity: 0, details: { reason: `the answer reports actions that were not done: ${unsupported.map((a) => `"${a.words}"`).join(", ")}`, unsupported_claims: unsupported } };
  }
  return null;
}

export function responseOutcome(c: ResponseConstraint, step: Step, ctx: CompareContext, done: DoneBefore = () => true): Outcome {
  if (step.kind !== "agent") return notA("an agent message", step);
  const text = replyText(step.content);
  const fault = replyFaults(text, c.max_words, done);
  if (fault) return fault;
  const has = (needle: string) => includesWords(text, replyText(needle));
  const missing = (c.must_include ?? []).filter((n) => !has(n));
  const unmetGroups = (c.any_of_include ?? []).filter((g) => !g.some(has));
  const claims = (c.claims ?? []).map((claim) => ({ claim, sentence: claimSentence(text, claim.map(normalizePhrase)) }));
  const unmetClaims = claims.filter((x) => x.sentence === null).map((x) => x.claim);
  const asserted = assertedDistractors(text, (c.distractors ?? []).map(normalizePhrase));
  const forbidden = (c.must_not_include ?? []).filter(has);
  const checks = (c.must_include?.length ?? 0) + (c.any_of_include?.length ?? 0) + claims.length;
  const factors: number[] = [];
  if (checks > 0) factors.push((checks - missing.length - unmetGroups.length - unmetClaims.length) / checks);
  let rouge: number | undefined;
  if (c.close_to !== undefined) {
    rouge = rougeL(c.close_to, step.content, ctx.tokens);
    factors.push(c.threshold === undefined ? rouge : rouge >= c.threshold ? 1 : 0);
  }
  const similarity = forbidden.length > 0 || asserted.length > 0 ? 0 : geometricMean(factors);
  return {
    similarity,
    details: {
      missing, unmet_any_of: unmetGroups, ...(claims.length ? { claims } : {}),
      forbidden_found: forbidden, ...(asserted.length ? { asserted_distractors: asserted } : {}),
      ...(rouge !== undefined ? { rouge_l: rouge } : {}),
    },
  };
}

const normalizePhrase = (p: Phrase): Phrase => (typeof p === "string" ? replyText(p) : p.map(replyText));

export const DEFAULT_REFUSAL_CUES = [
  "can't", "cannot", "can not", "unable", "not able", "couldn't", "could not", "wasn't able", "won't",
  "don't have", "do not have", "don't see", "do not see", "not possible", "no record", "not find",
  "no contact", "no event", "no message", "no email", "sorry", "i'm afraid", "not sure which",
];

export function refusalOutcome(c: RefusalConstraint, step: Step, done: DoneBefore = () => true): Outcome {
  if (step.kind !== "agent") return notA("an agent message", step);
  const text = replyText(step.content);
  const fault = replyFaults(text, c.max_words, done);
  if (fault) return fault;
  const asserted = assertedDistractors(text, (c.distractors ?? []).map(normalizePhrase));
  if (asserted.length > 0) return { similarity: 0, details: { reason: "asserts a wrong value beside the refusal", asserted_distractors: asserted } };
  const cue = (c.cues ?? DEFAULT_REFUSAL_CUES).find((k) => includesWords(text, replyText(k)));
  const mentions = c.mentions ?? [];
  const missing = mentions.filter((m) => !includesWords(text, replyText(m)));
  const share = mentions.length === 0 ? 1 : (mentions.length - missing.length) / mentions.length;
  return { similarity: cue === undefined ? 0 : share, details: { cue: cue ?? null, missing } };
}

export function clarificationOutcome(c: ClarificationConstraint, step: Step, done: DoneBefore = () => true): Outcome {
  if (step.kind !== "agent") return notA("an agent message", step);
  const text = replyText(step.content);
  const fault = replyFaults(text, c.max_words, done);
  if (fault) return fault;
  // A question is a sentence ending in "?" (not a "?" inside a link).
  const asks = sentences(text).some((q) => q.endsWith("?"));
  const wanted = c.asks_for ?? [];
  const missing = wanted.filter((w) => !includesWords(text, replyText(w)));
  const share = wanted.length === 0 ? 1 : (wanted.length - missing.length) / wanted.length;
  return { similarity: asks ? share : 0, details: { question: asks, missing } };
}

/** Holds for the whole trajectory, wherever the milestone sits: no (successful) write call. */
export function noWriteOutcome(c: NoWriteConstraint, trajectory: Trajectory, countFailedDefault: boolean): Outcome {
  const tools = new Set(c.tools ?? WRITE_TOOLS);
  const countFailed = c.count_failed ?? countFailedDefault;
  const writes = trajectory.steps.filter((s) => s.kind === "tool" && tools.has(s.tool) && (s.ok || countFailed));
  return { similarity: writes.length === 0 ? 1 : 0, details: { writes: writes.map((s) => s.index) } };
}

// ---- the database -----------------------------------------------------------------------------

/** The rows a database constraint expects: none listed means one row with no column checks
 *  ("some row"), an explicit [] means no row at all. */
function targetRows(c: DatabaseConstraint): FieldExpectations[] {
  return c.rows ?? [{}];
}

/** Extra rows in scope dilute the similarity by targets / max(targets, rows in scope). */
function extraFactor(targets: number, inScope: number): number {
  return inScope <= targets ? 1 : targets / inScope;
}

/** `now` is the table after the step; `ref` the table at the reference (undefined for "snapshot"). */
export function databaseOutcome(c: DatabaseConstraint, now: readonly Row[], ref: readonly Row[] | undefined, ctx: CompareContext): Outcome {
  const inScope = (row: Row) => matchesWhere(c.where, row, ctx);
  const targets = targetRows(c);
  if (c.relation === "snapshot" || ref === undefined) {
    const candidates = now.filter(inScope);
    const pairing = pairRows(targets, candidates, (t, r) => rowSimilarity(t, r, ctx), (r) => r.id);
    const factor = (c.extra_rows ?? "ignore") === "penalize" ? extraFactor(targets.length, candidates.length) : 1;
    return rowOutcome(pairing, factor, { in_scope: candidates.length });
  }
  const diff = diffTable(ref, now);
  const added = diff.added.filter(inScope);
  const removed = diff.removed.filter(inScope);
  const updated = diff.updated.filter((u) => inScope(u.after) || inScope(u.before));
  const changes = added.length + removed.length + updated.length;
  const counts = { added: added.length, removed: removed.length, updated: updated.length };
  if (c.relation === "unchanged") {
    return { similarity: changes === 0 ? 1 : 0, details: { changes: counts } };
  }
  const factor = (c.extra_rows ?? "penalize") === "penalize" ? extraFactor(targets.length, changes) : 1;
  let pairing: RowPairing;
  if (c.relation === "update") {
    const others = c.others_unchanged ?? true;
    pairing = pairRows(targets, updated, (t, u) => updateSimilarity(t, u, others, ctx), (u) => u.after.id);
  } else {
    const candidates = c.relation === "addition" ? added : removed;
    pairing = pairRows(targets, candidates, (t, r) => rowSimilarity(t, r, ctx), (r) => r.id);
  }
  return rowOutcome(pairing, factor, { changes: counts });
}

function rowOutcome(pairing: RowPairing, factor: number, extra: Record<string, unknown>): Outcome {
  return {
    similarity: pairing.similarity * factor,
    details: { rows: pairing.rows, row_similarities: pairing.rowSimilarities, extra_rows_factor: factor, ...extra },
  };
}
