import type { DistractorSpec } from "./spec.js";
import { DateTime } from "luxon";
import type { Comparison, Expectation } from "./spec.js";
import { rougeL, type TokenCache } from "./rouge.js";
import { normalizeText } from "./text.js";
import { samePhone, type Region } from "../db/phone.js";
import { assignGeometric } from "./assignment.js";
import { textStates } from "./answer/states.js";
import type { Handles } from "./answer/actions.js";

// Column and argument comparisons: how well one actual value meets one expectation, in [0, 1].

/** Per-run caches, the protagonist's zone (times without an offset are read in it) and country
 *  (phone numbers without a country code are read in it). */
export interface CompareContext {
  zone: string;
  region?: string;
  tokens: TokenCache;
  instants: Map<string, number>;
  /** Answer checks compiled for this run, per constraint and day; texts a `states` comparison read. */
  answers: Map<object, unknown>;
  /** Values records held before they changed: wrong when an answer asserts them as current. */
  stale: readonly DistractorSpec[];
  /** When the episode starts (ISO 8601 with offset): "Sunday" in a text written then is that week's. */
  now?: string;
  /** The names of the data's people by contact id, for `{"person": id}` checks. */
  people?: ReadonlyMap<string, readonly string[]>;
  /** Their numbers and addresses, for telling whom a reported message or call reached. */
  handles?: Handles;
}

export function compareContext(zone: string, region?: string, stale: readonly DistractorSpec[] = [], now?: string,
  people?: ReadonlyMap<string, readonly string[]>, handles?: Handles): CompareContext {
  return { zone, region, tokens: new Map(), instants: new Map(), answers: new Map(), stale, now, people, handles };
}

/** A bare object that is not a comparison: a partial match on the keys it names. */
type ObjectPattern = { compare: "object"; value: { [key: string]: Expectation } };

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function isComparison(e: Expectation): e is Comparison {
  return typeof e === "object" && e !== null && !Array.isArray(e) && typeof e.compare === "string";
}

/** The comparison a bare JSON value stands for. */
export function defaultComparison(e: Expectation): Comparison | ObjectPattern {
  if (isComparison(e)) return e;
  if (typeof e === "string") return DATE_TIME.test(e) ? { compare: "time", value: e } : { compare: "normalized", value: e };
  if (typeof e === "number") return { compare: "number", value: e };
  if (typeof e === "boolean" || e === null) return { compare: "exact", value: e };
  if (Array.isArray(e)) return { compare: "set", value: e };
  return { compare: "object", value: e };
}

export function compareValue(expected: Expectation, actual: unknown, ctx: CompareContext): number {
  const c = defaultComparison(expected);
  switch (c.compare) {
    case "exact": return jsonEqual(c.value, actual) ? 1 : 0;
    case "normalized": return asText(actual) !== undefined && normalizeText(asText(actual)!) === normalizeText(c.value) ? 1 : 0;
    case "contains": return asText(actual) !== undefined && normalizeText(asText(actual)!).includes(normalizeText(c.value)) ? 1 : 0;
    case "rouge_l": return rouge(c.value, actual, c.threshold, ctx);
    case "number": {
      const n = asNumber(actual);
      return n !== undefined && Math.abs(n - c.value) <= (c.tolerance ?? 0) + 1e-9 ? 1 : 0;
    }
    case "time": {
      const want = instant(c.value, ctx);
      const got = typeof actual === "string" ? instant(actual, ctx) : NaN;
      return Number.isFinite(want) && Number.isFinite(got) && Math.abs(got - want) <= (c.tolerance_seconds ?? 0) * 1000 ? 1 : 0;
    }
    case "phone": return typeof actual === "string" && samePhone(c.value, actual, ctx.region as Region | undefined) ? 1 : 0;
    case "states": {
      // The same sent text is compared after every later step of a long episode: read it once.
      const text = asText(actual);
      if (text === undefined) return 0;
      let read = ctx.answers.get(c) as Map<string, number> | undefined;
      if (!read) ctx.answers.set(c, (read = new Map()));
      let share = read.get(text);
      if (share === undefined) read.set(text, (share = textStates(text, Array.isArray(c.value) ? c.value : [c.value], c.only ?? false, ctx, c.about,
        c.except === undefined ? undefined : Array.isArray(c.except) ? c.except : [c.except])));
      return share;
    }
    case "set": return Array.isArray(actual) && actual.length === c.value.length ? elements(c.value, actual, ctx) : 0;
    case "includes": return Array.isArray(actual) ? elements(c.value, actual, ctx) : 0;
    case "any_of": return Math.max(0, ...c.value.map((e) => compareValue(e, actual, ctx)));
    case "any": return 1;
    case "empty": return isEmpty(actual) ? 1 : 0;
    case "object": return objectPattern(c.value, actual, ctx);
  }
}

function rouge(target: string, actual: unknown, threshold: number | undefined, ctx: CompareContext): number {
  const text = asText(actual);
  if (text === undefined) return 0;
  // rouge-score gives 0 to two empty texts; equal texts are a full match whatever their length.
  const f = normalizeText(text) === normalizeText(target) ? 1 : rougeL(target, text, ctx.tokens);
  return threshold === undefined ? f : f >= threshold ? 1 : 0;
}

/** Each expected element takes a distinct actual element; the geometric mean of the best pairing. */
function elements(expected: readonly Expectation[], actual: readonly unknown[], ctx: CompareContext): number {
  const sim = expected.map((e) => actual.map((a) => compareValue(e, a, ctx)));
  return assignGeometric(sim, actual.length).similarity;
}

/** Geometric mean over the named keys; an empty pattern matches any object. */
function objectPattern(expected: { [key: string]: Expectation }, actual: unknown, ctx: CompareContext): number {
  if (typeof actual !== "object" || actual === null || Array.isArray(actual)) return 0;
  const record = actual as Record<string, unknown>;
  return geometricMean(Object.entries(expected).map(([k, e]) => compareValue(e, record[k], ctx)));
}

export function geometricMean(values: readonly number[]): number {
  if (values.length === 0) return 1;
  let logSum = 0;
  for (const v of values) {
    if (v <= 0) return 0;
    logSum += Math.log(v);
  }
  return Math.min(1, Math.exp(logSum / values.length));
}

function asText(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return undefined;
}

function asNumber(v: unknown): number | undefined {
  if (typeof v === "number") return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);
}

/** Milliseconds since the epoch; NaN when the text is not ISO 8601. A value without an offset is
 *  read in the protagonist's zone; a date alone means the start of that day there. */
// Stored times carry "Z" and need no zone rules; Date.parse reads them (and explicit offsets)
// exactly and far faster than a zone-aware parse.
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function instant(text: string, ctx: CompareContext): number {
  let ms = ctx.instants.get(text);
  if (ms === undefined) {
    ms = WITH_OFFSET.test(text) ? Date.parse(text) : localInstant(text, ctx.zone);
    ctx.instants.set(text, ms);
  }
  return ms;
}

/** A local time read in the zone; in the hour repeated when clocks go back, the first
 *  occurrence, as the sandbox reads tool arguments. */
function localInstant(text: string, zone: string): number {
  const dt = DateTime.fromISO(text, { zone, setZone: true });
  if (!dt.isValid) return NaN;
  return Math.min(...dt.getPossibleOffsets().map((c) => c.toMillis()), dt.toMillis());
}

/** JSON equality; undefined (a missing column or argument) equals null. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const k of keys) if (!jsonEqual(ra[k], rb[k])) return false;
  return true;
}
