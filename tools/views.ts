import { z } from "zod";
import type { CalendarEventRow, CallRow, ContactRow, EmailRow } from "../db/schema.js";
import { toDisplay } from "../db/time.js";
import { fullName, type ContactDirectory } from "./match.js";

// What tools return: rows rendered for an agent (times in the protagonist's zone with offset,
// names beside numbers). The zod shapes are the MCP output schemas.

const nullableString = z.string().nullable();

export const contactView = z.object({
  id: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: nullableString,
  phone_numbers: z.array(z.object({ label: z.string(), number: z.string() })),
  emails: z.array(z.object({ label: z.string(), address: z.string() })),
  relationship: nullableString,
  birthday: nullableString,
  address: nullableString,
  notes: nullableString,
  is_self: z.boolean(),
});

export function viewContact(c: ContactRow): z.infer<typeof contactView> {
  return { ...c, name: fullName(c) };
}

export const eventView = z.object({
  id: z.string(),
  calendar: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  all_day: z.boolean(),
  location: nullableString,
  attendees: z.array(z.string()),
  notes: nullableString,
});

export function viewEvent(e: CalendarEventRow, zone: string): z.infer<typeof eventView> {
  return { ...e, start: toDisplay(e.start, zone), end: toDisplay(e.end, zone) };
}

export const emailView = z.object({
  id: z.string(),
  thread_id: z.string(),
  folder: z.enum(["inbox", "sent", "drafts", "trash"]),
  from: z.string(),
  from_name: nullableString,
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  time: z.string(),
  read: z.boolean(),
});

export function viewEmail(m: EmailRow, zone: string, people: ContactDirectory): z.infer<typeof emailView> {
  const { from_address, ...rest } = m;
  return { ...rest, from: from_address, from_name: m.from_name ?? people.nameForEmail(from_address), time: toDisplay(m.time, zone) };
}

const person = z.object({ number: z.string(), name: nullableString });

/** One SMS or WhatsApp message; `conversation_id` is the chat id for WhatsApp. */
export const chatMessageView = z.object({
  id: z.string(),
  conversation_id: z.string(),
  conversation_name: nullableString,
  direction: z.enum(["incoming", "outgoing"]),
  from: person,
  to: z.array(person),
  body: z.string(),
  time: z.string(),
  read: z.boolean(),
});

export interface ChatMessageLike {
  id: string; sender: string; direction: "incoming" | "outgoing"; body: string; time: string; read: boolean;
}
export interface ConversationLike { id: string; participants: string[]; name: string | null }

export function viewChatMessage(
  m: ChatMessageLike, conversation: ConversationLike | undefined, zone: string, people: ContactDirectory,
): z.infer<typeof chatMessageView> {
  const self = people.self?.phone_numbers[0]?.number ?? m.sender;
  const others = conversation?.participants ?? [];
  const toNumbers = m.direction === "outgoing" ? others : [self, ...others.filter((n) => n !== m.sender)];
  const named = (number: string) => ({ number, name: people.nameForPhone(number) });
  return {
    id: m.id,
    conversation_id: conversation?.id ?? "",
    conversation_name: conversation?.name ?? null,
    direction: m.direction,
    from: named(m.sender),
    to: toNumbers.map(named),
    body: m.body,
    time: toDisplay(m.time, zone),
    read: m.read,
  };
}

export const conversationView = z.object({
  id: z.string(),
  name: nullableString,
  participants: z.array(person),
});

export const callView = z.object({
  id: z.string(),
  phone_number: z.string(),
  contact_name: nullableString,
  direction: z.enum(["incoming", "outgoing", "missed"]),
  start: z.string(),
  duration_seconds: z.number(),
});

export function viewCall(c: CallRow, zone: string, people: ContactDirectory): z.infer<typeof callView> {
  const { contact_id: _unused, ...rest } = c;
  return { ...rest, contact_name: people.nameForPhone(c.phone_number), start: toDisplay(c.start, zone) };
}
