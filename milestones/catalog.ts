// What the scorer knows about the database and the tools. The scorer may import only the
// trajectory types (STYLE.md: milestones depends on nothing else), so the table columns and the
// tool names are restated here; tests/milestones/catalog.test.ts keeps them honest against db/.

export const TABLE_COLUMNS = {
  contacts: ["id", "first_name", "last_name", "phone_numbers", "emails", "relationship", "birthday", "address", "notes", "is_self"],
  calendar_events: ["id", "calendar", "title", "start", "end", "all_day", "location", "attendees", "notes"],
  emails: ["id", "thread_id", "folder", "from_address", "from_name", "to", "cc", "subject", "body", "time", "read"],
  sms_conversations: ["id", "participants", "name"],
  sms_messages: ["id", "conversation_id", "sender", "direction", "body", "time", "read"],
  whatsapp_chats: ["id", "name", "participants", "is_group"],
  whatsapp_messages: ["id", "chat_id", "sender", "direction", "body", "time"],
  calls: ["id", "phone_number", "contact_id", "direction", "start", "duration_seconds"],
} as const;

export type TableName = keyof typeof TABLE_COLUMNS;
export const TABLE_NAMES = Object.keys(TABLE_COLUMNS) as TableName[];

/** Write tools and the tables each may change. A milestone that expects a write call
 *  "constrains" those tables, which exempts them from guardrails. */
export const WRITE_TOOL_TABLES: Readonly<Record<string, readonly TableName[]>> = {
  add_contact: ["contacts"],
  modify_contact: ["contacts"],
  remove_contact: ["contacts"],
  create_calendar_event: ["calendar_events"],
  modify_calendar_event: ["calendar_events"],
  remove_calendar_event: ["calendar_events"],
  send_email: ["emails"],
  modify_draft_email: ["emails"],
  remove_email_or_thread: ["emails"],
  send_message: ["sms_messages", "sms_conversations"],
  remove_message_or_conversation: ["sms_messages", "sms_conversations"],
  send_whatapp_message: ["whatsapp_messages", "whatsapp_chats"],
  remove_whatapp_message_or_conversation: ["whatsapp_messages", "whatsapp_chats"],
  create_outgoing_call: ["calls"],
  remove_phone_call_logs: ["calls"],
};

export const READ_TOOLS = [
  "search_contacts", "get_all_contacts",
  "search_calendar_events", "get_all_calendars",
  "search_emails", "get_all_emails",
  "search_messages", "get_all_messages",
  "search_whatapp_messages", "get_all_whatapp_messages",
  "search_phonelog_calls", "get_all_phone_calls",
] as const;

export const WRITE_TOOLS = Object.keys(WRITE_TOOL_TABLES);
export const TOOL_NAMES: readonly string[] = [...READ_TOOLS, ...WRITE_TOOLS];

/** Guardrails work per domain: sending a text may create a conversation as well as a message,
 *  so a milestone about either SMS table exempts both. */
const DOMAIN_OF: Readonly<Record<TableName, string>> = {
  contacts: "contacts",
  calendar_events: "calendar",
  emails: "email",
  sms_conversations: "sms",
  sms_messages: "sms",
  whatsapp_chats: "whatsapp",
  whatsapp_messages: "whatsapp",
  calls: "calls",
};

export function domainTables(table: TableName): TableName[] {
  return TABLE_NAMES.filter((t) => DOMAIN_OF[t] === DOMAIN_OF[table]);
}

export function isTableName(name: string): name is TableName {
  return Object.prototype.hasOwnProperty.call(TABLE_COLUMNS, name);
}
