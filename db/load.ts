import Database from "better-sqlite3";
import type { ProtagonistFile } from "../scenarios/protagonist-format.js";
import { schemaDDL } from "./ddl.js";
import { storageFromInput } from "./time.js";
import { samePhone, type Region } from "./phone.js";

/** The personal-data sections of a protagonist file, as loaded into SQLite. */
export type PersonalData = Pick<ProtagonistFile,
  "contacts" | "calendar_events" | "emails" | "sms" | "whatsapp" | "calls">;

export class DataLoadError extends Error {
  constructor(public readonly pointer: string, message: string) {
    super(`${pointer}: ${message}`);
  }
}

/** Builds an in-memory database holding `data`; times are converted to UTC in `zone`; phone
 *  numbers without a country code are read in `region`. */
export function loadPersonalData(data: PersonalData, zone: string, region?: Region, stored = new Map<string, string>()): Database.Database {
  const db = new Database(":memory:");
  db.exec(schemaDDL());
  const time = (text: string, pointer: string) => {
    try {
      let value = stored.get(text);
      if (value === undefined) { value = storageFromInput(text, zone); stored.set(text, value); }
      return value;
    } catch (e) {
      throw new DataLoadError(pointer, (e as Error).message);
    }
  };
  const json = (v: unknown) => JSON.stringify(v);
  const bool = (v: boolean) => (v ? 1 : 0);
  const self = data.contacts.find((c) => c.is_self);
  const selfNumber = self?.phone_numbers[0]?.number ?? "self";

  db.transaction(() => {
    const addContact = db.prepare(`INSERT INTO contacts VALUES (?,?,?,?,?,?,?,?,?,?)`);
    data.contacts.forEach((c) => addContact.run(c.id, c.first_name, c.last_name ?? null,
      json(c.phone_numbers), json(c.emails), c.relationship ?? null, c.birthday ?? null,
      c.address ?? null, c.notes ?? null, bool(c.is_self)));

    const addEvent = db.prepare(`INSERT INTO calendar_events VALUES (?,?,?,?,?,?,?,?,?)`);
    data.calendar_events.forEach((e, i) => addEvent.run(e.id, e.calendar, e.title,
      time(e.start, `/calendar_events/${i}/start`), time(e.end, `/calendar_events/${i}/end`),
      bool(e.all_day), e.location ?? null, json(e.attendees), e.notes ?? null));

    const addEmail = db.prepare(`INSERT INTO emails VALUES (?,?,?,?,?,?,?,?,?,?,?)`);
    data.emails.forEach((m, i) => addEmail.run(m.id, m.thread_id, m.folder, m.from,
      m.from_name ?? null, json(m.to), json(m.cc), m.subject, m.body,
      time(m.time, `/emails/${i}/time`), bool(m.read)));

    const addConversation = db.prepare(`INSERT INTO sms_conversations VALUES (?,?,?)`);
    data.sms.conversations.forEach((c) => addConversation.run(c.id, json(c.participants), c.name ?? null));
    const smsParticipants = new Map(data.sms.conversations.map((c) => [c.id, c.participants]));
    const addSms = db.prepare(`INSERT INTO sms_messages VALUES (?,?,?,?,?,?,?)`);
    data.sms.messages.forEach((m, i) => {
      const sender = senderOf(m, smsParticipants.get(m.conversation_id), selfNumber, `/sms/messages/${i}`);
      addSms.run(m.id, m.conversation_id, sender, m.direction, m.body,
        time(m.time, `/sms/messages/${i}/time`), bool(m.read));
    });

    const addChat = db.prepare(`INSERT INTO whatsapp_chats VALUES (?,?,?,?)`);
    data.whatsapp.chats.forEach((c) => addChat.run(c.id, c.name ?? null, json(c.participants), bool(c.is_group)));
    const chatParticipants = new Map(data.whatsapp.chats.map((c) => [c.id, c.participants]));
    const addWhatsapp = db.prepare(`INSERT INTO whatsapp_messages VALUES (?,?,?,?,?,?)`);
    data.whatsapp.messages.forEach((m, i) => {
      const sender = senderOf(m, chatParticipants.get(m.chat_id), selfNumber, `/whatsapp/messages/${i}`);
      addWhatsapp.run(m.id, m.chat_id, sender, m.direction, m.body, time(m.time, `/whatsapp/messages/${i}/time`));
    });

    const addCall = db.prepare(`INSERT INTO calls VALUES (?,?,?,?,?,?)`);
    data.calls.forEach((c, i) => {
      const contact = data.contacts.find((k) => k.phone_numbers.some((p) => samePhone(p.number, c.phone_number, region)));
      addCall.run(c.id, c.phone_number, contact?.id ?? null, c.direction,
        time(c.start, `/calls/${i}/start`), c.duration_seconds);
    });
  })();
  return db;
}

function senderOf(
  m: { direction: "incoming" | "outgoing"; from?: string | undefined },
  participants: string[] | undefined,
  selfNumber: string,
  pointer: string,
): string {
  if (!participants) throw new DataLoadError(pointer, "names a conversation or chat that does not exist");
  if (m.direction === "outgoing") return selfNumber;
  if (m.from) return m.from;
  if (participants.length === 1) return participants[0]!;
  throw new DataLoadError(`${pointer}/from`, "an incoming group message needs `from`");
}
