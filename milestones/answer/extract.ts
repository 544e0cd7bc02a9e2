import * as chrono from "chrono-node";
import { canonicalPhone, type Region } from "../../db/phone.js";
import type { AmountValue, CodeValue, DateValue, NumberValue, PhoneValue, Span, TimeValue, Value, ValueType } from "./values.js";
import { weekdayOf } from "./values.js";
import { pastClause } from "./stance.js";

// Extractors, one per type, each proposing values with the span they came from (chrono-node's
// shape: parsers propose, the caller keeps the source text). Dates come from chrono-node, relative
// to when the message was written in the protagonist's zone ("tomorrow", "Tue 10 Nov", "the
// 12th"); times, amounts, phone numbers and codes from patterns of their own, because a span per
// value matters more than a parse per phrase: "moved from 7pm to 8pm" is two times, the first
// one old. Texts are normalized (lower case).

export interface Reference {
  /** When the message was written: ISO 8601 with offset. */
  time: string;
  region?: Region;
  /** The names of the data's people by contact id, for `{"person": id}` checks. */
  people?: ReadonlyMap<string, readonly string[]>;
}

// ---- times --------------------------------------------------------------------------------------

const WORD_HOURS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
};
const HOUR_WORD = `(${Object.keys(WORD_HOURS).join("|")}|\\d{1,2})`;
const MERIDIEM = "(a\\.?m\\.?|p\\.?m\\.?)(?![a-z])";

function hour24(h: number, meridiem: string | undefined): { hour: number; known: boolean } {
  if (!meridiem) return { hour: h, known: h === 0 || h > 12 };
  const pm = meridiem.startsWith("p");
  return { hour: (h % 12) + (pm ? 12 : 0), known: true };
}

const toHour = (s: string) => WORD_HOURS[s] ?? Number(s);
const MINUTE_WORDS: Record<string, number> = { five: 5, ten: 10, twenty: 20, "twenty-five": 25 };
const ES_HOURS: Record<string, number> = {
  una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, once: 11, doce: 12,
};

interface TimePattern { re: RegExp; read(m: RegExpMatchArray): { hour: number; minute: number; meridiem?: string; known?: boolean } | null }

const TIME_PATTERNS: TimePattern[] = [
  // 7:30, 19:30, 7.30pm, 7h30, 7:30 p.m.; a "." needs a round minute ("room 2.14" is no time).
  // A time may end a label ("today at 11:00:"); "8.41 in the evening" names its half of the day.
  { re: new RegExp(`(?<![\\d.,:])(\\d{1,2})([:.h])([0-5]\\d)(?!\\d|:\\d)(?:\\s*${MERIDIEM})?`, "g"),
    read: (m) => (m[2] === "." && !m[4] && Number(m[3]) % 5 !== 0 && !dayPartAfter(m) && !timeWordBefore(m)) || Number(m[1]) > 24 ? null
      // "08:00" is a 24-hour clock: the morning.
      : { hour: Number(m[1]), minute: Number(m[3]), meridiem: m[4], ...(!m[4] && /^0\d$/.test(m[1]!) ? { known: true } : {}) } },
  // 7pm, 7 pm, seven pm
  { re: new RegExp(`(?<![\\d.,:])\\b${HOUR_WORD}\\s*${MERIDIEM}`, "g"), read: (m) => ({ hour: toHour(m[1]!), minute: 0, meridiem: m[2] }) },
  // 7 o'clock
  { re: new RegExp(`\\b${HOUR_WORD}\\s*o'?\\s?clock\\b`, "g"), read: (m) => ({ hour: toHour(m[1]!), minute: 0 }) },
  // half past seven, half seven (British), quarter past/to eight
  { re: new RegExp(`\\bhalf(?: past)? ${HOUR_WORD}\\b(?:\\s*${MERIDIEM})?`, "g"), read: (m) => ({ hour: toHour(m[1]!), minute: 30, meridiem: m[2] }) },
  { re: new RegExp(`\\bquarter past ${HOUR_WORD}\\b`, "g"), read: (m) => ({ hour: toHour(m[1]!), minute: 15 }) },
  { re: new RegExp(`\\bquarter to ${HOUR_WORD}\\b`, "g"), read: (m) => ({ hour: (toHour(m[1]!) + 11) % 12 || 12, minute: 45 }) },
  // ten past four, twenty to 5
  { re: new RegExp(`\\b(five|ten|twenty|twenty-five|\\d{1,2})\\s+(past|to)\\s+${HOUR_WORD}\\b(?:\\s*${MERIDIEM})?`, "g"),
    read: (m) => {
      const minutes = MINUTE_WORDS[m[1]!] ?? Number(m[1]);
      // "9 to 5", "10 to 4" are hours from and to; in digits only "past" counts minutes.
      if (minutes < 1 || minutes > 30 || (m[2] === "to" && !(m[1]! in MINUTE_WORDS))) return null;
      const hour = toHour(m[3]!);
      return m[2] === "past" ? { hour, minute: minutes, meridiem: m[4] } : { hour: (hour + 11) % 12 || 12, minute: 60 - minutes, meridiem: m[4] };
    } },
  // Spanish: "a las cinco y media", "a las 9 y 40", "a la una menos cuarto"
  { re: new RegExp(`\\ba las? (${Object.keys(ES_HOURS).join("|")}|\\d{1,2})(?:\\s+y\\s+(media|cuarto|\\d{1,2})|\\s+menos\\s+(cuarto|\\d{1,2}))?(?![\\d:.h])`, "g"),
    read: (m) => {
      const hour = ES_HOURS[m[1]!] ?? Number(m[1]);
      if (hour > 24) return null;
      const plus = m[2] === "media" ? 30 : m[2] === "cuarto" ? 15 : m[2] ? Number(m[2]) : 0;
      const minus = m[3] === "cuarto" ? 15 : m[3] ? Number(m[3]) : 0;
      if (plus > 59 || minus > 59) return null;
      return minus ? { hour: (hour + 23) % 24 || (hour === 1 ? 12 : 0), minute: 60 - minus } : { hour, minute: plus };
    } },
  // Japanese: 14時, 14時30分, 午後3時, 3時半
  { re: /(午前|午後)?\s*(\d{1,2})\s*時(?:\s*(\d{1,2})\s*分|(半))?/g,
    read: (m) => {
      const h = Number(m[2]);
      if (h > 24) return null;
      const hour = m[1] === "午後" && h < 12 ? h + 12 : m[1] === "午前" && h === 12 ? 0 : h;
      return { hour, minute: m[4] ? 30 : m[3] ? Number(m[3]) : 0, known: m[1] !== undefined || h === 0 || h > 12 };
    } },
  // "17h", "a las 17 h": a 24-hour clock hour (a small number before "h" is a duration: "2h").
  { re: /(?<![\d.,:])\b(1[3-9]|2[0-3])\s?h\b(?!\d)/g, read: (m) => ({ hour: Number(m[1]), minute: 0 }) },
  // "8 in the morning", "9 at night": a bare hour with the half of the day after it.
  { re: /(?<![\d.,:/£$€-])\b(\d{1,2})(?=\s+(?:in the morning|in the evening|in the afternoon|at night|tonight|this morning|this evening)\b)/g,
    read: (m) => (Number(m[1]) <= 12 ? { hour: Number(m[1]), minute: 0 } : null) },
  // "at ten", "until nine": an hour in words where only a time can stand.
  { re: new RegExp(`\\b(?:at|from|by|until|till|around|about|after|before|since)\\s+${HOUR_WORD.replace("|\\d{1,2}", "")}\\b(?![-'])(?!\\s+(?:point|of|time|times|stage|another|more|or|and|go|days?|weeks?|months?|years?|minutes?|mins?|hours?|hrs?|people|persons?|guests?|kids?|children|each|sides?|ends?|least|once|last|percent|per|things?|items?|tickets?|copies|pills?|doses?|tablets?|nights?|of)\\b)`, "g"),
    read: (m) => ({ hour: toHour(m[1]!), minute: 0 }) },
  { re: /\b(noon|midday)\b/g, read: () => ({ hour: 12, minute: 0, known: true }) },
  { re: /\bmidnight\b/g, read: () => ({ hour: 0, minute: 0, known: true }) },
  // "at 8", "from 8 to 10", "by 9", "8-12" / "8–12": a bare hour where only a time can stand.
  // A sentence's comma or full stop may follow ("finals are at 5, Bloque Sur"); "a las 5" is Spanish.
  { re: /\b(?:at|from|by|until|till|before|after|around|about|since|starts?|ends?|kl\.?|a las|a la)\s+(\d{1,2})(?![\d:%]|[.,]\d|\s*(?:st|nd|rd|th|am|pm|a\.m|p\.m|min|mins|minutes?|secs?|seconds?|h|hours?|hrs?|km|kms|miles?|kg|percent|people|guests|days?|weeks?|months?|years?|yrs?|nov|oct|dec|jan|feb|mar|apr|may|jun|jul|aug|sep)\b)/g,
    read: (m) => (Number(m[1]) <= 24 ? { hour: Number(m[1]), minute: 0 } : null) },
  { re: /(?<![\d.,:/])\b(\d{1,2})\s*[-–—]\s*(?=\d{1,2}(?::\d{2})?\s*(?:a\.?m|p\.?m)|\d{1,2}[:.]\d{2})/g,
    read: (m) => (Number(m[1]) <= 24 ? { hour: Number(m[1]), minute: 0 } : null) },
  // "8-12" alone: a range of hours only where a time range is spoken of ("a delivery window of
  // 8-12", "8-12 tomorrow") or as a whole phrase; a score, an age or a date range is no time.
  { re: /(?<![\d.,:/-])\b(\d{1,2})(?=\s*-\s*(\d{1,2})\b(?![\d:.,/%-]))/g,
    read: (m) => (hourRange(m.input!, m.index!, m[1]!, m[2]!) ? { hour: Number(m[1]), minute: 0 } : null) },
  { re: /(?<=(?<![\d.,:/-])\b(\d{1,2})\s*-\s*)(\d{1,2})\b(?![\d:.,/%-])/g,
    read: (m) => (hourRange(m.input!, m.input!.lastIndexOf(m[1]!, m.index!), m[1]!, m[2]!) ? { hour: Number(m[2]), minute: 0 } : null) },
];

const RANGE_BEFORE = /\b(?:window|between|from|open|opens|hours|slot|delivery|deliver|shift|pickup|pick-up|collection|drop-off|available|arrives?|arriving|comes?|coming)\b[^.;\d]{0,12}$/;
// "Thursday 29 Oct, 8-12", "Thu, 8-12": a date, a comma, then the hours of that day.
const DATE_COMMA_BEFORE = /(?:\b\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?),\s*$/;
const RANGE_AFTER = /^\s*(?:today|tomorrow|tonight|this morning|in the morning|on (?:mon|tue|wed|thu|fri|sat|sun)\w*|(?:mon|tue|wed|thu|fri|sat|sun)\w*)\b/;

/** "8-12" read as hours: both parts are hours, the start before the end (or the end is noon), and
 *  the words around speak of a time, or the text is the range alone. */
function hourRange(text: string, start: number, from: string, to: string): boolean {
  const a = Number(from), b = Number(to);
  if (a > 23 || b > 24 || a === b || (a > b && b !== 12)) return false;
  const range = /^\d{1,2}\s*-\s*\d{1,2}/.exec(text.slice(start));
  if (!range) return false;
  const end = start + range[0].length;
  if (text.trim() === range[0]) return true;
  // "Oct 8-12", "8-12 Nov": days of a month.
  if (/^\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/.test(text.slice(end))) return false;
  const before = text.slice(Math.max(0, start - 40), start);
  return RANGE_BEFORE.test(before) || DATE_COMMA_BEFORE.test(before) || RANGE_AFTER.test(text.slice(end));
}

// Words next to a bare hour that say which half of the day it is: "8:00 tonight", "7.30 in the morning",
// "tomorrow (Monday) morning at 8".
const WEEKDAY_PART = "(?:on\\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\s+";
const EVENING = new RegExp(`^\\s*(?:tonight|this evening|in the evening|in the afternoon|this afternoon|at night|tomorrow evening|tomorrow night|tomorrow afternoon|${WEEKDAY_PART}(?:evening|night|afternoon)|de la (?:tarde|noche)|por la (?:tarde|noche)|på (?:kvällen|eftermiddagen)|i kväll|ikväll)(?![a-zåäö])|\\b(?:tonight|evening|afternoon)(?:'s)?\\s+(?:at\\s+)?$`);
const MORNING = new RegExp(`^\\s*(?:this morning|in the morning|tomorrow morning|${WEEKDAY_PART}morning|de la mañana|por la mañana|på (?:morgonen|förmiddagen))(?![a-zåäö])|\\bmorning(?:'s)?\\s+(?:at\\s+)?$`);

// "leaves at 3.01", "from 9.12": a word before that only a time follows.
const timeWordBefore = (m: RegExpMatchArray) => /\b(?:at|from|until|till|by|around|before|after|departs?|leaves?|arrives?|lands?)\s+$/.test(m.input!.slice(Math.max(0, m.index! - 10), m.index!));

const dayPartAfter = (m: RegExpMatchArray) => {
  if (/\b(?:room|rm|level|floor|gate|platform|building|block|unit|version|section|no)\.?\s*$/.test(m.input!.slice(Math.max(0, m.index! - 12), m.index!))) return false;
  const after = m.input!.slice(m.index! + m[0].length, m.index! + m[0].length + 24);
  return EVENING.test(after) || MORNING.test(after);
};

/** A bare hour is read as the half of the day the words around it name. */
function dayPart(text: string, span: Span<TimeValue>): Span<TimeValue> {
  const v = span.value;
  if (v.meridiemKnown || v.hour > 12) return span;
  const after = text.slice(span.end, span.end + 24), before = text.slice(Math.max(0, span.start - 24), span.start);
  const pm = EVENING.test(after) || EVENING.test(before), am = MORNING.test(after) || MORNING.test(before);
  if (pm === am) return span;
  return { ...span, value: { ...v, hour: pm ? (v.hour % 12) + 12 : v.hour % 12, meridiemKnown: true } };
}

export function extractTimes(text: string): Span<TimeValue>[] {
  return rangeStarts(text, extractBareTimes(text).map((s) => dayPart(text, s)));
}

const RANGE_JOIN = /^\s*(?:[-\u2013\u2014]|to|until|till|and)\s*$/;

/** The start of a range takes its half of the day from the end: "6-8pm" is 18:00 to 20:00, "9 to
 *  11am" starts at 9am, and "11-1pm" at 11am (a start past the end is in the other half). */
function rangeStarts(text: string, spans: Span<TimeValue>[]): Span<TimeValue>[] {
  return spans.map((s, i) => {
    const end = spans[i + 1];
    const gap = end ? text.slice(s.end, end.start) : "";
    // The dash may be read with the start: "6-" then "8pm".
    const joined = RANGE_JOIN.test(gap) || (gap.trim() === "" && /[-\u2013\u2014]\s*$/.test(text.slice(s.start, s.end)));
    if (s.value.meridiemKnown || s.value.hour > 12 || !end?.value.meridiemKnown || !joined) return s;
    const pm = end.value.hour >= 12;
    const sameHalf = s.value.hour % 12 <= end.value.hour % 12;
    const hour = (s.value.hour % 12) + (pm === sameHalf ? 12 : 0);
    return { ...s, value: { ...s.value, hour, meridiemKnown: true } };
  });
}

function extractBareTimes(text: string): Span<TimeValue>[] {
  const found: Span<TimeValue>[] = [];
  for (const p of TIME_PATTERNS) {
    for (const m of text.matchAll(p.re)) {
      const r = p.read(m);
      if (!r) continue;
      const start = m.index!, end = start + m[0].length;
      if (found.some((f) => f.start < end && start < f.end)) continue;
      const h = r.known !== undefined ? { hour: r.hour, known: r.known } : hour24(r.hour, r.meridiem);
      if (h.hour > 24 || r.minute > 59) continue;
      found.push({ value: { type: "time", hour: h.hour % 24, minute: r.minute, meridiemKnown: h.known }, start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

// ---- dates --------------------------------------------------------------------------------------

const parser = chrono.en.GB.clone();
// "the 12th", "on the 3rd": a day of the month alone, as people answer within the month.
parser.parsers.push({
  pattern: () => /\b(?:the|on)\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/i,
  extract: (_context, match) => ({ day: Number(match[1]) }),
});

// "Thursday 5th": a weekday and a day of the month.
parser.parsers.push({
  pattern: () => /\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/i,
  extract: (_context, match) => ({ day: Number(match[2]), weekday: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].indexOf(match[1]!.toLowerCase()) }),
});

// The people of the data also write Spanish, Swedish and Japanese: chrono-node's parsers for those
// run only where a word of theirs stands ("jueves 12 de noviembre", "på lördag", "明日").
const WEEKDAY_ES = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
const esParser = chrono.es.casual.clone();
// "el sábado 14": a weekday and a day of the month (chrono takes the number for an hour).
esParser.parsers.push({
  pattern: () => new RegExp(`(${WEEKDAY_ES.join("|")}|miercoles|sabado)\\s+(\\d{1,2})\\b(?!\\s*(?:h\\b|:|\\.\\d|de la|hrs?\\b))`, "i"),
  extract: (_context, match) => ({ day: Number(match[2]), weekday: WEEKDAY_ES.indexOf(match[1]!.toLowerCase().replace("miercoles", "miércoles").replace("sabado", "sábado")) }),
});
const svParser = chrono.sv.casual.clone();
svParser.parsers.push({
  pattern: () => /\bi morgon\b/i,
  extract: (context) => {
    const d = new Date(context.refDate.getTime() + 86_400_000);
    return { day: d.getDate(), month: d.getMonth() + 1, year: d.getFullYear() };
  },
});
const LOCALES: { hint: RegExp; parser: chrono.Chrono; skip?: RegExp }[] = [
  { hint: /\b(?:lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|hoy|mañana|pasado|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)\b/,
    parser: esParser,
    // "por la mañana" is the morning, not tomorrow.
    skip: /(?:la|esta|una)\s+$/ },
  { hint: /\b(?:måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag|idag|imorgon|i morgon|igår|januari|februari|mars|maj|juni|juli|augusti|oktober)\b/, parser: svParser },
  { hint: /[月日曜明今昨]/, parser: chrono.ja.casual },
];

/** A result that names a day (not a time alone): only these keep a locale's reading off their span. */
const dated = (r: chrono.ParsedResult) => (["day", "weekday", "month"] as const).some((k) => r.start.isCertain(k));

function offsetMinutes(iso: string): number {
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

// What any date chrono reads must contain; most statements have none, and parsing costs.
const DATE_HINT = /\d|\b(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|today|tonight|tomorrow|yesterday|week|weekend|next|last|this|noon|midnight|lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|hoy|mañana|måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag|idag|imorgon|morgon|igår)|[月日曜明今昨]/;

const DAY_MONTH_COMMA = /(\b\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?),(?=\s*\d)/g;
// "unit 4/17", "flat 3/12", "#4/17": an address, not a date.
const NOT_A_DATE_BEFORE = /(?:\b(?:unit|apt|apartment|flat|suite|lot|no\.?|number)|#)\s*$/;

const PAST_HINT = /\b(?:was|were|had|did|went|came|got|sent|said|told|rang|saw|left|met|took|gave|made|paid|\w{2,}ed)\b/;

// A text that opens with a day: a weekday, a month, a day of a month, a numeric date or a relative day.
const DAY_FIRST = /^(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\d{1,2}[/.]\d{1,2}\b|(?:today|tomorrow|tonight)\b)/;

type DateReading = Pick<chrono.ParsedResult, "index" | "text" | "start">;

/** "from Wed 4 Nov 16:10 to Thursday 5th November" is two dates, each with its own span: chrono
 *  reads it as one range, and the end is a date a reader takes as stated too ("moved to Thursday"). */
function splitRange(r: chrono.ParsedResult): DateReading[] {
  if (!r.end || !(["day", "weekday"] as const).some((k) => r.end!.isCertain(k))) return [r];
  const separators = [...r.text.matchAll(/\s*(?:-|–|—|\bto\b|\buntil\b|\btill\b|\bthrough\b)\s*/g)];
  const last = separators.at(-1);
  if (!last || last.index === 0) return [r];
  const cut = last.index! + last[0].length;
  // "from 9 to 5 tomorrow" is a range of hours on one day: its end is a time. An end that opens
  // with its own day is a second date ("from 10am to Thursday 29 Oct 3:30pm", "Thu 10/29 10am to
  // Thu 10/29 at 3:30pm").
  if (r.end.isCertain("hour") && !DAY_FIRST.test(r.text.slice(cut))) return [r];
  return [{ index: r.index, text: r.text.slice(0, last.index), start: r.start }, { index: r.index + cut, text: r.text.slice(cut), start: r.end }];
}

const THAT_WEEK = /^[^.;:!?]*?\b(?:that|the same|that same) week\b/;

/** The day `days` after the date of `iso`, as an ISO date. */
function shiftDays(iso: string, days: number): string {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** The date of `weekday` (1 = Monday) on or after (direction 1) or on or before (-1) the day of `iso`. */
function nearestWeekday(iso: string, weekday: number, direction: 1 | -1): { year: number; month: number; day: number } {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  const day = new Date(Date.UTC(y!, m! - 1, d!));
  const today = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + (direction === 1 ? (weekday - today + 7) % 7 : -((today - weekday + 7) % 7)));
  return { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
}

/** A weekday alone after a date written a week or more ahead is read in that date's frame, not
 *  this week's: "Mon 2 Nov: back to school, I'm on long days Mon-Wed" is 2 to 4 November ("that
 *  week" is the week of the date written before it). Undefined when no such date frames it. */
function inDateFrame(text: string, dates: readonly Span<DateValue>[], w: Span<DateValue>, weekday: number, nextWeek: string): { year: number; month: number; day: number } | undefined {
  const anchor = dates.filter((d) => d.end <= w.start && d.value.known.day !== undefined && /\d/.test(text.slice(d.start, d.end))).at(-1);
  // Only within a line's sentence: "expires Friday, November 6 at 5pm. Thursday was a great meeting".
  if (!anchor || /[.!?](?:\s|$)|\n/.test(text.slice(anchor.end, w.start))) return undefined;
  const a = anchor.value.implied;
  const iso = `${a.year}-${String(a.month).padStart(2, "0")}-${String(a.day).padStart(2, "0")}`;
  if (THAT_WEEK.test(text.slice(w.end, w.end + 24))) return nearestWeekday(shiftDays(iso, 1 - weekdayOf(a.year, a.month, a.day)), weekday, 1);
  return iso >= nextWeek ? nearestWeekday(iso, weekday, 1) : undefined;
}

const OFFSET_FROM = /\b((?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+(?:days?|weeks?))\s+from\s+(today|tomorrow|tonight|now)\b/g;

export function extractDates(text: string, ref: Reference): Span<DateValue>[] {
  if (!DATE_HINT.test(text)) return [];
  const instant = new Date(ref.time);
  if (Number.isNaN(instant.getTime())) return [];
  const options = { instant, timezone: offsetMinutes(ref.time) };
  // "29 Oct, 8-12": chrono would read "Oct, 8-12" as the 8th to the 12th of October, over the
  // date that was written; the comma after a day and month ends that date (same length, same spans).
  const english = text.replace(DAY_MONTH_COMMA, "$1;");
  // Only a bare number follows them: "a call from an unknown number on 27 Oct" has its date.
  const results = parser.parse(english, options).filter((r) => !(/^\d/.test(r.text) && NOT_A_DATE_BEFORE.test(text.slice(Math.max(0, r.index - 12), r.index)))).flatMap((r) => {
    // chrono reads "evening tomorrow" ("parents' evening tomorrow") as this evening: the day word
    // alone is the date.
    const day = /\b(?:today|tomorrow|yesterday|tonight)\b/.exec(r.text);
    if (!day || r.start.isCertain("day")) return [r];
    // "tomorrow, Wednesday 21 October": a date written out beside the day word is a date of its
    // own, which chrono's one reading of the whole would drop.
    const after = day.index + day[0].length;
    const beside = parser.parse(r.text.slice(after), options).filter((d) => d.start.isCertain("day")).map((d) => Object.assign(d, { index: r.index + after + d.index }));
    return [...parser.parse(day[0], options).map((d) => Object.assign(d, { index: r.index + day.index, text: day[0] })), ...beside];
  });
  // "one week from today", "two days from now": chrono reads only "today" (or nothing); the date is
  // the offset one, as chrono reads "one week after today" and "in two days".
  for (const m of english.matchAll(OFFSET_FROM)) {
    const phrase = m[2] === "now" ? `in ${m[1]}` : `${m[1]} after ${m[2]}`;
    const offset = parser.parse(phrase, options)[0];
    if (!offset) continue;
    const end = m.index + m[0].length;
    for (let i = results.length - 1; i >= 0; i--) if (results[i]!.index < end && m.index < results[i]!.index + results[i]!.text.length) results.splice(i, 1);
    results.push(Object.assign(offset, { index: m.index, text: m[0] }));
  }
  for (const locale of LOCALES) {
    if (!locale.hint.test(text)) continue;
    for (const r of locale.parser.parse(text, options)) {
      if (locale.skip?.test(text.slice(Math.max(0, r.index - 8), r.index))) continue;
      if (results.some((e) => dated(e) && e.index < r.index + r.text.length && r.index < e.index + e.text.length)) continue;
      results.push(r);
    }
  }
  const out: Span<DateValue>[] = [];
  for (const r of results.flatMap(splitRange).sort((a, b) => a.index - b.index)) {
    // "now" and "right now" are no date a reader would check.
    if (/^(right )?now$/.test(r.text.trim())) continue;
    const s = r.start;
    const known: DateValue["known"] = {};
    if (s.isCertain("day")) known.day = s.get("day")!;
    if (s.isCertain("month")) known.month = s.get("month")!;
    if (s.isCertain("year")) known.year = s.get("year")!;
    if (s.isCertain("weekday")) known.weekday = s.get("weekday")! === 0 ? 7 : s.get("weekday")!;
    if (Object.keys(known).length === 0) continue; // a time alone
    // "Dec 18", "Nov 11 at 4:15pm" is the 18th of December, not December 2018.
    const shortYear = /\b(\d{1,2})$/.exec(r.text) ?? /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?![\d:.'])/.exec(r.text);
    if (known.year !== undefined && known.day === undefined && shortYear && !r.text.includes("'")) {
      known.day = Number(shortYear[1]);
      delete known.year;
    }
    const implied = { year: known.year ?? s.get("year")!, month: s.get("month")!, day: known.day ?? s.get("day")! };
    // A year nobody wrote is the reference's (chrono may take "nov 11" as 2011 and imply it).
    if (known.year === undefined && Math.abs(implied.year - instant.getUTCFullYear()) > 1) implied.year = instant.getUTCFullYear();
    const lead = /^[^\p{L}\p{N}]*/u.exec(r.text)![0].length;
    // A weekday with a stated date that disagrees ("Fri 12 Nov" when the 12th is a Thursday) keeps both.
    if (known.weekday === undefined && known.day !== undefined && known.month !== undefined) {
      known.weekday = weekdayOf(known.year ?? implied.year, known.month, known.day);
    }
    out.push({ value: { type: "date", known, implied, ...(s.isCertain("hour") ? { withTime: true } : {}) }, start: r.index + lead, end: r.index + r.text.length });
  }
  // A weekday alone is the coming one ("I'll pick it up on Sunday"), or the last one when its clause
  // is in the past tense ("you texted him on Sunday"); chrono takes the nearest of the two.
  const nextWeek = shiftDays(ref.time, 7);
  for (const w of out) {
    const k = w.value.known;
    if (k.day !== undefined || k.weekday === undefined || k.month !== undefined) continue;
    if (/\b(?:last|next|this|coming|past|previous)\b/.test(text.slice(Math.max(0, w.start - 14), w.end))) continue;
    const framed = inDateFrame(text, out, w, k.weekday, nextWeek);
    if (framed) {
      w.value = { ...w.value, implied: framed };
      continue;
    }
    // The tagger runs only where a past form stands near ("texted", "was", "came"): it costs.
    const near = text.slice(Math.max(0, w.start - 60), w.end + 30);
    const past = PAST_HINT.test(near) && pastClause(text, w.start, w.end);
    // Today's own weekday ahead is next week's: on a Friday, "see you Friday" is not today.
    let implied = nearestWeekday(ref.time, k.weekday, past ? -1 : 1);
    if (!past && implied.day === Number(ref.time.slice(8, 10)) && !/\b(?:today|tonight|this)\b/.test(text.slice(Math.max(0, w.start - 30), w.end + 30))) {
      implied = nearestWeekday(shiftDays(ref.time, 1), k.weekday, 1);
    }
    w.value = { ...w.value, implied };
  }
  // "Thursday's rehearsal (7pm, 29 Oct)": a weekday followed closely by a date of that weekday is
  // that date, not the nearest Thursday.
  for (const w of out) {
    if (w.value.known.day !== undefined || w.value.known.weekday === undefined) continue;
    const full = out.find((d) => d.start > w.end && d.start - w.end <= 30 && d.value.known.day !== undefined
      && weekdayOf(d.value.implied.year, d.value.implied.month, d.value.implied.day) === w.value.known.weekday);
    if (full) w.value = { ...w.value, known: { ...full.value.known }, implied: { ...full.value.implied } };
  }
  return out;
}

// ---- amounts, numbers, codes, phones -------------------------------------------------------------

const SYMBOL = "(us\\$|a\\$|au\\$|mx\\$|\\$|€|£|¥|₹|rs\\.?(?=\\s?\\d))";
const CODE = "(usd|aud|cad|nzd|mxn|eur|gbp|jpy|inr|sek|dollars?|pesos?|euros?|pounds?|quid|yen|rupees?|kronor|kr|円)";
const NUMBER = "(\\d{1,3}(?:[,\\s]\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)";
const SCALE = "(k|m|million|thousand|grand)?";
const SCALES: Record<string, number> = { k: 1e3, thousand: 1e3, grand: 1e3, m: 1e6, million: 1e6 };

const num = (s: string) => Number(s.replace(/[,\s]/g, ""));

export function extractAmounts(text: string): Span<AmountValue>[] {
  const out: Span<AmountValue>[] = [];
  const add = (m: RegExpMatchArray, n: string, scale: string | undefined, currency: string) => {
    const start = m.index!, end = start + m[0].length;
    if (out.some((o) => o.start < end && start < o.end)) return;
    out.push({ value: { type: "amount", amount: num(n) * (scale ? SCALES[scale] ?? 1 : 1), currency: currency.trim() }, start, end });
  };
  // "$40-50k", "£40–50 million": a range whose scale, written once at its end, is both ends'.
  for (const m of text.matchAll(new RegExp(`${SYMBOL}\\s?${NUMBER}\\s?(?:-|–|to)\\s?${SYMBOL}?\\s?${NUMBER}\\s?${SCALE}(?![a-z])`, "g"))) {
    const start = m.index!, cut = start + m[0].search(/\s?(?:-|–|to)\s?/);
    const scale = m[5] ? SCALES[m[5]] ?? 1 : 1, currency = m[1]!.trim();
    out.push({ value: { type: "amount", amount: num(m[2]!) * scale, currency }, start, end: cut });
    out.push({ value: { type: "amount", amount: num(m[4]!) * scale, currency }, start: cut, end: start + m[0].length });
  }
  for (const m of text.matchAll(new RegExp(`${SYMBOL}\\s?${NUMBER}\\s?${SCALE}(?![a-z])`, "g"))) add(m, m[2]!, m[3], m[1]!);
  for (const m of text.matchAll(new RegExp(`(?<![\\d.])${NUMBER}\\s?${SCALE}\\s?${CODE}(?![a-z])`, "g"))) add(m, m[1]!, m[2], m[3]!);
  for (const m of text.matchAll(new RegExp(`\\b${CODE}\\s?${NUMBER}\\s?${SCALE}(?![a-z])`, "g"))) add(m, m[2]!, m[3], m[1]!);
  return out.sort((a, b) => a.start - b.start);
}

const NUMBER_WORDS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18,
  nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, hundred: 100, dozen: 12, once: 1, twice: 2,
};

export function extractNumbers(text: string): Span<NumberValue>[] {
  const out: Span<NumberValue>[] = [];
  for (const m of text.matchAll(/(?<![\d.,:/\-])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:st|nd|rd|th)?(?![\d:/]|\.\d|[a-z]{3,})/g)) {
    out.push({ value: { type: "number", n: num(m[1]!) }, start: m.index!, end: m.index! + m[0].length });
  }
  for (const m of text.matchAll(new RegExp(`\\b(${Object.keys(NUMBER_WORDS).join("|")})\\b`, "g"))) {
    out.push({ value: { type: "number", n: NUMBER_WORDS[m[1]!]! }, start: m.index!, end: m.index! + m[0].length });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** A code is letters and digits that name one thing: a flight "ac38", a seat "14c", a booking
 *  "nh-48213", a room "2.14". Compared without spaces, dashes or dots. */
export const codeKey = (s: string) => s.replace(/[\s\-./]/g, "");

export function extractCodes(text: string): Span<CodeValue>[] {
  const out: Span<CodeValue>[] = [];
  const tokens = [...text.matchAll(/[\p{L}\p{N}]+(?:[\-./][\p{L}\p{N}]+)*/gu)];
  tokens.forEach((m, i) => {
    const t = m[0];
    if (/\p{N}/u.test(t)) out.push({ value: { type: "code", code: codeKey(t) }, start: m.index!, end: m.index! + t.length });
    // "AC 38", "NH 48213": a short prefix of letters, then the number.
    const next = tokens[i + 1];
    if (next && /^\p{L}{1,4}$/u.test(t) && /^\p{N}/u.test(next[0]) && text.slice(m.index! + t.length, next.index!) === " ") {
      out.push({ value: { type: "code", code: codeKey(t + next[0]) }, start: m.index!, end: next.index! + next[0].length });
    }
  });
  return out;
}

export function extractPhones(text: string, ref: Reference): Span<PhoneValue>[] {
  const out: Span<PhoneValue>[] = [];
  for (const m of text.matchAll(/(?<![\w.])(\+?\(?\d[\d\s().-]{5,}\d)(?![\w])/g)) {
    const raw = m[1]!;
    const digits = raw.replace(/\D/g, "");
    if (digits.length < 7 || /^\d{1,2}[:.]\d{2}/.test(raw)) continue;
    out.push({ value: { type: "phone", digits: canonicalPhone(raw, ref.region).replace(/\D/g, ""), raw }, start: m.index!, end: m.index! + raw.length });
  }
  return out;
}

/** The values of one type in a text. */
export function extract(text: string, type: ValueType, ref: Reference): Span<Value>[] {
  switch (type) {
    case "time": return extractTimes(text);
    case "date": return extractDates(text, ref);
    case "amount": return extractAmounts(text);
    case "number": return extractNumbers(text);
    case "code": return extractCodes(text);
    case "phone": return extractPhones(text, ref);
  }
}

const TIME_WORDS = /\b(morning|afternoon|evening|night|tonight|noon|midday|midnight|am|pm|at \d)\b|\d[:.]\d/;

/** A phrase of a check read as one typed value, when the whole phrase is that value ("7pm",
 *  "Fri 13 Nov", "$40", "+81 78 811 5904", "NH-48213"); null for words ("dentist", "scam"). */
export function typedPhrase(phrase: string, ref: Reference): Value | null {
  // Checks are compiled again for every trajectory scored; a phrase's reading depends only on
  // it and the day it is read on, so it is remembered (bounded, like phone numbers' parses).
  const key = `${ref.time.slice(0, 10)}${ref.time.slice(19)}|${ref.region ?? ""}|${phrase}`;
  if (PHRASES.has(key)) return PHRASES.get(key)!;
  const value = readPhrase(phrase, ref);
  if (PHRASES.size >= PHRASE_CACHE_LIMIT) PHRASES.clear();
  PHRASES.set(key, value);
  return value;
}

const PHRASES = new Map<string, Value | null>();
const PHRASE_CACHE_LIMIT = 100_000;

function readPhrase(phrase: string, ref: Reference): Value | null {
  const p = phrase.trim();
  const whole = (spans: Span<Value>[]) => spans.find((s) => s.start === 0 && p.slice(s.end).replace(/[\s.,!]/g, "") === "");
  for (const type of ["phone", "amount", "time", "date"] as const) {
    const hit = whole(extract(p, type, ref));
    // "7.30 tomorrow" or "Monday evening" is a date and a time: a phrase of two values stays words.
    if (hit && !(hit.value.type === "date" && (hit.value.withTime || TIME_WORDS.test(p)))) return hit.value;
  }
  if (/^\p{L}{1,4}[\-\s]?\d+[\p{L}]?$|^\d+[\p{L}]$|^\d+\.\d+$/u.test(p) && /\d/.test(p)) return { type: "code", code: codeKey(p) };
  return null;
}
