// Typed values of an answer and of a check, and when two of them are the same fact.
// Spans are character offsets in the text they were read from, so an explanation can quote it.

export interface TimeValue { type: "time"; hour: number; minute: number; meridiemKnown: boolean }
export interface DateValue {
  type: "date";
  /** Components the text states ("Friday" states only the weekday; "12 Nov" the day and month). */
  known: { year?: number; month?: number; day?: number; weekday?: number };
  /** The full date a reader takes it for, relative to when the message was written. */
  implied: { year: number; month: number; day: number };
  /** The text also stated a time of day ("7.30 tomorrow"). */
  withTime?: boolean;
}
export interface AmountValue { type: "amount"; amount: number; currency?: string }
export interface PhoneValue { type: "phone"; digits: string; raw: string }
export interface NumberValue { type: "number"; n: number }
export interface CodeValue { type: "code"; code: string }

/** `any`: a check's value that stands for every value of its type ({"any": "date"}). */
export type Value = (TimeValue | DateValue | AmountValue | PhoneValue | NumberValue | CodeValue) & { any?: true };
export type ValueType = Value["type"];

export interface Span<V extends Value = Value> { value: V; start: number; end: number }

/** Weekday of a calendar date, Monday 1 ... Sunday 7 (ISO). */
export function weekdayOf(year: number, month: number, day: number): number {
  const d = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return d === 0 ? 7 : d;
}

/** Two dates are the same when the components both state agree. A weekday alone ("Friday") is
 *  the date it is taken for, near when the message was written; a month alone is too vague to be a
 *  date. "Friday" is "Fri 13 Nov" that week but not "Fri 20 Nov"; "the 12th" is "12 November". */
function sameDate(a: DateValue, b: DateValue): boolean {
  const ka = a.known, kb = b.known;
  const full = (k: DateValue["known"]) => k.day !== undefined;
  if ((!full(ka) && ka.weekday === undefined) || (!full(kb) && kb.weekday === undefined)) return false;
  if (full(ka) && full(kb)) {
    return ka.day === kb.day && (ka.month === undefined || kb.month === undefined || ka.month === kb.month)
      && (ka.year === undefined || kb.year === undefined || ka.year === kb.year);
  }
  if (!full(ka) && !full(kb)) return ka.weekday === kb.weekday;
  const [weekday, date] = full(ka) ? [b, a] : [a, b];
  const d = { ...date.implied, ...date.known };
  return weekday.implied.day === d.day && weekday.implied.month === d.month;
}

/** "7.30" (no am/pm) is 7:30 or 19:30; "7:30am" is not "19:30". */
function sameTime(a: TimeValue, b: TimeValue): boolean {
  if (a.minute !== b.minute) return false;
  if (a.hour === b.hour) return true;
  return (!a.meridiemKnown || !b.meridiemKnown) && a.hour % 12 === b.hour % 12;
}

// "$" stands for dollars and pesos alike; only clearly different currencies disagree.
const CURRENCY_FAMILY: Record<string, string> = {
  $: "$", usd: "$", aud: "$", cad: "$", nzd: "$", mxn: "$", dollar: "$", dollars: "$", peso: "$", pesos: "$", "us$": "$", "a$": "$", "au$": "$", "mx$": "$",
  "€": "eur", eur: "eur", euro: "eur", euros: "eur",
  "£": "gbp", gbp: "gbp", pound: "gbp", pounds: "gbp", quid: "gbp",
  "¥": "jpy", "円": "jpy", jpy: "jpy", yen: "jpy",
  "₹": "inr", inr: "inr", rs: "inr", "rs.": "inr", rupee: "inr", rupees: "inr",
  sek: "sek", kr: "sek", kronor: "sek",
};
export const currencyFamily = (c: string | undefined) => (c === undefined ? undefined : CURRENCY_FAMILY[c] ?? c);

/** What stands between the two ends of a range: "8:00-8:30", "7 to 9". */
export const RANGE_JOIN = /^\s*(?:[\u2013\u2014-]|to|until|till)\s*$/;

export function sameValue(a: Value, b: Value): boolean {
  if (a.any || b.any) return a.type === b.type;
  switch (a.type) {
    case "time": return b.type === "time" && sameTime(a, b);
    case "date": return b.type === "date" && sameDate(a, b);
    case "amount": {
      if (b.type !== "amount" || Math.abs(a.amount - b.amount) >= 0.005) return false;
      const fa = currencyFamily(a.currency), fb = currencyFamily(b.currency);
      return fa === undefined || fb === undefined || fa === fb;
    }
    case "phone": return b.type === "phone" && (a.digits === b.digits || (a.digits.length >= 7 && b.digits.length >= 7 && (a.digits.endsWith(b.digits) || b.digits.endsWith(a.digits))));
    // A count is not an amount: "court 3" is no "£3", and "£3" no count.
    case "number": return b.type === "number" && a.n === b.n;
    case "code": return b.type === "code" && a.code === b.code;
  }
}


const WEEKDAYS = ["", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const MONTHS = ["", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A value as an explanation shows it. */
export function showValue(v: Value): string {
  if (v.any) return `any ${v.type}`;
  switch (v.type) {
    case "time": return `${String(v.hour).padStart(2, "0")}:${String(v.minute).padStart(2, "0")}${v.meridiemKnown ? "" : " (or 12 h later)"}`;
    case "date": {
      const k = v.known;
      return [k.weekday ? WEEKDAYS[k.weekday] : "", k.day ?? "", k.month ? MONTHS[k.month] : "", k.year ?? ""].filter((x) => x !== "").join(" ");
    }
    case "amount": return `${v.currency ?? ""}${v.amount}`;
    case "phone": return v.raw;
    case "number": return String(v.n);
    case "code": return v.code;
  }
}
