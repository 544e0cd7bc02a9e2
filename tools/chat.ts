import { z } from "zod";
import { eq } from "drizzle-orm";
import { byTime } from "./order.js";
import { sms_conversations, sms_messages, whatsapp_chats, whatsapp_messages, type TableName } from "../db/schema.js";
import { samePhone } from "../db/phone.js";
import type { ToolContext } from "./context.js";
import { invalid, notFound } from "./errors.js";
import { ContactDirectory, matchesText } from "./match.js";
import { allContacts } from "./contacts.js";
import { inRange, rangeArgs } from "./clock-args.js";
import { phoneNumber, textQuery, timeFrom, timeTo } from "./inputs.js";

// SMS and WhatsApp are the same machine: conversations (chats) of participants, and messages in
// them. This file holds that machine once; messages.ts and whatsapp.ts name and describe it.

export interface ChatMessage {
  id: string; conversation: string; sender: string; direction: "incoming" | "outgoing";
  body: string; time: string; read: boolean;
}
export interface Conversation { id: string; participants: string[]; name: string | null; is_group: boolean }

/** Table access for one chat app, rows normalised to ChatMessage / Conversation. */
export interface ChatStore {
  app: "SMS" | "WhatsApp";
  idField: "conversation_id" | "chat_id";
  conversationTable: TableName;
  messageTable: TableName;
  conversations(ctx: ToolContext): Conversation[];
  messages(ctx: ToolContext): ChatMessage[];
  insertConversation(ctx: ToolContext, c: Conversation): void;
  insertMessage(ctx: ToolContext, m: ChatMessage): void;
  deleteMessage(ctx: ToolContext, id: string): void;
  deleteConversation(ctx: ToolContext, id: string): void;
}

export const smsStore: ChatStore = {
  app: "SMS",
  idField: "conversation_id",
  conversationTable: "sms_conversations",
  messageTable: "sms_messages",
  conversations: (ctx) => ctx.rows("sms_conversations").map((c) => ({ ...c, is_group: c.participants.length > 1 })),
  messages: (ctx) => byTime(ctx.rows("sms_messages"), (m) => m.time, "desc").map((m) => ({ ...m, conversation: m.conversation_id })),
  insertConversation: (ctx, c) => ctx.db.insert(sms_conversations).values({ id: c.id, participants: c.participants, name: c.name }).run(),
  insertMessage: (ctx, m) => ctx.db.insert(sms_messages).values({
    id: m.id, conversation_id: m.conversation, sender: m.sender, direction: m.direction, body: m.body, time: m.time, read: m.read,
  }).run(),
  deleteMessage: (ctx, id) => { ctx.db.delete(sms_messages).where(eq(sms_messages.id, id)).run(); },
  deleteConversation: (ctx, id) => {
    ctx.db.delete(sms_messages).where(eq(sms_messages.conversation_id, id)).run();
    ctx.db.delete(sms_conversations).where(eq(sms_conversations.id, id)).run();
  },
};

export const whatsappStore: ChatStore = {
  app: "WhatsApp",
  idField: "chat_id",
  conversationTable: "whatsapp_chats",
  messageTable: "whatsapp_messages",
  conversations: (ctx) => [...ctx.rows("whatsapp_chats")],
  messages: (ctx) => byTime(ctx.rows("whatsapp_messages"), (m) => m.time, "desc").map((m) => ({ ...m, conversation: m.chat_id, read: true })),
  insertConversation: (ctx, c) => ctx.db.insert(whatsapp_chats).values(c).run(),
  insertMessage: (ctx, m) => ctx.db.insert(whatsapp_messages).values({
    id: m.id, chat_id: m.conversation, sender: m.sender, direction: m.direction, body: m.body, time: m.time,
  }).run(),
  deleteMessage: (ctx, id) => { ctx.db.delete(whatsapp_messages).where(eq(whatsapp_messages.id, id)).run(); },
  deleteConversation: (ctx, id) => {
    ctx.db.delete(whatsapp_messages).where(eq(whatsapp_messages.chat_id, id)).run();
    ctx.db.delete(whatsapp_chats).where(eq(whatsapp_chats.id, id)).run();
  },
};

export function searchInput(store: ChatStore) {
  return z.object({
    query: textQuery.describe("Words to find in the message text"),
    phone_number: phoneNumber.optional().describe("Messages from or to this number (any format)"),
    person: z.string().min(1).optional().describe("Messages from or to a contact with this name, e.g. \"Jess\""),
    [store.idField]: z.string().min(1).optional().describe(`Only messages of this ${store.idField === "chat_id" ? "chat" : "conversation"}`),
    direction: z.enum(["incoming", "outgoing"]).optional().describe("incoming: received; outgoing: sent by the user"),
    time_from: timeFrom,
    time_to: timeTo,
  });
}

export interface SearchArgs {
  query?: string | undefined; phone_number?: string | undefined; person?: string | undefined;
  direction?: "incoming" | "outgoing" | undefined; time_from?: string | undefined; time_to?: string | undefined;
  conversation_id?: string | undefined; chat_id?: string | undefined;
}

export interface Found { message: ChatMessage; conversation: Conversation | undefined; people: ContactDirectory }

export function searchChat(ctx: ToolContext, store: ChatStore, args: SearchArgs): Found[] {
  const range = rangeArgs(ctx, args.time_from, args.time_to);
  const people = new ContactDirectory(allContacts(ctx), ctx.region);
  const conversations = new Map(store.conversations(ctx).map((c) => [c.id, c]));
  const personNumbers = args.person === undefined ? undefined
    : people.named(args.person).flatMap((c) => c.phone_numbers.map((p) => p.number));
  const convId = args[store.idField];
  const involves = (m: ChatMessage, numbers: string[]) => {
    const parties = [m.sender, ...(conversations.get(m.conversation)?.participants ?? [])];
    return parties.some((p) => numbers.some((n) => samePhone(p, n, ctx.region)));
  };
  return store.messages(ctx)
    .filter((m) =>
      inRange(m.time, range) &&
      (args.query === undefined || matchesText(args.query, [m.body])) &&
      (args.phone_number === undefined || involves(m, [args.phone_number])) &&
      (personNumbers === undefined || involves(m, personNumbers)) &&
      (convId === undefined || m.conversation === convId) &&
      (args.direction === undefined || m.direction === args.direction))
    .map((message) => ({ message, conversation: conversations.get(message.conversation), people }));
}

export function sendInput(store: ChatStore) {
  const what = store.idField === "chat_id" ? "chat" : "conversation";
  return z.object({
    to: z.array(phoneNumber).min(1).optional().describe(
      `Recipients' phone numbers; the ${what} with exactly these people is used, or a new one is started`),
    [store.idField]: z.string().min(1).optional().describe(`Send into this existing ${what} instead of giving "to"`),
    body: z.string().min(1).describe("The message text"),
  });
}

export function sendChat(
  ctx: ToolContext, store: ChatStore, args: { to?: string[] | undefined; body: string } & Record<string, unknown>,
): Found {
  const convId = args[store.idField] as string | undefined;
  if ((args.to === undefined) === (convId === undefined)) throw invalid("to", `give exactly one of to or ${store.idField}`);
  const people = new ContactDirectory(allContacts(ctx), ctx.region);
  const conversations = store.conversations(ctx);
  let conversation: Conversation | undefined;
  if (convId !== undefined) {
    conversation = conversations.find((c) => c.id === convId);
    if (!conversation) throw notFound(`${store.app} ${store.idField === "chat_id" ? "chat" : "conversation"}`, convId, store.idField);
  } else {
    const to = args.to!.filter((n, i, all) => all.findIndex((m) => samePhone(m, n, ctx.region)) === i);
    if (to.some((n) => people.isSelfPhone(n))) throw invalid("to", "is the user's own number; give the recipients' numbers");
    // The conversation with exactly these people: every recipient is a participant and every
    // participant a recipient.
    conversation = conversations.find((c) => c.participants.length === to.length &&
      to.every((n) => c.participants.some((p) => samePhone(p, n, ctx.region))) &&
      c.participants.every((p) => to.some((n) => samePhone(p, n, ctx.region))));
    if (!conversation) {
      conversation = { id: ctx.nextId(store.idField === "chat_id" ? "wa_chat" : "conv"), participants: to, name: null, is_group: to.length > 1 };
      store.insertConversation(ctx, conversation);
    }
  }
  const message: ChatMessage = {
    id: ctx.nextId(store.idField === "chat_id" ? "wa" : "sms"),
    conversation: conversation.id,
    sender: people.self?.phone_numbers[0]?.number ?? "self",
    direction: "outgoing",
    body: args.body,
    time: ctx.now(),
    read: true,
  };
  store.insertMessage(ctx, message);
  return { message, conversation, people };
}

export function removeInput(store: ChatStore) {
  const what = store.idField === "chat_id" ? "chat" : "conversation";
  return z.object({
    message_id: z.string().min(1).optional().describe("Id of one message to delete"),
    [store.idField]: z.string().min(1).optional().describe(`Id of a ${what} to delete with all of its messages`),
  });
}

export interface Removed { messages: Found[]; conversation: Conversation | null; people: ContactDirectory }

export function removeChat(ctx: ToolContext, store: ChatStore, args: Record<string, unknown>): Removed {
  const messageId = args.message_id as string | undefined;
  const convId = args[store.idField] as string | undefined;
  if ((messageId === undefined) === (convId === undefined)) throw invalid("message_id", `give exactly one of message_id or ${store.idField}`);
  const people = new ContactDirectory(allContacts(ctx), ctx.region);
  const conversations = new Map(store.conversations(ctx).map((c) => [c.id, c]));
  const messages = store.messages(ctx);
  if (messageId !== undefined) {
    const message = messages.find((m) => m.id === messageId);
    if (!message) throw notFound(`${store.app} message`, messageId, "message_id");
    store.deleteMessage(ctx, messageId);
    return { messages: [{ message, conversation: conversations.get(message.conversation), people }], conversation: null, people };
  }
  const conversation = conversations.get(convId!);
  if (!conversation) throw notFound(`${store.app} ${store.idField === "chat_id" ? "chat" : "conversation"}`, convId!, store.idField);
  store.deleteConversation(ctx, conversation.id);
  const removed = messages.filter((m) => m.conversation === conversation.id).map((message) => ({ message, conversation, people }));
  return { messages: removed, conversation, people };
}
