import { DateTime } from "luxon";
import type { Statement } from "./parse.js";
import type { Reader } from "./judge.js";
import { clockAfter, type Clock } from "./places.js";
import { RANGE_JOIN, type DateValue, type Span, type TimeValue } from "./values.js";

// Times an answer gives on another place's clock, checked against the user's: "it's only about 5 am
// in London" when it is 4 am there, or "16:00 GMT, which is 9:00 am your time" when it is 8:00.
// Such a time is a fact of the world, not of the scenario, and no scenario lists it, so a wrong one
// fails any answer, as a wrong "today" does. Only explicit forms are read: "it's only 5 am in
// London" (the time there now), "it's now 10:30pm, so ..." (the time now on the user's clock),
// and a time on one clock annotating a time on the other (a bracket, "which is", "that's", "=").

export interface WrongClock { said: string; statement: string; expected: string }

// "it's only about 5 am in London", "it's already past 6pm in Tokyo", "it's 4am in London right
// now": a word that puts the time now. "It's 4pm in London" alone may be when an event is, and so
// may "It's still 16:00 GMT in London" (the call has not moved).
const NOW_BEFORE = /\b(?:it's|it is)\s+((?:(?:only|now|currently|already|just|still|nearly|almost|about|around|roughly|approximately|approx\.?|after|past|gone|~)\s+){0,3})$/;
const NOW_WORD = /\b(?:only|now|currently|already|gone|past)\b/;
const NOW_AFTER = /^\s*(?:right now|now|at the moment|currently|just now|as we speak)\b/;
const HEDGED = /\b(?:nearly|almost|about|around|roughly|approximately|approx|after|past|gone)\b|~/;
// What ties a time to the one it converts: "(", "which is", "that's", "i.e.", "=". Not an arrow:
// "16:25 → 08:50 Vancouver time" is a departure and an arrival.
const LINK = /^\s*(?:\(\s*|,?\s*(?:which is|which would be|that's|that is|that'd be|i\.e\.,?|=)\s*)(?:about\s+|around\s+|roughly\s+|~\s*)?$/;
const USER_CLOCK = /^\s*(?:\(\s*)?(?:your time|for you|your end|here|where you are|on your clock)\b/;
// What follows the time now on the user's own clock, which names no place: "so" and what follows
// from it ("It's now 10:30pm, so it has already finished"), or "right now", "here". "It's now 7pm."
// alone may say when a moved event is, as "it's now 7pm, not 7.30" and "it's now 19:30 at
// Ikuta-tei" do.
const OWN_CLOCK_END = /^\s*(?:(?:right\s+now|here|where you are)\b|,?\s*(?:so|which means|meaning)\b)/;

// Someone else's clock named before the time now: "For him it's only about 6:10pm right now",
// "where she is, it's 3am". Which clock is not said, so the time is not checked against the user's.
const OTHER_PERSON_BEFORE = /(?:\b(?:for|to)\s+(?!you\b|me\b|us\b)[\p{L}'-]+|\b(?:his|her|their)\s+(?:time|end|side)|\bwhere\s+(?:he|she|they)\s+(?:is|are|live|lives))\s*,?\s*$/u;

const minutesOf = (t: TimeValue) => t.hour * 60 + t.minute;

/** The minutes between two times of day, the shorter way round the clock; a time without am/pm
 *  may be either half of the day. */
function apart(said: TimeValue, actual: number): number {
  const gaps = (said.meridiemKnown ? [minutesOf(said)] : [minutesOf(said) % 720, (minutesOf(said) % 720) + 720])
    .map((m) => { const d = Math.abs(m - actual) % 1440; return Math.min(d, 1440 - d); });
  return Math.min(...gaps);
}

const show = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The start of a range a time ends ("8:00-8:30 am" → 8:00 am): a bracket after a range annotates
 *  its start. */
function rangeStart(text: string, times: readonly Span<TimeValue>[], i: number): Span<TimeValue> {
  const prev = times[i - 1];
  if (prev && RANGE_JOIN.test(text.slice(prev.end, times[i]!.start))) {
    const end = times[i]!.value;
    return { ...prev, value: prev.value.meridiemKnown ? prev.value : { ...prev.value, meridiemKnown: end.meridiemKnown, hour: end.hour >= 12 && prev.value.hour < 12 && prev.value.hour + 12 <= end.hour ? prev.value.hour + 12 : prev.value.hour } };
  }
  // A bare hour is no time on its own, but starts a range: "8 to 8:30".
  const bare = /\b(\d{1,2})\s*(?:[\u2013\u2014-]|to|until|till)\s*$/.exec(text.slice(Math.max(0, times[i]!.start - 12), times[i]!.start));
  if (bare && Number(bare[1]) <= 12) {
    return { start: times[i]!.start - bare[0].length, end: times[i]!.start, value: { type: "time", hour: Number(bare[1]), minute: 0, meridiemKnown: false } };
  }
  return times[i]!;
}

/** The days a statement's times may fall on: any day around the message (`around`, at midnight),
 *  and any date it names. Across a clock change either offset is then right: a statement may name
 *  a date for another of its times ("start at 15:00 UK (8am for you), or take Tue 3 Nov"), so a
 *  conversion is wrong only when it is wrong on every such day. */
function daysOf(reader: Reader, text: string, now: DateTime, around: readonly DateTime[]): DateTime[] {
  const days = around.map((d) => d.startOf("day"));
  for (const d of reader.values(text, "date") as Span<DateValue>[]) {
    const { year, month, day } = d.value.known;
    if (month !== undefined && day !== undefined) {
      const at = now.set({ year: year ?? now.year, month, day });
      if (at.isValid) days.push(at.startOf("day"));
    }
  }
  return days;
}

/** A time of day on `from`'s clock on `day` (a date on the user's clock), as minutes on `to`'s. */
function convert(minutes: number, day: DateTime, from: string, to: string): number {
  const at = day.setZone(from, { keepLocalTime: true }).set({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
  const there = at.setZone(to);
  return there.hour * 60 + there.minute;
}

/** The first statement that gives a wrong time on another place's clock: the time there now, or
 *  the conversion of a time it gives on the user's clock. `zone` is the user's (IANA). */
export function wrongClock(reader: Reader, statements: readonly Statement[], zone: string): WrongClock | null {
  const now = DateTime.fromISO(reader.ref.time, { setZone: true }).setZone(zone);
  if (!now.isValid) return null;
  const user: Clock = { zone, name: "your clock", length: 0 };
  // The days around the message: a week before to three weeks after. A clock is another place's
  // when it differs from the user's on every one: "6:30am PST" is the user's own clock after their
  // clock change, though not before it.
  // Both are built on first use: most statements give no time, and zone arithmetic costs.
  let days29: DateTime[] | undefined;
  const around = () => (days29 ??= Array.from({ length: 29 }, (_, n) => now.plus({ days: n - 7 })));
  const apartZones = new Map<string, boolean>();
  const elsewhere = (c: Clock) => {
    let e = apartZones.get(c.zone);
    if (e === undefined) apartZones.set(c.zone, (e = around().every((d) => d.setZone(c.zone).offset !== d.offset)));
    return e;
  };
  for (const s of statements) {
    if (s.question || s.kind === "quote" || s.kind === "code" || s.kind === "section") continue;
    const text = s.text;
    const times = reader.values(text, "time") as Span<TimeValue>[];
    if (times.length === 0) continue;
    let days: DateTime[] | undefined;
    const named = times.map((t) => {
      const mine = USER_CLOCK.exec(text.slice(t.end));
      return mine ? { ...user, length: mine[0].length } : clockAfter(text.slice(t.end), now);
    });
    for (let i = 0; i < times.length; i++) {
      const t = times[i]!;
      const clock = named[i];
      // The time there now.
      const from = Math.max(0, t.start - 60);
      const lead = NOW_BEFORE.exec(text.slice(from, t.start));
      // The time now on the user's own clock: "It's now 10:30pm, so it has already finished".
      if (!clock && i === 0 && lead && NOW_WORD.test(lead[1]!) && OWN_CLOCK_END.test(text.slice(t.end))
        && !OTHER_PERSON_BEFORE.test(text.slice(0, from + lead.index))) {
        const actual = now.hour * 60 + now.minute;
        if (apart(t.value, actual) > (HEDGED.test(lead[1]!) ? 45 : 20)) {
          return { said: text.slice(from + lead.index, t.end).trim(), statement: text, expected: `${show(actual)} on your clock` };
        }
      }
      if (clock && elsewhere(clock) && lead && (NOW_WORD.test(lead[1]!) || NOW_AFTER.test(text.slice(t.end + clock.length)))) {
        const there = now.setZone(clock.zone);
        const actual = there.hour * 60 + there.minute;
        if (apart(t.value, actual) > (HEDGED.test(lead[1]!) ? 45 : 20)) {
          return { said: text.slice(from + lead.index, t.end + clock.length).trim(), statement: text, expected: `${show(actual)} in ${clock.name}` };
        }
      }
      // A time annotating the one before it, on the other clock: "16:00 GMT (9:00 your time)".
      if (i === 0) continue;
      const before = named[i - 1] ?? user, after = clock ?? user;
      const link = text.slice(times[i - 1]!.end + (named[i - 1]?.length ?? 0), t.start);
      if (!LINK.test(link) || elsewhere(before) === elsewhere(after)) continue;
      const first = rangeStart(text, times, i - 1);
      const starts = first.value.meridiemKnown ? [minutesOf(first.value)] : [minutesOf(first.value) % 720, (minutesOf(first.value) % 720) + 720];
      const expected = starts.flatMap((m) => (days ??= daysOf(reader, text, now, around())).map((d) => convert(m, d, before.zone, after.zone)));
      if (expected.every((e) => apart(t.value, e) > (/about|around|roughly|~/.test(link) ? 30 : 1))) {
        return { said: text.slice(first.start, t.end + (clock?.length ?? 0)).trim(), statement: text, expected: `${show(convert(starts[0]!, now.startOf("day"), before.zone, after.zone))} ${after.name === user.name ? "on your clock" : `in ${after.name}`} today` };
      }
    }
  }
  return null;
}
