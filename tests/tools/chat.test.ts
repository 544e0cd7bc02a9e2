import { test } from "node:test";
import assert from "node:assert/strict";
import { call, openEpisode } from "../helpers.js";

type Msg = { id: string; conversation_id: string; direction: string; body: string; from: { number: string; name: string | null }; to: { number: string; name: string | null }[] };

test("search_messages by person finds the conversation with that contact", () => {
  const e = openEpisode();
  const r = call<{ messages: Msg[] }>(e, "search_messages", { person: "Jess Moore" });
  assert.deepEqual(r.messages.map((m) => m.id), ["sms_jess_2", "sms_jess_1"]);
  assert.equal(r.messages[1]!.from.name, "Jess Moore");
});

test("a message from a number not in the contacts has no name", () => {
  const e = openEpisode();
  const r = call<{ messages: Msg[] }>(e, "search_messages", { query: "parcel" });
  assert.equal(r.messages[0]!.from.name, null);
});

test("send_message to a known number reuses its conversation; to a new one starts one", () => {
  const e = openEpisode();
  const a = call<{ message: Msg }>(e, "send_message", { to: ["415-555-0134"], body: "Friday works" }).message;
  assert.equal(a.conversation_id, "conv_jess");
  assert.equal(a.direction, "outgoing");
  const b = call<{ message: Msg }>(e, "send_message", { to: ["+1 999 555 0100"], body: "hi" }).message;
  assert.equal(b.conversation_id, "conv_new2");
});

test("a repeated recipient does not select a group that has someone else in it", () => {
  const e = openEpisode();
  const m = call<{ message: Msg }>(e, "send_message", { to: ["+1 206 555 0150", "+1 206 555 0150"], body: "hi" }).message;
  assert.notEqual(m.conversation_id, "conv_family");
  assert.deepEqual(m.to.map((p) => p.number), ["+1 206 555 0150"]);
});

test("send_whatapp_message into a chat by chat_id", () => {
  const e = openEpisode();
  const m = call<{ message: Msg }>(e, "send_whatapp_message", { chat_id: "wa_chat_sam", body: "See you Sunday" }).message;
  assert.equal(m.conversation_id, "wa_chat_sam");
  assert.equal(call<{ messages: Msg[] }>(e, "get_all_whatapp_messages").messages.length, 3);
});

test("removing a conversation names its messages and the conversation", () => {
  const e = openEpisode();
  const r = call<{ removed_messages: Msg[]; removed_conversation: { id: string } }>(e, "remove_message_or_conversation", { conversation_id: "conv_unknown" });
  assert.equal(r.removed_messages.length, 1);
  assert.equal(r.removed_conversation.id, "conv_unknown");
});

test("send_message wants exactly one of to or conversation_id", () => {
  const e = openEpisode();
  assert.equal(e.callTool("send_message", { body: "x" }).error?.code, "invalid_argument");
  assert.equal(e.callTool("send_message", { body: "x", to: ["+1 415 555 0134"], conversation_id: "conv_jess" }).error?.code, "invalid_argument");
});
