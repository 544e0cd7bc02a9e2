import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";

// Times are stored as UTC ISO-8601 strings ("2026-03-14T02:00:00Z") so that SQL ordering and
// range filters are plain string comparisons; tools render them in the protagonist's zone.
// Lists (phone numbers, attendees, recipients) are JSON text: a phone stores them per record too.

export interface PhoneNumber { label: string; number: string }
export interface EmailAddress { label: string; address: string }

export const contacts = sqliteTable("contacts", {
  id: text("id").primaryKey(),
  first_name: text("first_name").notNull(),
  last_name: text("last_name"),
  phone_numbers: text("phone_numbers", { mode: "json" }).$type<PhoneNumber[]>().notNull(),
  emails: text("emails", { mode: "json" }).$type<EmailAddress[]>().notNull(),
  relationship: text("relationship"),
  birthday: text("birthday"),
  address: text("address"),
  notes: text("notes"),
  is_self: integer("is_self", { mode: "boolean" }).notNull(),
});

export const calendar_events = sqliteTable("calendar_events", {
  id: text("id").primaryKey(),
  calendar: text("calendar").notNull(),
  title: text("title").notNull(),
  start: text("start").notNull(),
  end: text("end").notNull(),
  all_day: integer("all_day", { mode: "boolean" }).notNull(),
  location: text("location"),
  attendees: text("attendees", { mode: "json" }).$type<string[]>().notNull(),
  notes: text("notes"),
});

export const emails = sqliteTable("emails", {
  id: text("id").primaryKey(),
  thread_id: text("thread_id").notNull(),
  folder: text("folder", { enum: ["inbox", "sent", "drafts", "trash"] }).notNull(),
  from_address: text("from_address").notNull(),
  from_name: text("from_name"),
  to: text("to", { mode: "json" }).$type<string[]>().notNull(),
  cc: text("cc", { mode: "json" }).$type<string[]>().notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  time: text("time").notNull(),
  read: integer("read", { mode: "boolean" }).notNull(),
});

export const sms_conversations = sqliteTable("sms_conversations", {
  id: text("id").primaryKey(),
  participants: text("participants", { mode: "json" }).$type<string[]>().notNull(),
  name: text("name"),
});

export const sms_messages = sqliteTable("sms_messages", {
  id: text("id").primaryKey(),
  conversation_id: text("conversation_id").notNull(),
  sender: text("sender").notNull(),
  direction: text("direction", { enum: ["incoming", "outgoing"] }).notNull(),
  body: text("body").notNull(),
  time: text("time").notNull(),
  read: integer("read", { mode: "boolean" }).notNull(),
});

export const whatsapp_chats = sqliteTable("whatsapp_chats", {
  id: text("id").primaryKey(),
  name: text("name"),
  participants: text("participants", { mode: "json" }).$type<string[]>().notNull(),
  is_group: integer("is_group", { mode: "boolean" }).notNull(),
});

export const whatsapp_messages = sqliteTable("whatsapp_messages", {
  id: text("id").primaryKey(),
  chat_id: text("chat_id").notNull(),
  sender: text("sender").notNull(),
  direction: text("direction", { enum: ["incoming", "outgoing"] }).notNull(),
  body: text("body").notNull(),
  time: text("time").notNull(),
});

export const calls = sqliteTable("calls", {
  id: text("id").primaryKey(),
  phone_number: text("phone_number").notNull(),
  contact_id: text("contact_id"),
  direction: text("direction", { enum: ["incoming", "outgoing", "missed"] }).notNull(),
  start: text("start").notNull(),
  duration_seconds: integer("duration_seconds").notNull(),
});

export const tables = {
  contacts, calendar_events, emails, sms_conversations, sms_messages,
  whatsapp_chats, whatsapp_messages, calls,
} as const;

export type TableName = keyof typeof tables;
export const TABLE_NAMES = Object.keys(tables) as TableName[];

export type ContactRow = typeof contacts.$inferSelect;
export type CalendarEventRow = typeof calendar_events.$inferSelect;
export type EmailRow = typeof emails.$inferSelect;
export type SmsConversationRow = typeof sms_conversations.$inferSelect;
export type SmsMessageRow = typeof sms_messages.$inferSelect;
export type WhatsappChatRow = typeof whatsapp_chats.$inferSelect;
export type WhatsappMessageRow = typeof whatsapp_messages.$inferSelect;
export type CallRow = typeof calls.$inferSelect;

