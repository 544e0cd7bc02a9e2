import type { AgentStep, Row, Step, Trajectory } from "../episode/trajectory.js";
import type { Region } from "../db/phone.js";
import type {
  ClarificationConstraint, DatabaseConstraint, DistractorSpec, FieldExpectations, NoWriteConstraint, RefusalConstraint,
  ResponseConstraint, ToolCallConstraint,
} from "./spec.js";
import { compareValue, geometricMean, type CompareContext } from "./similarity.js";
import { diffTable, matchesWhere, pairRows, rowSimilarity, updateSimilarity, type RowPairing } from "./rows.js";
import { rougeL } from "./rouge.js";
import { INNER_ADVERB, NEGATION, includesWords } from "./text.js";
import { ACTION_TOOLS, addressee, claimedActions } from "./answer/actions.js";
import { wrongToday } from "./answer/today.js";
import { lostDigits } from "./answer/lost-digits.js";
import { wrongWeekday } from "./answer/weekdays.js";
import { wrongClock } from "./answer/clocks.js";
import { statements, type Statement } from "./answer/parse.js";
import { compileClaim, compileDistractor, compileFact, normalize, tidy, type Distractor } from "./answer/facts.js";
import { Reader, readDistractors, readFacts } from "./answer/judge.js";
import { readDump } from "./answer/dump.js";
import { wordCount } from "./answer/words.js";
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

/** What the user read at a reply: the agent's messages since the user last spoke, up to this one
 *  ("several messages": a short first one, the details in the next). */
export interface Reply {
  step: Step;
  messages: readonly AgentStep[];
  /** The agent's further messages before the user spoke again: a wrong value there counts too. */
  later?: readonly AgentStep[];
  /** The user spoke next, with no tool call in between: the agent stopped and waited for them. */
  handsBack?: boolean;
}

export const replyOf = (step: Step, messages?: readonly AgentStep[]): Reply =>
  ({ step, messages: messages ?? (step.kind === "agent" ? [step] : []) });

/** Normalized text of an answer (lower case, straight quotes): what the checks read. */
export const replyText = normalize;

/** Whether some write tool of the list succeeded before the reply, to the person of that contact id
 *  when one is given: what an answer may claim. */
export type DoneBefore = (tools: readonly string[], to?: string) => boolean;

interface ReadReply {
  text: string; statements: Statement[]; reader: Reader; messages: number[];
  /** With the agent's further messages before the user spoke again: what the user read in all. */
  whole: Statement[]; wholeText: string;
  /** The messages read and the further ones, tidied. */
  raw: string; later: string | undefined;
}

// Keys of what a scoring run reads once and keeps in its context: a message's statements (every
// answer constraint reads the same messages at every step it is tried on), and what a message
// misstates (read for its answer milestone and again for the whole trajectory).
const STATEMENTS = {};
const MISSTATED = {};

function cachedIn<T>(ctx: CompareContext, kind: object, key: string, make: () => T): T {
  let cache = ctx.answers.get(kind) as Map<string, T> | undefined;
  if (!cache) ctx.answers.set(kind, cache = new Map());
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key)!;
}

const statementsOf = (ctx: CompareContext, text: string) => cachedIn(ctx, STATEMENTS, text, () => statements(text));

function readReply(reply: Reply, ctx: CompareContext): ReadReply {
  const raw = tidy(reply.messages.map((m) => m.content).join("\n\n"));
  const said = statementsOf(ctx, raw);
  const later = reply.later?.length ? tidy(reply.later.map((m) => m.content).join("\n\n")) : undefined;
  const text = normalize(raw);
  return {
    text, statements: said, messages: reply.messages.map((m) => m.index), raw, later,
    whole: later !== undefined ? [...said, ...statementsOf(ctx, later)] : said,
    wholeText: later !== undefined ? normalize(`${raw}\n\n${later}`) : text,
    reader: new Reader({ time: reply.step.time, region: ctx.region as Region | undefined, people: ctx.people }),
  };
}

type Misstatement = { reason: string; statement: string; [k: string]: unknown };

/** An agent message that misstates a fact of the world, as the score report lists it. */
export interface MisstatedMessage { step: number; reason: string; statement: string }

/** `misstatement` of a text written at `reader`'s time, read once per scoring run. */
const misstatementOf = (ctx: CompareContext, reader: Reader, text: string, said: () => readonly Statement[]) =>
  cachedIn(ctx, MISSTATED, `${reader.ref.time}\u0000${text}`, () => misstatement(reader, said(), ctx.zone));

/** A fact of the world that no scenario lists, misstated: what day today is, the time now or on
 *  another place's clock, the weekday of a date, an amount's digits. Null when the statements misstate none of them. */
function misstatement(reader: Reader, said: readonly Statement[], zone: string): Misstatement | null {
  const today = wrongToday(said, reader.ref.time.slice(0, 10));
  if (today) return { reason: `the answer says "${today.said}", but today is ${today.today}`, statement: today.statement, wrong_today: today };
  const clock = wrongClock(reader, said, zone);
  if (clock) return { reason: `the answer says "${clock.said}", but that is ${clock.expected}`, statement: clock.statement, wrong_clock: clock };
  const weekday = wrongWeekday(said, reader.ref.time.slice(0, 10));
  if (weekday) return { reason: `the answer says "${weekday.said}", but that date is ${weekday.weekday}`, statement: weekday.statement, wrong_weekday: weekday };
  const amount = lostDigits(said);
  if (amount) return { reason: `the answer gives "${amount.said}", an amount that has lost its leading digits (a currency sign and the digits after it)`, statement: amount.statement, lost_digits: amount };
  return null;
}

/** Every agent message, from `first` on, that misstates a fact of the world (`misstatement`):
 *  whichever milestone reads it, or none (a side remark in a question asked before the answer),
 *  the user reads it. */
export function misstatements(steps: readonly Step[], first: number, ctx: CompareContext): MisstatedMessage[] {
  const out: MisstatedMessage[] = [];
  for (const step of steps.slice(first)) {
    if (step.kind !== "agent") continue;
    const reader = new Reader({ time: step.time, region: ctx.region as Region | undefined, people: ctx.people });
    const text = tidy(step.content);
    const found = misstatementOf(ctx, reader, `${text}\u0000`, () => statementsOf(ctx, text));
    if (found) out.push({ step: step.index, reason: found.reason, statement: found.statement });
  }
  return out;
}

/** What disqualifies any reply, whatever it says: a dump of records, a length over the scenario's
 *  own `max_words`, or reporting an action that was never done. Null when the reply may be judged
 *  on its content. */
function replyFaults(r: ReadReply, maxWords: number | undefined, done: DoneBefore, ctx: CompareContext, maxItems?: number): Record<string, unknown> | null {
  const dump = readDump(r.text, r.statements, maxItems);
  if (dump) return { reason: dump.reason };
  if (maxWords !== undefined) {
    const words = wordCount(r.text);
    if (words > maxWords) return { reason: `the answer has ${words} words, more than the ${maxWords} this scenario allows`, words };
  }
  // A wrong today, a wrong clock or an action not done in a further message ("several messages":
  // the details after a short first one) is read by the user all the same.
  const misstated = misstatementOf(ctx, r.reader, `${r.raw}\u0000${r.later ?? ""}`, () => r.whole);
  if (misstated) return misstated;
  // "I've texted Jess" when only Priya was texted reports an action not done, as much as when
  // nobody was.
  const unsupported = claimedActions(r.wholeText).map((a) => ({ ...a, to: ctx.people && ctx.handles ? addressee(a, ctx.people, ctx.handles) : undefined }))
    .filter((a) => !done(ACTION_TOOLS[a.kind], a.to));
  if (unsupported.length > 0) {
    const named = (a: (typeof unsupported)[number]) => `"${a.words}"${a.to ? ` (to ${ctx.people!.get(a.to)![0]})` : ""}`;
    return { reason: `the answer reports actions that were not done: ${unsupported.map(named).join(", ")}`, unsupported_claims: unsupported };
  }
  return null;
}

function distractorsOf(c: { distractors?: readonly DistractorSpec[] }, r: ReadReply, ctx: CompareContext, day: string): Distractor[] {
  // A constraint's checks compile once per day its answers are written on (relative dates resolve
  // against it).
  return cachedIn(ctx, c, `d${day}`, () => [
    ...(c.distractors ?? []).map((d) => compileDistractor(d, r.reader.ref)),
    ...ctx.stale.map((d) => compileDistractor(d, r.reader.ref)),
  ]);
}

const said = (r: ReadReply) => ({ messages: r.messages });

export function responseOutcome(c: ResponseConstraint, reply: Reply, ctx: CompareContext, done: DoneBefore = () => true): Outcome {
  if (reply.step.kind !== "agent") return notA("an agent message", reply.step);
  const r = readReply(reply, ctx);
  const fault = replyFaults(r, c.max_words, done, ctx, c.max_items);
  if (fault) return { similarity: 0, details: { ...said(r), ...fault } };
  const day = reply.step.time.slice(0, 10);
  const facts = cachedIn(ctx, c, day, () => [
    ...(c.claims ?? []).map((claim) => compileClaim(claim, r.reader.ref)),
    ...(c.facts ?? []).map((f) => compileFact(f, r.reader.ref)),
  ]);
  const has = (needle: string) => includesWords(r.text, replyText(needle));
  const missing = (c.must_include ?? []).filter((n) => !has(n));
  const unmetGroups = (c.any_of_include ?? []).filter((g) => !g.some(has));
  const factReadings = readFacts(r.reader, r.statements, facts);
  const asserted = readDistractors(r.reader, r.whole, distractorsOf(c, r, ctx, day));
  const contradicted = factReadings.filter((f) => f.status === "contradicted");
  const forbidden = (c.must_not_include ?? []).filter(has);
  const checks = (c.must_include?.length ?? 0) + (c.any_of_include?.length ?? 0) + facts.length;
  const met = checks - missing.length - unmetGroups.length - factReadings.filter((f) => f.status !== "held").length;
  const factors: number[] = [];
  if (checks > 0) factors.push(partialCredit(met, checks));
  let rouge: number | undefined;
  if (c.close_to !== undefined) {
    rouge = rougeL(c.close_to, reply.step.content, ctx.tokens);
    factors.push(c.threshold === undefined ? rouge : rouge >= c.threshold ? 1 : 0);
  }
  const wrong = forbidden.length > 0 || asserted.length > 0 || contradicted.length > 0;
  return {
    similarity: wrong ? 0 : geometricMean(factors),
    details: {
      ...said(r),
      ...(facts.length ? { facts: factReadings } : {}),
      ...(missing.length ? { missing } : {}), ...(unmetGroups.length ? { unmet_any_of: unmetGroups } : {}),
      ...(forbidden.length ? { forbidden_found: forbidden } : {}),
      ...(asserted.length ? { asserted_distractors: asserted } : {}),
      ...(rouge !== undefined ? { rouge_l: rouge } : {}),
    },
  };
}

/** Credit for an answer that states `met` of `checks` facts: in proportion, so one of two facts is
 *  worth half; a wrong assertion anywhere (a distractor, a contradicted fact) is worth nothing. */
export function partialCredit(met: number, checks: number): number {
  return checks === 0 ? 1 : met / checks;
}

export const DEFAULT_REFUSAL_CUES = [
  "can't", "cannot", "can not", "unable", "not able", "couldn't", "could not", "wasn't able", "won't",
  "don't have", "do not have", "don't see", "do not see", "not possible", "no record", "not find",
  "no contact", "no event", "no message", "no email", "i'm afraid", "not sure which",
  "couldn't find", "no sign", "nothing", "there's no", "there is no", "no such", "doesn't exist", "does not exist",
];

const NEGATED_ADVERB = new RegExp(`\\b(${NEGATION})\\s+(?:${INNER_ADVERB})\\s+`, "g");
/** The first of `cues` a reply's text says. */
const cueIn = (text: string, cues: readonly string[]) => {
  const plain = text.replace(NEGATED_ADVERB, "$1 ");
  return cues.find((k) => includesWords(plain, replyText(k)));
};

export function refusalOutcome(c: RefusalConstraint, reply: Reply, ctx: CompareContext, done: DoneBefore = () => true): Outcome {
  if (reply.step.kind !== "agent") return notA("an agent message", reply.step);
  const r = readReply(reply, ctx);
  const fault = replyFaults(r, c.max_words, done, ctx);
  if (fault) return { similarity: 0, details: { ...said(r), ...fault } };
  const asserted = readDistractors(r.reader, r.whole, distractorsOf(c, r, ctx, reply.step.time.slice(0, 10)));
  if (asserted.length > 0) return { similarity: 0, details: { ...said(r), reason: "asserts a wrong value beside the refusal", asserted_distractors: asserted } };
  const cue = cueIn(r.text, c.cues ?? DEFAULT_REFUSAL_CUES);
  const mentions = c.mentions ?? [];
  const missing = mentions.filter((m) => !includesWords(r.text, replyText(m)));
  const share = mentions.length === 0 ? 1 : (mentions.length - missing.length) / mentions.length;
  return { similarity: cue === undefined ? 0 : share, details: { ...said(r), cue: cue ?? null, missing } };
}

/** A request for what is missing, written as an instruction or a need: "Tell me what you're
 *  bringing and I'll finish it", "Let me know which Diego you mean", a heading "What I need from
 *  you", "Once you send me the code, I'll text him". */
const REQUEST = new RegExp([
  /^(?:(?:just|please|so)\s+)?(?:tell me|let me know|confirm|reply with|send me|give me|say which|say if|say whether|say the word)\b/.source,
  /\b(?:let me know|tell me|just say) (?:which|what|who|when|where|how|if|whether)\b/.source,
  /\bwhat i (?:need|still need) from you\b|\b(?:i|i'll|i will) (?:still )?need (?:from you|you to)\b/.source,
  /\bonce you (?:send|give|tell) me\b/.source,
].join("|"));

export function clarificationOutcome(c: ClarificationConstraint, reply: Reply, ctx: CompareContext, done: DoneBefore = () => true): Outcome {
  if (reply.step.kind !== "agent") return notA("an agent message", reply.step);
  const r = readReply(reply, ctx);
  const fault = replyFaults(r, c.max_words, done, ctx);
  if (fault) return { similarity: 0, details: { ...said(r), ...fault } };
  const question = r.statements.some((q) => q.question || REQUEST.test(q.text));
  // "I can't text Raj: there's no number saved for him", and then the agent waits: saying what
  // blocks the request and giving the turn back asks what to do, as a question would.
  const blocker = question || !reply.handsBack ? undefined : cueIn(r.text, DEFAULT_REFUSAL_CUES);
  const asks = question || blocker !== undefined;
  const wanted = c.asks_for ?? [];
  const missing = wanted.filter((w) => !includesWords(r.text, replyText(w)));
  const share = wanted.length === 0 ? 1 : (wanted.length - missing.length) / wanted.length;
  return { similarity: asks ? share : 0, details: { ...said(r), question, ...(blocker ? { blocker } : {}), missing } };
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
