import { DateTime } from "luxon";
import type { DistractorSpec } from "../milestones/spec.js";
import type { ProtagonistFile } from "./protagonist-format.js";

// Values that records held before they changed, as the data's own history (`revisions`) tells:
// an event's start time or day before it moved; and a start a message made outdated while the
// calendar kept it (`outdated`). At a scenario's reference time, a value replaced
// before "now" is stale: an answer that asserts it as current about that event misleads the user,
// whatever the question was. Described as past ("it was 7 until Kate moved it") it is true.

// Words of a title that name an event: not the small words, not times.
// "check" (of "check-up") is also an everyday word: "Rota check: 22 Oct - 5 Nov" names no dentist.
const STOP = new Set(["with", "and", "the", "for", "from", "call", "meeting", "event", "appointment", "w/", "at", "to", "of", "in", "on", "my", "a", "run", "day", "check"]);

const FUNCTION = new Set(["with", "and", "the", "for", "from", "at", "to", "of", "in", "on", "my", "a", "w", "&"]);

// Only the title's own words name the event: an attendee's name is in many events, and a day or
// month name ("Call Anders (Sunday)") would be read as a date ("today", when it is Sunday).
const CALENDAR_WORDS = /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december|today|tonight|tomorrow|morning|evening|night|noon)$/;
const naming = (w: string) => w.length >= 4 && !STOP.has(w) && !/\d/.test(w) && !CALENDAR_WORDS.test(w);
/** The title's naming words, and its word pairs with one of them, in either order: "partner
 *  meeting" names the partner meeting where "partner" alone is also in "Partner pitch dry run",
 *  and "the Northbank call" names "Call: Harriet Cole (Northbank Climate)". */
function subjectWords(title: string): string[] {
  const tokens = title.toLowerCase().split(/[^\p{L}\p{N}'&]+/u).filter(Boolean);
  // Apart or reversed, a pair is two content words: "jess dinner", not "jess with".
  const pairs = tokens.flatMap((a, i) => tokens.filter((b, j) => j === i + 1 || (j !== i && !FUNCTION.has(a) && !FUNCTION.has(b))).map((b) => [a, b] as const))
    .filter(([a, b]) => (naming(a) || naming(b)) && !/\d/.test(a + b) && !CALENDAR_WORDS.test(a) && !CALENDAR_WORDS.test(b) && a !== "w/" && b !== "w/")
    .map(([a, b]) => `${a} ${b}`);
  return [...new Set([...tokens.filter(naming), ...pairs])];
}

/** A place's name, the part before its address ("Helen's" of "Helen's - 23 Ballarat St", "Ember &
 *  Vine" of "Ember & Vine, 42 Tib Street"). */
function placeName(location: string | null | undefined): string | undefined {
  const name = (location ?? "").split(/\s+-\s+|,/)[0]!.trim();
  return name.length >= 3 ? name : undefined;
}

const local = (iso: string, zone: string) => DateTime.fromISO(iso, { zone });

/** An event's start as it stood at `now`: the first version not yet replaced. */
export function currentStart(e: ProtagonistFile["calendar_events"][number], now: DateTime, zone: string): string {
  for (const r of e.revisions ?? []) if (local(r.until, zone) > now && r.start) return r.start;
  return e.start;
}

/** The stale start times and days of the protagonist's events at `referenceTime`. */
export function staleValues(protagonist: ProtagonistFile, referenceTime: string): DistractorSpec[] {
  const zone = protagonist.timezone;
  const now = local(referenceTime, zone);
  const out: DistractorSpec[] = [];
  const words = new Map(protagonist.calendar_events.map((e) => [e, subjectWords(e.title)]));
  // What events with these words hold now: a value another current event holds is not stale.
  const current = protagonist.calendar_events.filter((e) => !e.created || local(e.created, zone) <= now).map((e) => ({
    words: words.get(e)!, start: local(currentStart(e, now, zone), zone),
  }));
  // `except`: an event's own words, when the value is its own record's and only others count.
  const heldNow = (about: string[], time: string | null, date: string | null, except?: string[]) => current.some((c) => c.words !== except
    && c.words.some((w) => about.includes(w)) && (time === null || c.start.toFormat("HH:mm") === time) && (date === null || c.start.toISODate() === date));
  // A word in several events' titles ("Halyard" in three) names none of them: "the missed call
  // from Halyard's office on 27 Oct" is not about the partner meeting that was on the 27th.
  const titles = new Map<string, number>();
  for (const ws of words.values()) for (const w of ws) titles.set(w, (titles.get(w) ?? 0) + 1);
  const places = new Map<string, number>();
  for (const e of protagonist.calendar_events) {
    const p = placeName(e.location)?.toLowerCase();
    if (p) places.set(p, (places.get(p) ?? 0) + 1);
  }
  for (const event of protagonist.calendar_events) {
    if (event.all_day) continue;
    const about = words.get(event)!.filter((w) => titles.get(w) === 1);
    if (about.length === 0) continue;
    // A record a message made outdated ("moved us to 7pm not 7.30"; the calendar still says 19:30).
    if (event.outdated && local(event.outdated.since, zone) <= now) {
      const was = local(currentStart(event, now, zone), zone), is = local(event.outdated.start, zone);
      // The message that moved it and the answers about it name it by its place as often as by
      // its title ("your birthday dinner at Ember & Vine" is "My big 4-2 dinner"), when no other
      // event is there.
      const place = placeName(event.location);
      const named = place && !/^\d/.test(place) && places.get(place.toLowerCase()) === 1 ? [...about, place] : about;
      // Another event that shares a word of its title at that time ("Northbank follow-up: Harriet",
      // 8:00) makes the value true of something an answer may name the same way.
      const own = words.get(event)!;
      if (was.toFormat("HH:mm") !== is.toFormat("HH:mm") && !heldNow(own, was.toFormat("HH:mm"), null, own)) {
        out.push({ about: [named], value: { time: was.toFormat("HH:mm") }, was_true: true });
      }
      if (was.toISODate() !== is.toISODate() && !heldNow(own, null, was.toISODate(), own)) {
        out.push({ about: [named], value: { date: was.toISODate()! }, was_true: true });
      }
    }
    // The version current at "now": the first revision not yet replaced, else the final fields.
    const versions = [...(event.revisions ?? []), { start: event.start, until: undefined as string | undefined }];
    const currentIndex = versions.findIndex((v) => v.until === undefined || local(v.until, zone) > now);
    if (currentIndex < 0) continue;
    const startNow = currentStart(event, now, zone);
    const placeNow = (event.revisions?.[currentIndex]?.location ?? event.location ?? "").toLowerCase();
    for (const old of versions.slice(0, currentIndex)) {
      // A place the event moved from ("Helen's - 23 Ballarat St" before it moved to Jo's): its
      // name, the part before the address.
      const place = "location" in old && typeof old.location === "string" ? placeName(old.location) : undefined;
      if (place && !placeNow.includes(place.toLowerCase())) out.push({ about: [about], value: [place], was_true: true, unsourced: true });
      if (!old.start || old.start === startNow) continue;
      const was = local(old.start, zone), is = local(startNow, zone);
      if (was.toFormat("HH:mm") !== is.toFormat("HH:mm") && !heldNow(about, was.toFormat("HH:mm"), null)) {
        out.push({ about: [about], value: { time: was.toFormat("HH:mm") }, was_true: true, unsourced: true });
      }
      if (was.toISODate() !== is.toISODate() && !heldNow(about, null, was.toISODate())) {
        out.push({ about: [about], value: { date: was.toISODate()! }, was_true: true, unsourced: true });
      }
    }
  }
  return out;
}
