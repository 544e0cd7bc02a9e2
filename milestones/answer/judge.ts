import nlp from "compromise";
import { INNER_ADVERB, NEGATION, wordOccurrences } from "../text.js";
import { extract, type Reference } from "./extract.js";
import type { Distractor, Fact, Group } from "./facts.js";
import { bound, isQuestion, type Statement } from "./parse.js";
import { blankAsides, clauseBefore, restatedFrom, SENTENCE_END, stanceAt, statedAt, writingDay, wrongValueExcused } from "./stance.js";
import { RANGE_JOIN, sameValue, showValue, type Span, type Value, type ValueType } from "./values.js";
import { openingVerdict, verdictAsked } from "./verdict.js";

// Facts held, contradicted or missing, and distractors asserted, over an answer's statements.
// A fact holds when one statement, read with its context, asserts every one of its groups, and no
// other fact's group stands between them ("Jess brings wine and Tom brings dessert" does not hold
// "Jess: dessert"). A distractor fails the answer when a statement asserts it as current.

interface Occurrence { start: number; end: number }
export const overlaps = (a: Occurrence, b: Occurrence) => a.start < b.end && b.start < a.end;

/** Where a value that stands for any code may not be read: "3pm", "£40" or "9 Nov" name a time, an
 *  amount or a date, not a code. Empty for every other value. */
export const notCodes = (reader: Reader, text: string, value: Value): Occurrence[] =>
  (value.any && value.type === "code" ? otherThanCodes(reader, text) : []);

const otherThanCodes = (reader: Reader, text: string): Occurrence[] =>
  (["time", "date", "amount", "phone"] as const).flatMap((t) => reader.values(text, t));

// The same message is read at every step a milestone may match and by every check of it; what a
// text holds depends only on it and the day it was written, so extractions are remembered
// (bounded, like phone numbers' parses).
const EXTRACTED = new Map<string, Span<Value>[]>();
const EXTRACTED_LIMIT = 20_000;

/** Typed values of the texts of one answer, written at `ref`. */
export class Reader {
  private readonly day: string;
  constructor(readonly ref: Reference) {
    this.day = `${ref.time.slice(0, 10)}${ref.time.slice(19)}|${ref.region ?? ""}`;
  }
  values(text: string, type: ValueType): Span<Value>[] {
    const key = `${type}|${type === "date" ? this.day : ref0(this.ref)}|${text}`;
    let hit = EXTRACTED.get(key);
    if (!hit) {
      if (EXTRACTED.size >= EXTRACTED_LIMIT) EXTRACTED.clear();
      EXTRACTED.set(key, hit = extract(text, type, this.ref));
    }
    return hit;
  }
}

// Only dates depend on the day; phone numbers on the region.
const ref0 = (ref: Reference) => ref.region ?? "";

/** Where a group occurs in `text`: literal words, or a value equal to a typed alternative. */
export function occurrences(reader: Reader, text: string, group: Group): Occurrence[] {
  const all = rawOccurrences(reader, text, group);
  // The longest reading of a place wins: "sarah" inside "sarah b" is the same mention.
  return all.filter((o) => !all.some((x) => x !== o && x.start <= o.start && x.end >= o.end && x.end - x.start > o.end - o.start));
}

// "two weeks", "3 days": a number of a unit of time is a duration, not a wrong count of what is asked.
const DURATION_AFTER = /^\s*(?:more\s+|whole\s+|full\s+)?(?:seconds?|minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|months?|years?)\b/;

// Tagging a word costs far more than reading a clause, so each word is tagged once per lead word.
const TAGGED = new Map<string, readonly string[]>();
/** compromise's tags of `word` read after `lead` ("they texted", "the wedding"). */
function tagsAfter(lead: string, word: string): readonly string[] {
  const key = `${lead} ${word}`;
  let tags = TAGGED.get(key);
  if (tags === undefined) {
    tags = (nlp(key).json() as { terms: { tags: string[] }[] }[])[0]?.terms[1]?.tags ?? [];
    if (TAGGED.size > 10_000) TAGGED.clear();
    TAGGED.set(key, tags);
  }
  return tags;
}

// "Helen's bringing wine", "Tom's not coming": a name's "'s" before a verb is "is" or "has", not the
// possessive that names a place ("at Helen's", "Helen's wedding", "Helen's, 7:30"). The tagger reads
// the next word after "the", where a noun ("wedding", "booking") stays a noun.
const PRONOUN_S = /^(?:it|that|this|what|there|here|who|he|she|where|when|how|let|one|everyone|someone|nobody)'s$/;
const FINITE = /^(?:is|was|are|were|will|would|can|could|has|had|does|did|should|may|might|must)$/;
const PLACE_BEFORE_S = /\b(?:at|to|from|round|near|by|outside|in|into|towards?|via|of)\s+$/;
function contracted(text: string, o: Occurrence, words: string): boolean {
  if (!/'s$/.test(words) || PRONOUN_S.test(words) || PLACE_BEFORE_S.test(text.slice(0, o.start))) return false;
  const next = /^\s+(?:(?:also|already|just|still)\s+)?([a-z]+)\b/.exec(text.slice(o.end))?.[1];
  if (!next) return false;
  if (next === "not") return true;
  // "Helen's is the venue": a finite verb after it makes the possessive a noun phrase.
  if (FINITE.test(next)) return false;
  return tagsAfter("the", next).includes("Verb");
}

const ELSE_AFTER = /^\s+else\b/;
const NEGATION_OPENING = new RegExp(`^(${NEGATION}) (.+)$`);
const NEGATION_WITH_ADVERB = new RegExp(`(?<![\\p{L}\\p{N}])(${NEGATION})\\s+(?:${INNER_ADVERB})\\s+$`, "u");
/** Where a phrase that opens with a negation stands with an adverb inside it. */
function withAdverb(text: string, words: string): Occurrence[] {
  const m = NEGATION_OPENING.exec(words);
  if (!m) return [];
  return wordOccurrences(text, m[2]!).flatMap((at) => {
    // The negation and its adverb are a few words: the last 60 characters hold them whole.
    const from = Math.max(0, at - 60);
    const before = NEGATION_WITH_ADVERB.exec(text.slice(from, at));
    return before && before[1] === m[1] ? [{ start: from + before.index, end: at + m[2]!.length }] : [];
  });
}

/** A date of only a month or a weekday whose words stand in a fuller date that has it. */
function namesPartOf(part: Value, whole: Value): boolean {
  if (part.type !== "date" || whole.type !== "date" || part.any || part.known.day !== undefined) return false;
  const keys = (["year", "month", "weekday"] as const).filter((k) => part.known[k] !== undefined);
  return keys.length > 0 && keys.every((k) => whole.known[k] === part.known[k]);
}

function rawOccurrences(reader: Reader, text: string, group: Group): Occurrence[] {
  const out: Occurrence[] = [];
  for (const alt of group.alternatives) {
    const read = alt.value ? reader.values(text, alt.value.type) : [];
    if (!alt.value) out.push(...withAdverb(text, alt.words));
    for (const at of wordOccurrences(text, alt.words)) {
      const o = { start: at, end: at + alt.words.length };
      if (contracted(text, o, alt.words)) continue;
      // "Nothing else is on tonight" says something is: "else" makes the words mean "other than".
      if (ELSE_AFTER.test(text.slice(o.end))) continue;
      // A typed alternative's words inside another value of its type are that value: "at 7" in
      // "texted you at 7:15" is 7:15, not 7:00.
      // A part of a date the words name is in it, though: "December" and "Thursday" in "Thursday
      // 17 December".
      if (alt.value && read.some((s) => overlaps(s, o) && !sameValue(alt.value!, s.value) && !namesPartOf(alt.value!, s.value))) continue;
      out.push(o);
    }
    if (alt.value) {
      const other = notCodes(reader, text, alt.value);
      for (const s of read) if (sameValue(alt.value, s.value) && !other.some((x) => overlaps(x, s))) out.push({ start: s.start, end: s.end });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

export interface FactReading {
  fact: string;
  status: "held" | "missing" | "contradicted";
  /** The statement that asserted it, or that contradicted it. */
  statement?: string;
  /** For a contradiction: the other value asserted. */
  asserted?: string;
}

export interface DistractorReading { distractor: string; statement: string; words: string }

const LIST_JOIN = /^\s*(?:,|,?\s*and|&|\/)\s*$/;
/** One occurrence per group, asserted, with no foreign occurrence between the first and last. */
function holdsIn(reader: Reader, text: string, groups: readonly Group[], foreign: readonly Group[]): boolean {
  const per = groups.map((g) => occurrences(reader, text, g).filter((o) => statedAt(text, o.start, o.end)));
  if (per.some((p) => p.length === 0)) return false;
  const own = per.flat();
  // A value listed with the fact's own values is one of the list, not another fact's: in "gabapentin
  // at 7 am, 3 pm, 11 pm" the 7 am of the meloxicam breakfast dose does not part gabapentin from 3 pm.
  const listed = (o: Occurrence) => own.some((x) => LIST_JOIN.test(x.start >= o.end ? text.slice(o.end, x.start) : text.slice(x.end, o.start)));
  const others = foreign.flatMap((g) => occurrences(reader, text, g)).filter((o) => !own.some((x) => overlaps(x, o)) && !listed(o));
  // The narrowest choice from each start: per group, the occurrence from there on that ends first.
  // Any choice that starts there and holds no foreign occurrence spans at least as much, so this
  // finds one when there is one, in time linear in the occurrences per start (a search over every
  // combination gave up on long answers that name a subject many times).
  for (const lo of new Set(own.map((o) => o.start))) {
    let hi = -Infinity;
    for (const group of per) {
      let first = Infinity;
      for (const o of group) if (o.start >= lo && o.end < first) first = o.end;
      if (first === Infinity) { hi = Infinity; break; }
      hi = Math.max(hi, first);
    }
    if (hi !== Infinity && !others.some((o) => o.start >= lo && o.end <= hi)) return true;
  }
  return false;
}

/** Another value of the fact's type asserted in a statement that names its subject, in the same
 *  clause as the subject, while the statement never states the expected value. */
function contradiction(reader: Reader, s: Statement, fact: Fact): string | null {
  const value = fact.values[0]!;
  const typed = value.alternatives.find((a) => a.value)?.value;
  if (!typed || s.question) return null;
  const text = s.text;
  if (!fact.about.every((g) => occurrences(reader, text, g).length > 0)) return null;
  if (occurrences(reader, text, value).length > 0) return null;
  // Nor is a time's hour another room: "that 4:40 slot is with Mr Hughes" gives no code "4".
  const notCode = typed.type === "code" ? otherThanCodes(reader, text) : [];
  for (const span of reader.values(text, typed.type)) {
    if (notCode.some((x) => overlaps(x, span))) continue;
    if (stanceAt(text, span.start, span.end) !== "asserted") continue;
    if (value.alternatives.some((a) => a.value && sameValue(a.value, span.value))) continue;
    return `${text.slice(span.start, span.end)} (${showValue(span.value)})`;
  }
  return null;
}

/** The text states a value of the type of the group's typed alternative, none of the group's. */
function ownValueOfType(reader: Reader, text: string, g: Group, theirs: readonly Occurrence[] = []): boolean {
  const typed = g.alternatives.find((a) => a.value)?.value;
  // A group that also names its subject in words ("return", "back", "AC37") is no value of its own:
  // the seats under "Back home: AC37" do not differ from the flight for being codes too.
  if (!typed || g.alternatives.some((a) => !a.value && !/\d/.test(a.words))
    || occurrences(reader, text, g).length > 0) return false;
  // What a bracket aside dates is not the statement's own: "Dentist at 16:10 (the practice moved it
  // from today, and you emailed on 19 Oct)" under "Wed 4 Nov" is on the 4th.
  const own = blankAsides(text);
  // A value another part of the fact names is the fact's, and so is the other end of its range: in
  // "That is in the middle of the Conversation Cafe, 10:00-11:30" the 11:30 is the clash's.
  const fact = (span: Span<Value>) => theirs.some((o) => overlaps(o, span)
    || (o.start >= span.end && RANGE_JOIN.test(text.slice(span.end, o.start))) || (span.start >= o.end && RANGE_JOIN.test(text.slice(o.end, span.start))));
  return reader.values(own, typed.type).some((span) => statedAt(text, span.start, span.end) && !fact(span));
}

/** A statement under a heading or lead-in that states its own value of a fact's type, none of the
 *  fact's: the context's value is not its. A table row "Wed 21 Oct | 7:30am to 8:00pm" under
 *  "Monday 19th's long day is Sarah B's" gives the times of the 21st, not of Monday. */
function ownValueDiffers(reader: Reader, s: Statement, fact: Fact): boolean {
  if (s.context === "") return false;
  const typeOf = (g: Group) => g.alternatives.find((a) => a.value)?.value?.type;
  return fact.values.some((g) => ownValueOfType(reader, s.text, g,
    fact.values.filter((x) => x !== g && typeOf(x) !== undefined && typeOf(x) === typeOf(g)).flatMap((x) => occurrences(reader, s.text, x))));
}

const subjectKey = (fact: Fact) => fact.about.map((g) => g.label).sort().join("|");

export function readFacts(reader: Reader, statements: readonly Statement[], facts: readonly Fact[]): FactReading[] {
  // A question may carry a fact (a clarifying question names what it asks about).
  const asserting = statements.filter((s) => s.kind !== "code");
  const opening = openingVerdict(statements);
  return facts.map((fact, i) => {
    const groups = [...fact.about, ...fact.values];
    // The yes or no the reply opens with is its answer: words of the other verdict later on
    // ("Not yet ... a courier text came in") do not turn it round.
    const asked = opening && verdictAsked(groups.flatMap((g) => g.alternatives.map((a) => a.words)));
    if (opening && asked && asked !== opening.verdict) {
      return { fact: fact.label, status: "contradicted" as const, statement: opening.statement, asserted: `${opening.verdict} (the opening verdict)` };
    }
    // Another fact about the same subject may stand between ("the appointment is tomorrow, Tue 24
    // Nov, at 10:30" holds both its date and its time); one about another subject may not.
    const subject = subjectKey(fact);
    const foreign = facts.filter((f, j) => j !== i && !(subject !== "" && subjectKey(f) === subject)).flatMap((f) => [...f.about, ...f.values])
      .filter((g) => !groups.some((own) => own.label === g.label));
    const held = asserting.find((s) => holdsIn(reader, bound(s), groups, foreign) && !ownValueDiffers(reader, s, fact));
    if (held) return { fact: fact.label, status: "held" as const, statement: bound(held) };
    if (fact.contradiction) {
      for (const s of asserting) {
        const other = contradiction(reader, s, fact);
        if (other) return { fact: fact.label, status: "contradicted" as const, statement: s.text, asserted: other };
      }
    }
    return { fact: fact.label, status: "missing" as const };
  });
}

const opensWithVerb = (text: string) => {
  const word = /^\s*(?:also\s+|then\s+)?([a-z']+)/.exec(text)?.[1];
  return word !== undefined && tagsAfter("they", word).includes("PastTense");
};

// "Julia and Grace ", "Dr Tan and Bo ": the last two items of a list of names, then the value.
const LIST_TAIL = /,\s*(?:[\p{L}'.-]+\s+){1,2}and\s+(?:[\p{L}'.-]+\s+){1,2}(?:on\s+|at\s+|next\s+|this\s+)?(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+)?$/u;

// "...two numbers: Julia Brandt and ": names listed after a colon before the value; what the list
// answers is the clause before the colon (a value right after a colon may start a clause of its own).
const COLON_LIST = /:\s*(?:[\p{L}'.-]+(?:\s+[\p{L}'.-]+){0,2}(?:,\s*(?:and\s+)?|\s+(?:and|&)\s+))+$/u;
const WITH_LIST = /\bwith\s+(?:[\p{L}'.-]+\s+)?[\p{L}'.-]+$/u;
const COORDINATED_SUBJECTS = /^\s*(?:[\p{L}'.-]+\s+){1,2}(?:and|&)\s+(?:[\p{L}'.-]+\s+){1,2}$/u;
const SUBJECTLESS_BUT = /^but\s+(?:also\s+|still\s+|just\s+)?(?:hasn't|has|hadn't|had|isn't|is|wasn't|was|won't|will|can't|can|doesn't|does|didn't|did|never|already)\b/;
const SUBJECTLESS_AND = /^(?:also\s+|still\s+|then\s+)?(?:hasn't|has|hadn't|had|isn't|is|aren't|are|wasn't|was|weren't|were|won't|will|can't|can|doesn't|does|didn't|did)\s/;

// An item that opens with a subject of its own: a pronoun, or a noun with its own copula ("Race is
// Sun 22 Nov" under "packet pickup").
const OWN_SUBJECT = /^(?:(?:you|he|she|they|we|i)(?:'re|'ve|'ll|'d|\s+(?:were|was|are|is|am|had|have|has|did|do|does|will|would|can|could)\b)|(?:the\s+)?[a-z]+\s+(?:is|was|are|were)\s)/;
const RECORD_FIELD = /^(?:what|when|where|who|with|date|day|time|times|place|venue|location|address|event|book|title|flight|seat|seats|booking|ref|reference|cost|price|status|notes?|host|meeting point)\s*:/;
// A short label and a spaced dash at an item's start: "beverley grant — ".
const DASH_LABEL = /^(?:[^\s:;,.!?()\u2013\u2014-]+\s){1,4}[\u2013\u2014-]\s/;
const COPULA_OPENING = /^\s*(?:is|are|was|were)\b/;
const PREDICATE_OPENING = /^(?:is|are|was|were|has|have|had)\b/;
/** The last time clause before a value: "until us clocks change " (its opening, then its words). */
const TIME_CLAUSE = /(\s(?:until|till|once|when|whenever|after|before|since)\s)((?:(?!\s(?:until|till|once|when|whenever|after|before|since)\s).)+)$/;
const hasVerb = (words: string) => words.trim().split(/\s+/).length >= 2 && nlp(words).verbs().length > 0;
/** The short label an item opens with: "meloxicam: 2.1 ml with food" (at most four words). */
const ITEM_OPENING_LABEL = /^((?:[^\s:;,.()]+\s?){1,4}):\s/;
// "Carmen Ruiz:", "**Julia Brandt** (Halyard) -": a list item's label, before its details.
const ITEM_LABEL = /^[^:;,.!?\u2013\u2014]{1,60}(?::|\s[\u2013\u2014-])\s/;
const SUBJECT_PRONOUN = /^(?:it|it's|it is|it was|it'll|it will|that's|that is|this is)\b/;

/** The text with brackets that deny what they hold blanked out ("(not the key safe)"). */
const undenied = (text: string) => text.replace(/\(\s*(?:not|never|no)\b[^()]*\)/g, (m) => " ".repeat(m.length));

/** A wrong value counts against its subject only when the subject is named in the value's own
 *  clause: "Ryan already has the 17th" is not about the dinner in the next clause. */
function aboutInClause(reader: Reader, s: Statement, text: string, o: Occurrence, about: readonly Group[], record?: string): boolean {
  if (about.length === 0) return true;
  // Where the value stands in the statement's own text (after its context).
  const valueAt = o.start - (text.length - s.text.length);
  // A table row is one record keyed by its first cell: the subject may be in the value's own cell
  // or in that first cell; a list item or row is read under its heading or lead-in.
  let cellStart = 0;
  if (s.kind === "row") {
    const cells = s.text.split("; ");
    const offset = text.length - s.text.length;
    let at = 0;
    let ownAt = 0;
    const own = cells.find((c) => { const hit = o.start - offset >= at && o.start - offset < at + c.length; if (hit) ownAt = at; at += c.length + 2; return hit; }) ?? "";
    // A reason clause has its own subject, in a cell as in a sentence: "moved to Tue 13 Oct because
    // Helen's kitchen flooded" says nothing of the row's book club.
    const reasoned = / because /.test(own.slice(0, o.start - offset - ownAt));
    // A cell that is a sentence of its own is read by its clauses, below.
    const ownCell = own.split(" ").length <= 8 ? own : "";
    // The record's key may stand in a column that names who or what it is, not only the first.
    // A subject a bracket denies is not the record's: "clinic back door (not the key safe)".
    const keys = [cells[0]!, ...cells.filter((c) => KEY_COLUMN.test(c))].map(undenied);
    if (!reasoned && about.every((g) => occurrences(reader, undenied(ownCell), g).length > 0 || keys.some((k) => occurrences(reader, k, g).length > 0))) return true;
    // Nor does its column's header bind it: under "Yui's suggestion", the row "Also note | Daichi is
    // sending flowers from himself and Yui" does not suggest flowers.
    const headed = ownCell === "" ? own.indexOf(": ") : -1;
    if (headed >= 0) cellStart = offset + ownAt + headed + 2;
  }
  // A short list of fields ("Book: The Safekeep", "When: Tue 6 Oct", "Where: Helen's") is one record,
  // as a short table is: what one field names, the others are about.
  if (record !== undefined && about.every((g) => occurrences(reader, record, g).length > 0)) return true;
  // A short item under a heading or lead-in ("Tonight" / "- Haircut 5:30pm") is about what they name.
  // An item of several clauses names its subjects clause by clause, as a sentence does ("Your half
  // is already graded, per your text to Tomás" says nothing graded of Tomás).
  // A short label before a spaced dash ("Beverley Grant — no reply yet") heads the item, as a colon
  // would: it splits no clauses.
  const fragment = !/,\s|;|\s[\u2013\u2014-]\s/.test(s.text.replace(/(\d)\s*[\u2013\u2014-]\s*(?=\d)/g, "$1-").replace(DASH_LABEL, ""));
  // An item that is a sentence with a person as its subject ("You were on a call with Alex Romero")
  // says its own thing: under "Why you missed it", Alex is not the caller.
  // Nor is a value that is the subject of a verb of its own: under "you swapped with Ben", "Nadia and
  // Priya both acknowledged it" says they acknowledged, not that they swapped; under "Don't mix it up
  // with", "4172 is the allotment gate code" says what 4172 is.
  const subjectOfOwnVerb = () => {
    const ownVerb = /^(?:\s+(?:and|&)\s+[\p{L}'.-]+(?:\s+[\p{L}'.-]+)?)?(?:\s+(?:both|also|all|each|then|just|too)\b)?/u.exec(text.slice(o.end))!;
    const rest = text.slice(o.end + ownVerb[0].length);
    return (opensWithVerb(rest) || COPULA_OPENING.test(rest)) && !about.some((g) => occurrences(reader, text.slice(o.end, o.end + ownVerb[0].length + 20).split(/[,;.]/)[0]!, g).length > 0);
  };
  if (s.kind === "item" && s.context && s.text.split(" ").length <= 10 && !OWN_SUBJECT.test(s.text)
    && about.every((g) => occurrences(reader, s.context, g).length > 0 || (fragment && occurrences(reader, s.text, g).length > 0)) && !subjectOfOwnVerb()) return true;
  // A longer item's label is what its lead-in lists: under "Two of your contacts have two numbers:",
  // "- Carmen Ruiz (Anika's teacher): her own number, plus the office line" names Carmen as one.
  // Only under a lead-in sentence that introduces the list: a heading ("Don't mix it up with") may
  // set items apart from what the answer is about.
  if (s.kind === "item" && /:$/.test(s.context)) {
    const label = ITEM_LABEL.exec(blankAsides(s.text));
    if (label && valueAt >= 0 && valueAt < label[0].length && label[0].split(/\s+/).filter(Boolean).length <= 6
      && about.every((g) => occurrences(reader, s.context, g).length > 0 || occurrences(reader, s.text.slice(0, label[0].length), g).length > 0)) return true;
  }
  // A value restated in brackets is about what the value before it is about: in "Thursday 16:00 GMT
  // (9:00 AM PT)" the 9:00 is Thursday's, as the 16:00 is.
  const paren = restatedFrom(text, o.start);
  const clause0 = paren !== undefined ? paren - clauseBefore(text, paren).length : o.start - clauseBefore(text, o.start).length;
  // " and " ends a clause on both sides of the value: "maths at 4.40 and English in E2".
  // A past verb right after "and" shares the subject before it: "texted Ken and said you'll come Sat".
  const and = text.slice(clause0, o.start).lastIndexOf(" and ");
  // Two subjects joined by "and" right before the value share it: "Bev and Sarah B haven't given you
  // a firm yes".
  // So do the people of a "with": "the partner meeting with you and Grace on Tue Oct 27".
  const coordinated = COORDINATED_SUBJECTS.test(text.slice(clause0, o.start))
    || (and >= 0 && WITH_LIST.test(text.slice(clause0, clause0 + and)));
  let start = and >= 0 && !coordinated && !opensWithVerb(text.slice(clause0 + and + 5, o.start)) ? clause0 + and + 5 : clause0;
  // A reason clause has its own subject: in "you missed her 6:30 call because you were on the phone
  // with Alex" Alex is not said of the call.
  const reason = text.slice(start, o.start).lastIndexOf(" because ");
  if (reason >= 0) start += reason + " because ".length;
  // So has a time clause with a verb of its own: in "16:00 London time is 9 am for you until US
  // clocks change this weekend" the weekend is the clocks', not the London call's.
  const timed = TIME_CLAUSE.exec(text.slice(start, o.start));
  if (timed && hasVerb(timed[2]!)) start += timed.index + timed[1]!.length;
  start = Math.max(start, cellStart);
  // A short aside in brackets right after the value (its surname at most between) does not end its
  // clause: "Julia Brandt (Halyard Ventures) called you at 11:02".
  const after = text.slice(o.end).replace(/^(\s*[\p{L}'.-]*\s*)\(([^()]{1,40})\)/u, (_m, lead: string, aside: string) => `${lead} ${" ".repeat(aside.length)} `);
  // It ends at its sentence's end too, also one the value's own full stop ends: in "tell Grupo 2 Wed 4
  // Nov. Lab Report 3 grades are due Wed 11 Nov" (a table cell) the 4th is not the grades'.
  const tail = /\.$/.test(text.slice(o.start, o.end)) && /^\s/.test(after) ? "" : after.split(/[,;()]|\s[\u2013\u2014\u00b7\u2022-]\s|\s::\s|\s(?:but|however|whereas|although|though|while|and|that|which|who|because|so|since|when)\s/)[0]!.split(SENTENCE_END)[0]!;
  // The clause as read: the aside skipped above stays blank.
  const upTo = (from: number) => text.slice(from, o.end) + tail;
  const clause = upTo(Math.max(0, start - 1));
  if (about.every((g) => occurrences(reader, clause, g).length > 0)) return true;
  // A value that opens its clause as a label is about what the label heads: "Wed 28 - drop them
  // back about 10 please".
  const headed = LABEL_AFTER.exec(text.slice(o.end));
  if (headed && text.slice(clause0, o.start).trim() === "") {
    const rest = text.slice(o.end + headed[0].length).split(/[,;.!?]|\s[–—-]\s/)[0]!;
    if (about.every((g) => occurrences(reader, rest, g).length > 0)) return true;
  }
  // An item that opens with a short label ("- **Meloxicam:** 2.1 mL with food. His next dose is due
  // tonight") is about what the label names, in each of its sentences (a later sentence is read
  // under the first: its context's last part).
  const ownLabel = s.kind === "item" ? ITEM_OPENING_LABEL.exec(s.text) : null;
  const itemLabel = ownLabel && valueAt >= ownLabel[0].length ? ownLabel
    : s.kind === "item" && !ownLabel ? ITEM_OPENING_LABEL.exec(s.context.split(" :: ").pop()!) : null;
  // The label lends a subject to a clause that names the rest: "his next dose is due" under
  // "Meloxicam:", not "this matches the quote (... the £75 call-out)" under "Amount due:".
  if (itemLabel && about.length > 1 && about.some((g) => occurrences(reader, clause, g).length > 0)
    && about.every((g) => occurrences(reader, itemLabel[1]!, g).length > 0 || occurrences(reader, clause, g).length > 0)) return true;
  // "Meera's coming too but hasn't been down for anything": a "but" clause with no subject of its
  // own goes on with the subject of the clause before it.
  // So does an "and" clause that opens with an auxiliary: "the pool is post-money and is created on
  // top of the pre-money".
  const own = clauseBefore(text, o.start);
  let ownStart = own ? text.lastIndexOf(own, o.start) : o.start;
  const andAux = and >= 0 && SUBJECTLESS_AND.test(text.slice(clause0 + and + 5, o.start));
  if (andAux) ownStart = clause0 + and + 1;
  if (andAux || SUBJECTLESS_BUT.test(text.slice(ownStart))) {
    // The subject only: the words of the clause before, up to its first verb ("Ms Park confirmed
    // the recital but is away on Tue" says nothing of the recital's day).
    const before = andAux ? text.slice(clause0, ownStart - 1) : clauseBefore(text, Math.max(0, ownStart - 1));
    const verb = (nlp(before).verbs().json({ offset: true }) as { offset?: { start: number } }[])[0]?.offset?.start ?? before.length;
    const subject = before.slice(0, verb);
    if (about.every((g) => occurrences(reader, subject, g).length > 0 || occurrences(reader, upTo(ownStart), g).length > 0)) return true;
  }
  // The end of a list of names is no clause: in "the session with you, Julia and Grace next
  // Wednesday" the value belongs to the clause the list began in.
  const listTail = LIST_TAIL.exec(text.slice(0, o.start));
  if (listTail) {
    const listStart = Math.max(0, listTail.index - clauseBefore(text, listTail.index).length - 1);
    if (about.every((g) => occurrences(reader, upTo(listStart), g).length > 0)) return true;
  }
  // A name listed after a colon answers the clause before it: "Two of your contacts have two
  // numbers: Julia Brandt and Carmen Ruiz".
  // A list of a few names: the colon stands within the last 120 characters.
  const from = Math.max(0, o.start - 120);
  const colonList = text.lastIndexOf(":", o.start) >= from ? COLON_LIST.exec(text.slice(from, o.start)) : null;
  if (colonList) {
    const lead = clauseBefore(text, from + colonList.index);
    if (about.every((g) => occurrences(reader, lead, g).length > 0)) return true;
  }
  // An apposition: "the full partner meeting, Tue 27 Oct at 2 PM": a value that opens the clause
  // after a comma describes what the clause before it named ("..., so this Tuesday is free" and
  // "yours X, Michiko's Y" are clauses and list items of their own).
  // A place's preposition may come with an adverb: "Mission Sports PT, over at 18th & Dolores".
  // A date between is part of the apposition: "tonight's dinner, Thursday 19 November, 19:00-21:00"
  // (at most two such clauses back).
  let comma = APPOSITION.exec(text.slice(0, o.start));
  for (let k = 0; k < 3 && comma; k++) {
    const named = clauseBefore(text, comma.index);
    if (about.every((g) => occurrences(reader, named, g).length > 0)) return true;
    comma = DATE_ONLY.test(named) ? APPOSITION.exec(text.slice(0, comma.index - named.length).trimEnd()) : null;
  }
  // A predicate after an apposition: in "your check-up with Dr Ahmed tomorrow, Wednesday 4 November
  // at 4:10pm, is cancelled" the value opens its clause with a verb, and belongs to the subject
  // before the commas (at most two clauses back).
  if (/^\s*$/.test(text.slice(clause0, o.start)) && PREDICATE_OPENING.test(text.slice(o.start))) {
    let at = text.slice(0, clause0).search(/,\s*$/);
    for (let k = 0; k < 2 && at > 0; k++) {
      const previous = clauseBefore(text, at);
      if (about.every((g) => occurrences(reader, previous, g).length > 0)) return true;
      at = text.slice(0, at - previous.length).search(/,\s*$/);
    }
  }
  // "It's this Tuesday (6 October) at Helen's": a sentence whose subject is "it" or "that" is about what
  // the sentence before named, up to its first clause break ("Her schedule is..." names its own).
  const offset = text.length - s.text.length;
  const opening = text.slice(offset, o.start);
  return s.kind === "sentence" && s.context !== "" && SUBJECT_PRONOUN.test(s.text) && !/[,;:]|\s(?:and|but|while|whereas|because)\s/.test(opening.replace(/\([^)]*$/, ""))
    && about.every((g) => occurrences(reader, clause, g).length > 0 || occurrences(reader, s.context, g).length > 0);
}

// (A weekday's day of the month may stand between: "Wed 28 - ...".)
const LABEL_AFTER = /^(?:\s+\d{1,2}(?:st|nd|rd|th)?\b)?\s*(?:[:\u2013\u2014]|\s-)\s*/;
// A column that names a row's record: "From: Hamish Reid (MCVRC)" beside "When" and "Status".
const KEY_COLUMN = /^(?:from|who|caller|sender|person|name|contact|event|what|item|with)\s*:/;
const DATE_WORD = String.raw`(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|\d{1,2}(?:st|nd|rd|th)?|of|today|tonight|tomorrow`;
const APPOSITION = new RegExp(String.raw`,\s*(?:(?:on|at|in|near|over|round|around|down|up|out|just|the|next|this|coming|${DATE_WORD})\s+)*$`);
const DATE_ONLY = new RegExp(String.raw`^(?:(?:on|the|next|this|coming|${DATE_WORD})\s*)+$`);

/** The end of a range ("4.10–4.30pm", "7 to 9pm") is when something ends, not the time it is at. */
export const rangeEnd = (text: string, o: Occurrence) => /\d(?:\s*(?:am|pm|a\.m\.|p\.m\.))?\s*(?:[\u2013\u2014-]|to|until|till)\s*$/.test(text.slice(Math.max(0, o.start - 16), o.start));

/** A phone number named as where a message or call came from ("the text came from +81 50 ...")
 *  is a true fact of that message, not the number the task is about. */
function sourceNumber(text: string, o: Occurrence, d: Distractor): boolean {
  if (!d.value.alternatives.some((a) => a.value?.type === "phone")) return false;
  return /\b(from|by|sender|sent from|came from|called from|texted from)\W*(?:\S+\W+){0,4}$/.test(text.slice(Math.max(0, o.start - 60), o.start));
}

// A row labelled as past, as what a record says, or as what the user said: "Original", "Before",
// "What your calendar says now", "Your request".
// A status cell says so anywhere in the row: "recheck: sat 7 nov, 11:00; status: cancelled - moved".
// "Before you go: no breakfast" is an instruction, not a past row.
const OLD_ROW = /^(?:[^;:]*:\s*)?(?:original|originally|old|before(?!\s+(?:you|your|leaving|heading|going|then|that))|previous|previously|was|earlier|cancelled|canceled|superseded|replaced|your request|you asked|you said|you wrote|you remembered|you thought|what you (?:asked|said|wrote|remembered|thought))\b[^;]*(?:;|$)|;\s*[^;:]*:\s*(?:cancelled|canceled|called off|superseded|replaced|no longer|outdated)\b|^(?:[^;:]*:\s*)?[^;]*\b(?:calendar|entry|record) (?:says|shows|had|has|lists)\b[^;]*(?:;|$)/;

/** An item under a question ("Which should I send?" / "1. Tuesday at 10" / "2. Wednesday at 10") is
 *  an option offered, not a claim. */
const optionOfQuestion = (s: Statement) => (s.kind === "item" || s.kind === "row") && isQuestion(s.context.split(" :: ").pop() ?? "");

/** Whether a report's speaker is the distractor's subject: all its groups name the speaker. */
const speakerIs = (reader: Reader, about: readonly Group[]) => (about.length === 0 ? undefined
  : (speaker: string) => about.every((g) => occurrences(reader, speaker, g).length > 0));

/** The day a message was written ("On 20 Oct he wrote ..."), unless the writing is what the
 *  distractor is about ("Kate asked on Wednesday", when the question is when Kate asked). */
function datesAWriting(reader: Reader, text: string, o: Occurrence, d: Distractor): boolean {
  const verb = writingDay(text, o.start, o.end);
  return verb !== null && !d.about.some((g) => occurrences(reader, text, g).some((x) => overlaps(x, verb)));
}

/** Distractors a statement asserts as current; a statement about another subject, a question, a
 *  quote or a code block asserts none. */
export function readDistractors(reader: Reader, statements: readonly Statement[], distractors: readonly Distractor[]): DistractorReading[] {
  // A row whose first cell marks it old ("Original", "Before", "Cancelled") states nothing current.
  const own = statements.filter((s) => !s.question && s.kind !== "section" && s.kind !== "quote" && s.kind !== "code"
    && !(s.kind === "row" && OLD_ROW.test(s.text)) && !optionOfQuestion(s));
  const found: DistractorReading[] = [];
  // The record an item is a field of: the short list of fields it stands in.
  const records = statements.filter((s) => s.kind === "section" && s.text.split("; ").every((part) => RECORD_FIELD.test(part)));
  const recordOf = new Map(own.map((s) => [s, s.kind !== "item" || !RECORD_FIELD.test(s.text) ? undefined
    : records.find((r) => r.context === s.context && r.text.split("; ").includes(s.text))?.text]));
  for (const d of distractors) {
    for (const s of own) {
      const text = bound(s);
      const offset = text.length - s.text.length;
      const right = d.except ? occurrences(reader, text, d.except) : [];
      const count = d.value.alternatives.some((a) => a.value?.type === "number");
      const hit = occurrences(reader, text, d.value).find((o) => o.start >= offset && !right.some((r) => overlaps(r, o)) && !rangeEnd(text, o)
        && !(count && DURATION_AFTER.test(text.slice(o.end))) && aboutInClause(reader, s, text, o, d.about, recordOf.get(s))
        && !wrongValueExcused(text, o.start, o.end, d.wasTrue, reader.ref.time, speakerIs(reader, d.about), d.unsourced) && !sourceNumber(text, o, d)
        && !datesAWriting(reader, text, o, d));
      if (hit) { found.push({ distractor: d.label, statement: s.text, words: text.slice(hit.start, hit.end) }); break; }
    }
  }
  return found;
}
