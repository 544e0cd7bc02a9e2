import { chatTools } from "./chat-tools.js";
import { smsStore } from "./chat.js";

export const messageTools = chatTools(smsStore, {
  search: "search_messages",
  getAll: "get_all_messages",
  send: "send_message",
  remove: "remove_message_or_conversation",
});
