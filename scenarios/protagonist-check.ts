import { DateTime } from "luxon";
import type { ProtagonistFile } from "./protagonist-format.js";
import type { Fault } from "./json-schema.js";
import { instantOf, parseTime } from "../db/time.js";
import { protagonistRegion, samePhone } from "../db/phone.js";

// Referential and temporal checks of a protagonist's data, after the schema has passed.
export function checkProtagonist(file: string, p: ProtagonistFile): Fault[] {
  const faults: Fault[] = [];
  const fault = (pointer: string, message: string) => faults.push({ file, pointer, message });

  if (!DateTime.local().setZone(p.timezone).isValid) fault("/timezone", `"${p.timezone}" is not an IANA time zone`);
  const zone = DateTime.local().setZone(p.timezone).isValid ? p.timezone : "utc";

  const ids = new Map<string, string>();
  const claim = (id: string, pointer: string) => {
    if (/_new\d+$/.test(id)) fault(pointer, `ids ending in _new<number> are reserved for records an episode creates ("${id}")`);
    const prior = ids.get(id);
    if (prior) fault(pointer, `id "${id}" is already used at ${prior}; ids are unique across all apps`);
    else ids.set(id, pointer);
  };
  p.contacts.forEach((c, i) => claim(c.id, `/contacts/${i}/id`));
  p.calendar_events.forEach((e, i) => claim(e.id, `/calendar_events/${i}/id`));
  p.emails.forEach((e, i) => claim(e.id, `/emails/${i}/id`));
  p.sms.conversations.forEach((c, i) => claim(c.id, `/sms/conversations/${i}/id`));
  p.sms.messages.forEach((m, i) => claim(m.id, `/sms/messages/${i}/id`));
  p.whatsapp.chats.forEach((c, i) => claim(c.id, `/whatsapp/chats/${i}/id`));
  p.whatsapp.messages.forEach((m, i) => claim(m.id, `/whatsapp/messages/${i}/id`));
  p.calls.forEach((c, i) => claim(c.id, `/calls/${i}/id`));

  const selves = p.contacts.filter((c) => c.is_self);
  if (selves.length !== 1) fault("/contacts", `exactly one contact must have is_self: true (found ${selves.length})`);
  const self = selves[0];
  const region = protagonistRegion(p);
  if (self && self.phone_numbers.length === 0) fault("/contacts", "the protagonist's own contact needs a phone number");

  p.social_network.forEach((s, i) => {
    if (!p.contacts.some((c) => c.id === s.contact_id)) fault(`/social_network/${i}/contact_id`, `no contact "${s.contact_id}"`);
  });
  p.story_events.forEach((s, i) => s.records.forEach((r, j) => {
    if (!ids.has(r)) fault(`/story_events/${i}/records/${j}`, `no record with id "${r}"`);
  }));

  const windowStart = parseTime(p.data_window.start, zone).startOf("day");
  const windowEnd = parseTime(p.data_window.end, zone).endOf("day");
  if (windowEnd.diff(windowStart, "days").days < 14) fault("/data_window", "the data window must span at least 14 days");
  // Instants (instantOf reads as parseTime does, most times without luxon): the check runs for
  // every scenario with overrides, over thousands of times.
  const [startMs, endMs] = [windowStart.toMillis(), windowEnd.toMillis()];
  const inWindow = (text: string, pointer: string) => {
    let t: number;
    try {
      t = instantOf(text, zone);
    } catch (e) {
      fault(pointer, (e as Error).message);
      return;
    }
    if (t < startMs || t > endMs) fault(pointer, `${text} is outside the data window ${p.data_window.start}..${p.data_window.end}`);
  };

  // Plans may reach past the window (a flight next month); they cannot start before it.
  const planned = (text: string, pointer: string) => {
    if (instantOf(text, zone) < startMs) fault(pointer, `${text} is before the data window starts (${p.data_window.start})`);
  };
  p.calendar_events.forEach((e, i) => {
    planned(e.start, `/calendar_events/${i}/start`);
    if (instantOf(e.end, zone) <= instantOf(e.start, zone)) fault(`/calendar_events/${i}/end`, "an event must end after it starts");
    if (e.created) inWindow(e.created, `/calendar_events/${i}/created`);
    (e.revisions ?? []).forEach((r, j) => {
      inWindow(r.until, `/calendar_events/${i}/revisions/${j}/until`);
      const start = instantOf(r.start ?? e.start, zone);
      const end = instantOf(r.end ?? e.end, zone);
      if (end <= start) fault(`/calendar_events/${i}/revisions/${j}`, "this version of the event ends before it starts");
    });
    if (e.outdated) {
      inWindow(e.outdated.since, `/calendar_events/${i}/outdated/since`);
      if (!ids.has(e.outdated.by)) fault(`/calendar_events/${i}/outdated/by`, `no record with id "${e.outdated.by}"`);
      if (instantOf(e.outdated.start, zone) === instantOf(e.start, zone)) fault(`/calendar_events/${i}/outdated/start`, "the real start is the record's own: nothing is outdated");
    }
  });
  p.contacts.forEach((c, i) => {
    if (c.created) inWindow(c.created, `/contacts/${i}/created`);
    (c.revisions ?? []).forEach((r, j) => inWindow(r.until, `/contacts/${i}/revisions/${j}/until`));
  });
  p.emails.forEach((e, i) => inWindow(e.time, `/emails/${i}/time`));
  p.calls.forEach((c, i) => inWindow(c.start, `/calls/${i}/start`));

  const selfNumber = (n: string) => self?.phone_numbers.some((x) => samePhone(x.number, n, region)) ?? false;
  const chatApps = [
    { at: "/sms", app: "SMS conversation", link: "conversation_id", threads: p.sms.conversations,
      messages: p.sms.messages.map((m) => ({ ...m, thread: m.conversation_id })) },
    { at: "/whatsapp", app: "WhatsApp chat", link: "chat_id", threads: p.whatsapp.chats,
      messages: p.whatsapp.messages.map((m) => ({ ...m, thread: m.chat_id })) },
  ];
  for (const { at, app, link, threads, messages } of chatApps) {
    const listName = at === "/sms" ? "conversations" : "chats";
    threads.forEach((c, i) => {
      if (c.participants.some(selfNumber)) fault(`${at}/${listName}/${i}/participants`, "participants are the other people, not the protagonist");
    });
    const byId = new Map(threads.map((c) => [c.id, c]));
    messages.forEach((m, i) => {
      inWindow(m.time, `${at}/messages/${i}/time`);
      const thread = byId.get(m.thread);
      if (!thread) fault(`${at}/messages/${i}/${link}`, `no ${app} "${m.thread}"`);
      else if (m.from && !thread.participants.some((n) => samePhone(n, m.from!, region))) {
        fault(`${at}/messages/${i}/from`, `${m.from} is not a participant of ${thread.id}`);
      } else if (m.direction === "incoming" && !m.from && thread.participants.length > 1) {
        fault(`${at}/messages/${i}/from`, "an incoming group message needs `from`");
      }
    });
  }
  // Numbers that are not in the contacts are allowed: a courier, a spam caller, a new friend.
  return faults;
}
