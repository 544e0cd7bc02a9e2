import { z } from "zod";

// The protagonist data file (scenarios/data/<protagonist>/protagonist.json). zod is the single
// source: the JSON Schema that ajv validates with is generated from these definitions.
// Times: ISO 8601. Without an offset ("2026-03-14T19:00:00") a time is read in the protagonist's
// zone; with one ("2026-03-14T19:00:00-07:00") it is taken as written.

const id = z.string().regex(/^[a-z0-9][a-z0-9_.-]*$/, "lower-case id of letters, digits, _ . -");
const localOrOffsetTime = z.string().regex(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/,
  "ISO 8601 date-time, offset optional, e.g. 2026-03-14T19:00:00",
);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "ISO date YYYY-MM-DD");
const phone = z.string().regex(/^\+?[0-9 ()-]{5,20}$/, "phone number, e.g. +1 415 555 0134");
const emailAddress = z.string().regex(/^[^@\s]+@[^@\s]+$/, "email address");

export const contactInput = z.object({
  id,
  first_name: z.string().min(1),
  last_name: z.string().optional(),
  phone_numbers: z.array(z.object({ label: z.string(), number: phone })).default([]),
  emails: z.array(z.object({ label: z.string(), address: emailAddress })).default([]),
  relationship: z.string().optional(),
  birthday: z.string().regex(/^(\d{4}|-)-\d{2}-\d{2}$/, "YYYY-MM-DD, or --MM-DD without a year").optional(),
  address: z.string().optional(),
  notes: z.string().optional(),
  is_self: z.boolean().default(false),
  created: localOrOffsetTime.optional().describe("when the contact was saved; absent: before the data window"),
  revisions: z.array(z.object({
    first_name: z.string().min(1).optional(),
    last_name: z.string().optional(),
    phone_numbers: z.array(z.object({ label: z.string(), number: phone })).optional(),
    emails: z.array(z.object({ label: z.string(), address: emailAddress })).optional(),
    relationship: z.string().optional(),
    birthday: z.string().regex(/^(\d{4}|-)-\d{2}-\d{2}$/, "YYYY-MM-DD, or --MM-DD without a year").optional(),
    address: z.string().optional(),
    notes: z.string().optional(),
    until: localOrOffsetTime.describe("the moment this earlier version was replaced"),
  }).strict()).optional().describe("earlier versions of a card that changed (a new number, a note added): the fields as they were until `until`; the top-level fields are the final version"),
}).strict();

const eventFields = {
  calendar: z.string().min(1),
  title: z.string().min(1),
  start: localOrOffsetTime,
  end: localOrOffsetTime,
  all_day: z.boolean().default(false),
  location: z.string().optional(),
  attendees: z.array(z.string()).default([]),
  notes: z.string().optional(),
};

export const calendarEventInput = z.object({
  id,
  ...eventFields,
  created: localOrOffsetTime.optional().describe("when the event was put in the calendar; absent: before the data window"),
  revisions: z.array(z.object(eventFields).omit({ all_day: true, attendees: true }).partial().extend({
    all_day: z.boolean().optional(),
    attendees: z.array(z.string()).optional(),
    until: localOrOffsetTime.describe("the moment this earlier version was replaced"),
  }).strict()).optional().describe("earlier versions of a plan that changed: the fields as they were until `until`; the top-level fields are the final version"),
  outdated: z.object({
    since: localOrOffsetTime.describe("when the record stopped telling the truth: the message that changed the plan, or the record's own making when it was wrong from the start"),
    start: localOrOffsetTime.describe("when the event really starts from then on"),
    by: id.describe("the record (a message, an email, a call) that says so"),
  }).strict().optional()
    .describe("a plan changed by a message while the calendar kept its start: from `since`, the record's start is a stale value an answer may repeat (\"7.30pm\" when the table was moved to 7pm)"),
}).strict();

export const emailInput = z.object({
  id,
  thread_id: id,
  folder: z.enum(["inbox", "sent", "drafts", "trash"]),
  from: emailAddress,
  from_name: z.string().optional(),
  to: z.array(emailAddress),
  cc: z.array(emailAddress).default([]),
  subject: z.string(),
  body: z.string(),
  time: localOrOffsetTime,
  read: z.boolean().default(true),
}).strict();

const chatMessage = {
  id,
  direction: z.enum(["incoming", "outgoing"]),
  from: phone.optional().describe("sender of an incoming message; defaults to the only other participant"),
  body: z.string().min(1),
  time: localOrOffsetTime,
};

export const smsInput = z.object({
  conversations: z.array(z.object({
    id,
    participants: z.array(phone).min(1).describe("the other people's numbers (not the protagonist's)"),
    name: z.string().optional(),
  }).strict()),
  messages: z.array(z.object({ ...chatMessage, conversation_id: id, read: z.boolean().default(true) }).strict()),
}).strict();

export const whatsappInput = z.object({
  chats: z.array(z.object({
    id,
    name: z.string().optional(),
    participants: z.array(phone).min(1),
    is_group: z.boolean().default(false),
  }).strict()),
  messages: z.array(z.object({ ...chatMessage, chat_id: id }).strict()),
}).strict();

export const callInput = z.object({
  id,
  phone_number: phone,
  direction: z.enum(["incoming", "outgoing", "missed"]),
  start: localOrOffsetTime,
  duration_seconds: z.number().int().min(0),
}).strict();

export const personalData = {
  contacts: z.array(contactInput),
  calendar_events: z.array(calendarEventInput),
  emails: z.array(emailInput),
  sms: smsInput,
  whatsapp: whatsappInput,
  calls: z.array(callInput),
};

export const protagonistFile = z.object({
  id,
  name: z.string().min(1),
  timezone: z.string().min(1).describe("IANA time zone, e.g. America/Los_Angeles"),
  country: z.string().regex(/^[A-Z]{2}$/, "ISO 3166-1 alpha-2 code, e.g. GB").optional()
    .describe("where the protagonist lives: the region of phone numbers written without a country code; absent: the country of the protagonist's own number"),
  age: z.number().int().positive(),
  occupation: z.string(),
  languages: z.array(z.string()).min(1),
  biography: z.string().min(1),
  routine: z.string().min(1).describe("the weekly pattern of life in prose"),
  data_window: z.object({ start: date, end: date }).strict(),
  social_network: z.array(z.object({
    contact_id: id,
    relationship: z.string(),
    frequency_per_quarter: z.number().min(0).describe("expected encounters per quarter"),
  }).strict()),
  story_events: z.array(z.object({
    id,
    title: z.string(),
    summary: z.string(),
    date,
    records: z.array(id).describe("ids of the records (in any app) this life event produced"),
  }).strict()),
  ...personalData,
}).strict();

export type ProtagonistFile = z.infer<typeof protagonistFile>;
export type ContactInput = z.infer<typeof contactInput>;
