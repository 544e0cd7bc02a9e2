import Database from "better-sqlite3";
import type { Snapshot } from "../episode/trajectory.js";
import { loadPersonalData, type PersonalData } from "./load.js";
import { protagonistRegion } from "./phone.js";
import { readSnapshot, wrap } from "./state.js";
import { instantOf } from "./time.js";

/** A scenario's state at step 0, built once: the serialized database every episode opens from,
 *  and the same state read as rows for the scorer. */
export interface ScenarioSnapshot {
  readonly image: Buffer;
  readonly rows: Snapshot;
}

/** The data as it stood at `referenceTime`: communications stamped later have not happened yet;
 *  contacts and calendar events created later do not exist yet, and those revised later show the
 *  version current then. Events that start later are the future the user plans, and stay. */
export function asOf(data: PersonalData, referenceTime: string, zone: string, instants = new Map<string, number>()): PersonalData {
  const instant = (t: string) => {
    let ms = instants.get(t);
    if (ms === undefined) { ms = instantOf(t, zone); instants.set(t, ms); }
    return ms;
  };
  const now = instant(referenceTime);
  const past = (t: string) => instant(t) <= now;
  const existed = (r: { created?: string | undefined }) => r.created === undefined || past(r.created);
  return {
    ...data,
    contacts: data.contacts.filter(existed).map((c) => versionAt(c, past, instant)),
    calendar_events: data.calendar_events.filter(existed).map((e) => versionAt(e, past, instant)),
    emails: data.emails.filter((e) => past(e.time)),
    sms: { ...data.sms, messages: data.sms.messages.filter((m) => past(m.time)) },
    whatsapp: { ...data.whatsapp, messages: data.whatsapp.messages.filter((m) => past(m.time)) },
    calls: data.calls.filter((c) => past(c.start)),
  };
}

/** The version of a record (calendar event or contact) that was current at "now": the earliest
 *  revision not yet replaced, or the final fields when every revision is in the past. A field
 *  that a revision leaves out is as in the final version; an empty string clears it. */
function versionAt<E extends { revisions?: readonly { until: string }[] | undefined }>(
  event: E, past: (t: string) => boolean, instant: (t: string) => number,
): E {
  const pending = [...(event.revisions ?? [])]
    .sort((a, b) => instant(a.until) - instant(b.until))
    .find((r) => !past(r.until));
  if (!pending) return event;
  const { until: _until, ...fields } = pending;
  return { ...event, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined).map(([k, v]) => [k, v === "" ? undefined : v])) };
}

export interface Overrides {
  add?: Partial<{ [K in keyof PersonalData]: unknown }> | undefined;
  remove?: readonly string[] | undefined;
}

/** Applies a scenario's state overrides: rows in `add` replace rows with the same id or are
 *  appended; ids in `remove` are dropped from every section. */
export function applyOverrides(data: PersonalData, overrides: Overrides | undefined): PersonalData {
  if (!overrides) return data;
  const removed = new Set(overrides.remove ?? []);
  const merge = <T extends { id: string }>(base: T[], extra: T[] | undefined): T[] => {
    const byId = new Map(base.map((r) => [r.id, r]));
    for (const r of extra ?? []) byId.set(r.id, r);
    return [...byId.values()].filter((r) => !removed.has(r.id));
  };
  const add = (overrides.add ?? {}) as Partial<PersonalData> & {
    sms?: Partial<PersonalData["sms"]>; whatsapp?: Partial<PersonalData["whatsapp"]>;
  };
  return {
    contacts: merge(data.contacts, add.contacts),
    calendar_events: merge(data.calendar_events, add.calendar_events),
    emails: merge(data.emails, add.emails),
    sms: {
      conversations: merge(data.sms.conversations, add.sms?.conversations),
      messages: merge(data.sms.messages, add.sms?.messages),
    },
    whatsapp: {
      chats: merge(data.whatsapp.chats, add.whatsapp?.chats),
      messages: merge(data.whatsapp.messages, add.whatsapp?.messages),
    },
    calls: merge(data.calls, add.calls),
  };
}

// Every scenario of a protagonist reads the same few thousand times, and a zone-aware parse costs
// tens of microseconds (most of a snapshot's cost), so parses are remembered per protagonist's
// data object: a memo of immutable input, dropped with the data.
interface TimeCache { zone: string; instants: Map<string, number>; stored: Map<string, string> }
const timeCaches = new WeakMap<object, TimeCache>();

function timeCacheOf(data: object, zone: string): TimeCache {
  let cache = timeCaches.get(data);
  if (!cache || cache.zone !== zone) {
    cache = { zone, instants: new Map(), stored: new Map() };
    timeCaches.set(data, cache);
  }
  return cache;
}

export function buildScenarioSnapshot(
  data: PersonalData & { country?: string }, zone: string, referenceTime: string, overrides?: Overrides,
): ScenarioSnapshot {
  const cache = timeCacheOf(data, zone);
  const db = loadPersonalData(asOf(applyOverrides(data, overrides), referenceTime, zone, cache.instants), zone, protagonistRegion(data), cache.stored);
  try {
    return Object.freeze({ image: db.serialize(), rows: readSnapshot(wrap(db)) });
  } finally {
    db.close();
  }
}

/** Opens an episode's private database: an in-memory copy of the snapshot image. */
export function openFromSnapshot(snapshot: ScenarioSnapshot): Database.Database {
  return new Database(snapshot.image);
}
