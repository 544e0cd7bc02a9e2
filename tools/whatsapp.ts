import { chatTools } from "./chat-tools.js";
import { whatsappStore } from "./chat.js";

// "whatapp" is ASTRA-bench's spelling, kept so that its trajectories carry over unchanged.
export const whatsappTools = chatTools(whatsappStore, {
  search: "search_whatapp_messages",
  getAll: "get_all_whatapp_messages",
  send: "send_whatapp_message",
  remove: "remove_whatapp_message_or_conversation",
});
