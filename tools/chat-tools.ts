import { z } from "zod";
import { defineTool, type AnyTool } from "./tool.js";
import {
  removeChat, removeInput, searchChat, searchInput, sendChat, sendInput, type ChatStore, type Found,
} from "./chat.js";
import { chatMessageView, conversationView, viewChatMessage } from "./views.js";
import type { ToolContext } from "./context.js";

// The four tools of a chat app, named as ASTRA-bench names them (including "whatapp").

export interface ChatToolNames { search: string; getAll: string; send: string; remove: string }

const messageList = z.object({ messages: z.array(chatMessageView) });

function render(ctx: ToolContext, found: Found[]) {
  return found.map((f) => viewChatMessage(f.message, f.conversation, ctx.zone, f.people));
}

export function chatTools(store: ChatStore, names: ChatToolNames): AnyTool[] {
  const app = store.app;
  const what = store.idField === "chat_id" ? "chat" : "conversation";
  const domain = app === "SMS" ? "messages" as const : "whatsapp" as const;
  const tables = [store.conversationTable, store.messageTable];
  const search = defineTool({
    name: names.search,
    title: `Search ${app} messages`,
    description:
      `Find ${app} messages. All given filters must match (AND). Example: {"person": "Jess", "time_from": "2026-03-13T18:00:00"}. ` +
      `Returns {messages: [...]} newest first, each with id, conversation_id (the ${what} id), conversation_name, direction, ` +
      "from {number, name}, to [{number, name}], body, time, read; an empty list when nothing matches.",
    domain, write: false, tables: [],
    input: searchInput(store),
    output: messageList,
    handler: (ctx, args) => ({ messages: render(ctx, searchChat(ctx, store, args)) }),
  });
  const getAll = defineTool({
    name: names.getAll,
    title: `List all ${app} messages`,
    description: `Return every ${app} message in every ${what} as {messages: [...]}, newest first.`,
    domain, write: false, tables: [],
    input: z.object({}),
    output: messageList,
    handler: (ctx) => ({ messages: render(ctx, searchChat(ctx, store, {})) }),
  });
  const send = defineTool({
    name: names.send,
    title: `Send a ${app} message`,
    description:
      `Send a ${app} message from the user's phone, either to phone numbers ("to") or into an existing ${what} ("${store.idField}"). ` +
      `Example: {"to": ["+1 415 555 0134"], "body": "Running 10 min late"}. Returns {message: {...}} as sent.`,
    domain, write: true, tables,
    input: sendInput(store),
    output: z.object({ message: chatMessageView }),
    handler(ctx, args) {
      const found = sendChat(ctx, store, args as Parameters<typeof sendChat>[2]);
      return { message: render(ctx, [found])[0]! };
    },
  });
  const remove = defineTool({
    name: names.remove,
    title: `Delete a ${app} message or ${what}`,
    description:
      `Delete one ${app} message (message_id) or a whole ${what} with all its messages (${store.idField}); give exactly one. ` +
      `Returns {removed_messages: [...], removed_${what}: {...} or null}.`,
    domain, write: true, tables,
    input: removeInput(store),
    output: z.object({ removed_messages: z.array(chatMessageView), [`removed_${what}`]: conversationView.nullable() }),
    handler(ctx, args) {
      const { messages, conversation, people } = removeChat(ctx, store, args);
      return {
        removed_messages: render(ctx, messages),
        [`removed_${what}`]: conversation && {
          id: conversation.id,
          name: conversation.name,
          participants: conversation.participants.map((number) => ({ number, name: people.nameForPhone(number) })),
        },
      };
    },
  });
  return [search, getAll, send, remove] as unknown as AnyTool[];
}
