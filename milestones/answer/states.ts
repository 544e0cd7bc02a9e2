import type { TypedValueSpec } from "../spec.js";
import type { Region } from "../../db/phone.js";
import { compileDistractor, compileGroup, normalize, tidy } from "./facts.js";
import { Reader, notCodes, overlaps, rangeEnd, readDistractors } from "./judge.js";
import { statements } from "./parse.js";
import { statedAt, wrongValueExcused } from "./stance.js";
import { sameValue } from "./values.js";

// A written text that is not an answer (a message the agent sent, an event's notes) read for the
// typed values it states, as an answer is read: "pick up the garlic on Sunday" states Sunday 18
// Oct when written on Wed 14 Oct; "Sunday 25th" states the 25th.

interface Context { zone: string; region?: string; now?: string; people?: ReadonlyMap<string, readonly string[]> }

/** The share of `expected` the text asserts; 0 when `only` and it asserts another value of their
 *  types as current. */
export function textStates(text: string, expected: readonly TypedValueSpec[], only: boolean, ctx: Context, about?: readonly string[], except?: readonly TypedValueSpec[]): number {
  if (expected.length === 0) return 1;
  const ref = { time: ctx.now ?? new Date(0).toISOString(), region: ctx.region as Region | undefined, people: ctx.people };
  const reader = new Reader(ref);
  // With a subject, the text is read as an answer is for a distractor: one of the values asserted
  // in a clause that names the subject. A sent message's request still states what it says
  // ("Chidi's revision is Thu 10-12, can you drop him?").
  if (about) {
    const d = compileDistractor({ about: [[...about]], value: [...expected], ...(except?.length ? { except: [...except] } : {}) }, ref);
    return readDistractors(reader, statements(tidy(text)).map((st) => ({ ...st, question: false })), [d]).length > 0 ? 1 : 0;
  }
  const read = normalize(text);
  // A person has no typed reading: "states" compares typed values only.
  const wanted = expected.flatMap((e) => compileGroup(e, ref).alternatives[0]?.value ?? []);
  const never = (except ?? []).flatMap((e) => compileGroup(e, ref).alternatives[0]?.value ?? []);
  let stated = 0;
  for (const want of wanted) {
    const spans = reader.values(read, want.type);
    // A span over an excepted value is that value ("Use 4417" is 4417).
    const skip = [...spans.filter((s) => never.some((n) => sameValue(n, s.value))), ...notCodes(reader, read, want)];
    // The end of a range ("1.30-3.30") is when something ends, not the time it is at.
    if (spans.some((s) => sameValue(want, s.value) && !skip.some((k) => overlaps(k, s))
      && statedAt(read, s.start, s.end) && !rangeEnd(read, s))) stated++;
  }
  if (only) {
    for (const type of new Set(wanted.map((w) => w.type))) {
      const other = reader.values(read, type).some((s) => !wanted.some((w) => sameValue(w, s.value)) && !rangeEnd(read, s) && !wrongValueExcused(read, s.start, s.end, false, ref.time));
      if (other) return 0;
    }
  }
  return stated / wanted.length;
}
