import { DateTime, IANAZone } from "luxon";

// Every time that crosses the tool boundary goes through here: inputs without an offset are read
// in the protagonist's zone, storage is UTC ("...Z"), outputs are in the zone with its offset.

export class TimeParseError extends Error {}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// Only calendar dates and date-times: luxon would also take "19:00" (today, by the wall clock),
// week and ordinal dates, which would make results depend on the day a run happens.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

const HAS_OFFSET = /(Z|[+-]\d{2}(:?\d{2})?)$/i;

/** Parses an ISO 8601 date-time (offset optional) or date in `zone`. A local time that occurs
 *  twice (the hour repeated when clocks go back) is the first occurrence, as java.time and
 *  Python's fold=0 read it. A local time that never occurs (skipped when clocks go forward) is
 *  refused, naming the gap: moving it silently would put an event an hour from where it was
 *  asked for. */
export function parseTime(text: string, zone: string, inGap: "refuse" | "forward" = "refuse"): DateTime {
  const dt = ISO_DATE_TIME.test(text) ? DateTime.fromISO(text, { zone, setZone: true }) : DateTime.invalid("format");
  if (!dt.isValid) {
    throw new TimeParseError(
      `"${text}" is not an ISO 8601 date-time; expected e.g. 2026-03-14T19:00:00 or 2026-03-14T19:00:00-07:00`,
    );
  }
  if (isDateOnly(text) || HAS_OFFSET.test(text)) return dt;
  const wall = DateTime.fromISO(text, { zone: "utc" });
  if (dt.toFormat(WALL) !== wall.toFormat(WALL)) {
    if (inGap === "forward") return dt;
    throw new TimeParseError(gapMessage(text, dt, zone));
  }
  const candidates = dt.getPossibleOffsets();
  return candidates.length > 1 ? candidates.reduce((a, b) => (a.toMillis() <= b.toMillis() ? a : b)) : dt;
}

const WALL = "yyyy-MM-dd'T'HH:mm:ss";

/** "... does not exist in Z: clocks go forward from 02:00 to 03:00 on 2026-03-08 ..." */
function gapMessage(text: string, shifted: DateTime, zone: string): string {
  // luxon moved the time forward past the gap, so the transition is within the few hours
  // before `shifted`: find the minute where the offset changes.
  let hi = shifted.toMillis();
  let lo = hi - 3 * 3_600_000;
  const offsetAt = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
  const before = offsetAt(lo);
  while (hi - lo > 60_000) {
    const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
    if (offsetAt(mid) === before) lo = mid; else hi = mid;
  }
  const from = DateTime.fromMillis(hi + before * 60_000, { zone: "utc" });
  const to = DateTime.fromMillis(hi, { zone });
  return `"${text}" does not exist in ${zone}: clocks go forward from ${from.toFormat("HH:mm")} to ${to.toFormat("HH:mm")} on ${to.toFormat("yyyy-MM-dd")}; give a time outside that gap, or an offset`;
}

export function isDateOnly(text: string): boolean {
  return ISO_DATE.test(text);
}

/** UTC storage form, second precision: 2026-03-14T02:00:00Z */
export function toStorage(dt: DateTime): string {
  return dt.toUTC().startOf("second").toISO({ suppressMilliseconds: true })!;
}

export function storageFromInput(text: string, zone: string): string {
  const ms = quickLocalMillis(text, zone);
  return ms === undefined ? toStorage(parseTime(text, zone)) : new Date(ms).toISOString().replace(".000Z", "Z");
}

/** The instant (epoch milliseconds) of an ISO date-time or date in `zone`, as parseTime reads it. */
export function instantOf(text: string, zone: string): number {
  return quickLocalMillis(text, zone) ?? parseTime(text, zone).toMillis();
}

// A scenario snapshot converts every time of its protagonist's data (thousands), and luxon's
// zone-aware parse costs tens of microseconds, most of it asking Intl for the zone's offset. A
// local date-time with no clock change within two days of it is unambiguous and exists: its
// instant is the wall time minus the zone's offset that day. Offsets at UTC midnights are
// remembered per zone; anything else (a date alone, an offset, fractions, a time near a change)
// goes to luxon.
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY_MS = 86_400_000;
const midnightOffsets = new Map<string, { zone: IANAZone; byDay: Map<number, number> }>();

function offsetAtMidnight(zone: string, day: number): number | undefined {
  let memo = midnightOffsets.get(zone);
  if (!memo) {
    if (!IANAZone.isValidZone(zone)) return undefined;
    memo = { zone: IANAZone.create(zone), byDay: new Map() };
    midnightOffsets.set(zone, memo);
  }
  let offset = memo.byDay.get(day);
  if (offset === undefined) { offset = memo.zone.offset(day * DAY_MS); memo.byDay.set(day, offset); }
  return offset;
}

function quickLocalMillis(text: string, zone: string): number | undefined {
  const m = LOCAL_DATE_TIME.exec(text);
  if (!m) return undefined;
  const [year, month, date, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? "0"].map(Number) as [number, number, number, number, number, number];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const wall = Date.UTC(year, month - 1, date, hour, minute, second);
  const check = new Date(wall);
  // Date.UTC carries a 31st of a 30-day month over; luxon refuses it.
  if (year < 1000 || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return undefined;
  const day = Math.floor(wall / DAY_MS);
  const offset = offsetAtMidnight(zone, day - 2);
  if (offset === undefined) return undefined;
  for (let d = day - 1; d <= day + 2; d++) if (offsetAtMidnight(zone, d) !== offset) return undefined;
  return wall - offset * 60_000;
}

// Rendering a time through luxon costs ~20 µs and results show the same times over and over
// (every event of a get_all); a bounded memo makes repeats free.
const displayed = new Map<string, string>();

/** Display form in the protagonist's zone with offset: 2026-03-13T19:00:00-07:00 */
export function toDisplay(stored: string, zone: string): string {
  const key = `${zone} ${stored}`;
  let text = displayed.get(key);
  if (text === undefined) {
    text = DateTime.fromISO(stored, { zone: "utc" }).setZone(zone).toISO({ suppressMilliseconds: true })!;
    if (displayed.size >= 100_000) displayed.clear();
    displayed.set(key, text);
  }
  return text;
}

/** Lower bound of a range filter: a date means the start of that day in the zone. */
// A range bound inside a clock-change gap ("until 02:00" on the night clocks go forward) is read
// as the moment the clocks jump: it names an instant unambiguously, and a filter moves nothing.
export function rangeStart(text: string, zone: string): string {
  const dt = parseTime(text, zone, "forward");
  return toStorage(isDateOnly(text) ? dt.startOf("day") : dt);
}

/** Upper bound of a range filter: a date means the end of that day in the zone (inclusive). */
export function rangeEnd(text: string, zone: string): string {
  const dt = parseTime(text, zone, "forward");
  return toStorage(isDateOnly(text) ? dt.endOf("day").startOf("second") : dt);
}
