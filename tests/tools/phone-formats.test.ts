import { test } from "node:test";
import assert from "node:assert/strict";
import { call, openEpisode } from "../helpers.js";

// A number written as people write it (national format, dots, brackets) is the same number in
// every tool: the fixture protagonist lives in the US and stores numbers in international form.

type Contact = { id: string };

test("search_contacts finds a contact by a number in national format, as phone_number or as query", () => {
  const e = openEpisode();
  for (const args of [{ phone_number: "(415) 555-0134" }, { query: "415.555.0134" }, { phone_number: "1-415-555-0134" }]) {
    assert.deepEqual(call<{ contacts: Contact[] }>(e, "search_contacts", args).contacts.map((c) => c.id), ["ct_jess_moore"], JSON.stringify(args));
  }
});

test("send_message to a national-format number continues the existing conversation", () => {
  const e = openEpisode();
  const sent = call<{ message: { conversation_id: string } }>(e, "send_message", { to: ["415-555-0134"], body: "On my way" });
  assert.equal(sent.message.conversation_id, "conv_jess");
});

test("calls and messages are found by a national-format number", () => {
  const e = openEpisode();
  assert.ok(call<{ calls: unknown[] }>(e, "search_phonelog_calls", { phone_number: "(206) 555-0151" }).calls.length > 0);
  assert.ok(call<{ messages: unknown[] }>(e, "search_messages", { phone_number: "415 555 0134" }).messages.length > 0);
});
