import { DateTime } from "luxon";
import { parseTime, rangeEnd as dbRangeEnd, rangeStart as dbRangeStart, toStorage } from "../db/time.js";
import { invalid } from "./errors.js";
import type { ToolContext } from "./context.js";

// Time arguments: parse in the protagonist's zone, and name the argument when one is wrong.

function wrap<T>(field: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw invalid(field, (e as Error).message);
  }
}

export function timeArg(ctx: ToolContext, field: string, text: string): string {
  return wrap(field, () => toStorage(parseTime(text, ctx.zone)));
}

export function rangeArgs(ctx: ToolContext, from: string | undefined, to: string | undefined) {
  const lo = from === undefined ? undefined : rangeStart(from, ctx.zone, "time_from");
  const hi = to === undefined ? undefined : rangeEnd(to, ctx.zone, "time_to");
  if (lo && hi && hi < lo) throw invalid("time_to", `must not be before time_from (${from})`);
  return { lo, hi };
}

/** Start of a day in the zone, for an argument that names a date. */
export function rangeStart(text: string, zone: string, field: string): string {
  return wrap(field, () => dbRangeStart(text, zone));
}

/** Last second of a day in the zone. */
export function rangeEnd(text: string, zone: string, field: string): string {
  return wrap(field, () => dbRangeEnd(text, zone));
}

export function nextSecond(stored: string): string {
  return toStorage(DateTime.fromISO(stored, { zone: "utc" }).plus({ seconds: 1 }));
}

export function inRange(t: string, r: { lo?: string | undefined; hi?: string | undefined }): boolean {
  return (r.lo === undefined || t >= r.lo) && (r.hi === undefined || t <= r.hi);
}

export function plusMinutes(stored: string, minutes: number): string {
  return toStorage(DateTime.fromISO(stored, { zone: "utc" }).plus({ minutes }));
}

export function minutesBetween(a: string, b: string): number {
  return DateTime.fromISO(b).diff(DateTime.fromISO(a), "minutes").minutes;
}
