import { DateTime } from "luxon";
import type { ProtagonistFile } from "./protagonist-format.js";
import type { ScenarioFile } from "./scenario-format.js";
import { extract, typedPhrase, type Reference } from "../milestones/answer/extract.js";
import { sameValue, showValue, type Value, type ValueType } from "../milestones/answer/values.js";
import { protagonistRegion } from "../db/phone.js";

// A success condition that names a time, a date or an amount ("texts Bev the 19:30 start", "says
// $2,640 at the vet") is a fact the scenario's author meant to be checked. One that no milestone
// or minefield names (as a typed value, or words that read as one) is checked by nothing: a wrong
// answer or a wrong text with another value would pass. Validate refuses them (episode/verify.ts).

const TYPES: readonly ValueType[] = ["time", "date", "amount"];
const ISO_STAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

export interface UncheckedValue { condition: string; value: string; words: string }

/** Every typed value a scoring spec names, in strings (claims, phrases, comparisons, the strings of
 *  typed objects such as {"time": "19:30"}) or as amounts. */
function checkedValues(spec: unknown, ref: Reference): Value[] {
  const out: Value[] = [];
  const walk = (x: unknown): void => {
    if (typeof x === "string") {
      // A timestamp ("2026-11-18T10:15:00", "...T13:05-08:00") names its wall-clock date and time,
      // as written; its seconds and offset are no time of their own.
      const stamp = ISO_STAMP.exec(x);
      if (stamp) {
        const [, y, mo, d, h, mi] = stamp.map(Number);
        out.push({ type: "date", known: { year: y!, month: mo!, day: d! }, implied: { year: y!, month: mo!, day: d! } });
        out.push({ type: "time", hour: h!, minute: mi!, meridiemKnown: true });
        return;
      }
      const text = x.toLowerCase();
      for (const type of TYPES) for (const span of extract(text, type, ref)) out.push(span.value);
      const whole = typedPhrase(x, ref);
      if (whole) out.push(whole);
    } else if (Array.isArray(x)) {
      x.forEach(walk);
    } else if (x !== null && typeof x === "object") {
      // {"time": "19:30"} and {"date": ...} are read through their strings; an amount is a number.
      const o = x as Record<string, unknown>;
      if (typeof o.amount === "number") out.push({ type: "amount", amount: o.amount, currency: typeof o.currency === "string" ? o.currency.toLowerCase() : undefined } as Value);
      Object.values(o).forEach(walk);
    }
  };
  walk(spec);
  return out;
}

/** The times, dates and amounts the success conditions name that no milestone or minefield names. */
export function uncheckedConditionValues(file: ScenarioFile, protagonist: ProtagonistFile): UncheckedValue[] {
  const now = DateTime.fromISO(file.reference_time, { zone: protagonist.timezone });
  if (!now.isValid) return [];
  const ref: Reference = { time: now.toISO()!, region: protagonistRegion(protagonist) };
  const checked = checkedValues([file.milestones, file.minefields ?? null], ref);
  const out: UncheckedValue[] = [];
  for (const condition of file.success_conditions ?? []) {
    // "(optional)" marks what a correct answer may leave out.
    if (/\boptional(?:ly)?\b|\bif (?:counted|asked|relevant)\b/i.test(condition)) continue;
    const text = condition.toLowerCase();
    for (const type of TYPES) {
      for (const span of extract(text, type, ref)) {
        if (checked.some((c) => c.type === span.value.type && sameValue(c, span.value))) continue;
        out.push({ condition, value: showValue(span.value), words: condition.slice(span.start, span.end) });
      }
    }
  }
  return out;
}
