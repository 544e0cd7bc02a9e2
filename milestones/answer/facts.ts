import type { Phrase, PhraseAlternative, TypedValueSpec } from "../spec.js";
import { typedPhrase, type Reference } from "./extract.js";
import { weekdayOf, type Value } from "./values.js";

// The checks of an answer, compiled: every phrase alternative either words ("dentist", "scam") or
// one typed value ("7pm", {"time": "19:00"}, "$40", "Fri 13 Nov"), read relative to when the
// message was written. A typed alternative is matched by value, so "19:00", "7 pm" and "7pm to 9pm"
// all meet "7pm"; it also still matches its own words literally.

export interface Alternative { words: string; value: Value | null }
export interface Group { label: string; alternatives: Alternative[] }
export interface Fact {
  label: string;
  /** What the fact is about: every group must be mentioned where the value is asserted. */
  about: Group[];
  /** The value(s) stated of it; a claim without a subject is all values. */
  values: Group[];
  /** Checked for a contradicting value of the same type (a `facts` entry with a subject). */
  contradiction: boolean;
}
export interface Distractor {
  label: string;
  about: Group[];
  value: Group;
  /** The value held once (a record's earlier version): the past tense describes it truly. */
  wasTrue: boolean;
  /** Nobody in the data says it: a report of it is still asserted. */
  unsourced: boolean;
  /** Values it never matches (the right one, when `value` is any value of a type). */
  except?: Group;
}

/** Straight quotes, NFKC, one space, line breaks kept: an answer before it is lower-cased (the
 *  sentence breaker needs the capitals: "by 17 November. This matches" is two sentences). */
export const tidy = (content: string) => content.replace(/[\u2018\u2019]/g, "'").replace(/[\u201C\u201D]/g, '"').replace(/[\u2010-\u2013]/g, "-")
  .normalize("NFKC").replace(/[^\S\n]+/g, " ").replace(/ *\n[ \t]*/g, "\n").trim();

/** Lower case, straight quotes, NFKC, one space: the form answers are read in. */
export const normalize = (content: string) => tidy(content).toLowerCase().replace(/\n\s*/g, "\n");

const ANY: Record<string, Value> = {
  time: { type: "time", hour: 0, minute: 0, meridiemKnown: true, any: true },
  date: { type: "date", known: {}, implied: { year: 0, month: 0, day: 0 }, any: true },
  amount: { type: "amount", amount: 0, any: true },
  phone: { type: "phone", digits: "", raw: "", any: true },
  count: { type: "number", n: 0, any: true },
  code: { type: "code", code: "", any: true },
};

function typedSpecValue(spec: Exclude<TypedValueSpec, { person: string }>, ref: Reference): { value: Value; words: string } {
  // Its words match nothing: only a value of its type does.
  if ("any" in spec) return { value: ANY[spec.any]!, words: "\u0000" };
  if ("time" in spec) {
    const [h, m] = spec.time.split(":").map(Number);
    return { value: { type: "time", hour: h!, minute: m ?? 0, meridiemKnown: true }, words: spec.time };
  }
  if ("date" in spec) {
    const [y, mo, d] = spec.date.split("-").map(Number);
    return { value: { type: "date", known: { year: y, month: mo, day: d, weekday: weekdayOf(y!, mo!, d!) }, implied: { year: y!, month: mo!, day: d! } }, words: spec.date };
  }
  if ("amount" in spec) return { value: { type: "amount", amount: spec.amount, currency: spec.currency?.toLowerCase() }, words: `${spec.amount}` };
  if ("phone" in spec) {
    const v = typedPhrase(spec.phone, ref);
    return { value: v ?? { type: "phone", digits: spec.phone.replace(/\D/g, ""), raw: spec.phone }, words: spec.phone };
  }
  if ("count" in spec) return { value: { type: "number", n: spec.count }, words: `${spec.count}` };
  return { value: { type: "code", code: spec.code.toLowerCase().replace(/[\s\-./]/g, "") }, words: spec.code.toLowerCase() };
}

function alternative(a: Exclude<PhraseAlternative, { person: string }>, ref: Reference): Alternative {
  if (typeof a !== "string") return typedSpecValue(a, ref);
  const words = normalize(a);
  return { words, value: typedPhrase(words, ref) };
}

// A phrase's auxiliary agrees with one subject; the answer's may have two ("Sarah and Bev haven't
// confirmed" for "hasn't confirmed"). Each form is read as the other number's too.
const NUMBER_PAIRS: readonly (readonly [string, string])[] = [["hasn't", "haven't"], ["has not", "have not"], ["isn't", "aren't"], ["is not", "are not"],
  ["wasn't", "weren't"], ["was not", "were not"], ["doesn't", "don't"], ["does not", "do not"]];
// Each form as a word, with the form it becomes; compiled once: every answer check's phrases are
// read through them each time a trajectory is scored.
const NUMBER_FORMS = NUMBER_PAIRS.flatMap(([one, many]) => [[one, many], [many, one]] as const)
  .map(([from, to]) => ({ form: new RegExp(`(^|\\s)${from}(?=\\s|$)`), to }));
function otherNumber(words: string): string | null {
  for (const { form, to } of NUMBER_FORMS) {
    const at = form.exec(words);
    if (at) return words.slice(0, at.index) + at[1] + to + words.slice(at.index + at[0].length);
  }
  return null;
}

function alternatives(a: Exclude<PhraseAlternative, { person: string }>, ref: Reference): Alternative[] {
  const first = alternative(a, ref);
  const other = first.value === null ? otherNumber(first.words) : null;
  return other === null ? [first] : [first, { words: other, value: null }];
}

const labelOf = (a: PhraseAlternative) => (typeof a === "string" ? a : JSON.stringify(a));

export function compileGroup(p: Phrase, ref: Reference): Group {
  const alts = Array.isArray(p) ? p : [p];
  return {
    label: alts.map(labelOf).join(" | "),
    // A person is named, not typed: their names as the data has them are the words that name them.
    alternatives: alts.flatMap((a) => (typeof a === "object" && "person" in a
      ? (ref.people?.get(a.person) ?? [a.person]).map((name) => ({ words: normalize(name), value: null }))
      : alternatives(a, ref))),
  };
}

/** A claim's groups: those that are all words are its subject, the typed ones its values. A claim
 *  of words only is all values (each must be asserted). */
export function compileClaim(claim: readonly Phrase[], ref: Reference): Fact {
  const groups = claim.map((p) => compileGroup(p, ref));
  const typed = groups.filter((g) => g.alternatives.some((a) => a.value !== null));
  const words = groups.filter((g) => !typed.includes(g));
  const about = typed.length > 0 ? words : [];
  return { label: groups.map((g) => g.label).join(" + "), about, values: typed.length > 0 ? typed : groups, contradiction: false };
}

export function compileFact(f: { about?: readonly Phrase[]; value: Phrase }, ref: Reference): Fact {
  const about = (f.about ?? []).map((p) => compileGroup(p, ref));
  const value = compileGroup(f.value, ref);
  return {
    label: [...about.map((g) => g.label), value.label].join(" + "), about, values: [value],
    contradiction: about.length > 0 && value.alternatives.some((a) => a.value !== null),
  };
}

export function compileDistractor(d: Phrase | { about?: readonly Phrase[]; value: Phrase; was_true?: boolean; unsourced?: boolean; except?: Phrase }, ref: Reference): Distractor {
  if (typeof d === "string" || Array.isArray(d) || !("value" in d)) {
    const value = compileGroup(d as Phrase, ref);
    return { label: value.label, about: [], value, wasTrue: false, unsourced: false };
  }
  const obj = d as { about?: readonly Phrase[]; value: Phrase; was_true?: boolean; unsourced?: boolean; except?: Phrase };
  const about = (obj.about ?? []).map((p) => compileGroup(p, ref));
  const value = compileGroup(obj.value, ref);
  const except = obj.except === undefined ? undefined : compileGroup(obj.except, ref);
  return { label: [...about.map((g) => g.label), value.label].join(" + ") + (except ? ` except ${except.label}` : ""), about, value, wasTrue: obj.was_true ?? false, unsourced: obj.unsourced ?? false, ...(except ? { except } : {}) };
}
