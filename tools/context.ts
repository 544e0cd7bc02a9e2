import type Database from "better-sqlite3";
import type { PimDatabase } from "../db/state.js";
import type { Region } from "../db/phone.js";
import type {
  CalendarEventRow, CallRow, ContactRow, EmailRow, SmsConversationRow, SmsMessageRow, TableName,
  WhatsappChatRow, WhatsappMessageRow,
} from "../db/schema.js";

/** The row type of each table, as the snapshot holds it. */
export interface TableRows {
  contacts: ContactRow; calendar_events: CalendarEventRow; emails: EmailRow;
  sms_conversations: SmsConversationRow; sms_messages: SmsMessageRow;
  whatsapp_chats: WhatsappChatRow; whatsapp_messages: WhatsappMessageRow; calls: CallRow;
}

/** What a tool handler may use: the episode's database, its zone, its clock and id counter.
 *  The episode implements it; tools never see the episode itself. */
export interface ToolContext {
  /** For writes. */
  readonly db: PimDatabase;
  /** For reads: the table as it was when the call began (the episode's current snapshot, read
   *  back from SQLite after every write), ordered by id. A handler never reads back its own
   *  writes. Reading the snapshot instead of querying again makes a read call cheap. */
  rows<T extends TableName>(table: T): readonly TableRows[T][];
  readonly sqlite: Database.Database;
  readonly zone: string;
  /** The protagonist's country, for phone numbers written without a country code. */
  readonly region?: Region;
  /** The clock's current time in storage form (UTC, "...Z"). */
  now(): string;
  /** A new id for a created entity, from the episode's counter: `${prefix}_new${n}`. */
  nextId(prefix: string): string;
}
