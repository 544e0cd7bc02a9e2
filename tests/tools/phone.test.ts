import { test } from "node:test";
import assert from "node:assert/strict";
import { call, openEpisode } from "../helpers.js";

type Call = { id: string; contact_name: string | null; direction: string; start: string };

test("calls from a contact's second number carry the contact's name", () => {
  const e = openEpisode();
  const r = call<{ calls: Call[] }>(e, "search_phonelog_calls", { person: "Sam" });
  assert.deepEqual(r.calls.map((c) => [c.id, c.contact_name]), [["call_sam_1", "Sam Reyes"]]);
});

test("missed calls filter", () => {
  const e = openEpisode();
  assert.deepEqual(call<{ calls: Call[] }>(e, "search_phonelog_calls", { direction: "missed" }).calls.map((c) => c.id), ["call_unknown_1"]);
});

test("create_outgoing_call logs a call at the clock's time", () => {
  const e = openEpisode();
  const c = call<{ call: Call }>(e, "create_outgoing_call", { phone_number: "+1 206 555 0150" }).call;
  assert.equal(c.direction, "outgoing");
  assert.equal(c.contact_name, "Sam Reyes");
  assert.equal(c.start, "2026-10-28T20:00:10-07:00");
});

test("remove_phone_call_logs by id names the unknown id and changes nothing", () => {
  const e = openEpisode();
  const step = e.callTool("remove_phone_call_logs", { call_ids: ["call_sam_1", "call_nope"] });
  assert.equal(step.error?.id, "call_nope");
  assert.equal(call<{ calls: Call[] }>(e, "get_all_phone_calls").calls.length, 3);
});
