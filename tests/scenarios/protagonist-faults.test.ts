import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { FIXTURE_DATA, loadChangedProtagonist } from "../helpers.js";

test("a protagonist file's referential and temporal faults are named by JSON pointer", () => {
  const p = JSON.parse(fs.readFileSync(path.join(FIXTURE_DATA, "test-person", "protagonist.json"), "utf8"));
  p.sms.messages[0].conversation_id = "conv_nowhere";
  p.whatsapp.messages[0].from = "+1 999 555 0100";
  p.sms.conversations[1].participants.push("+1 510 555 0100");
  p.calendar_events[1].end = p.calendar_events[1].start;
  p.calls[1].id = p.calls[0].id;
  p.contacts[4].id = "ct_new3";
  p.emails[0].time = "2026-01-01T10:00:00";
  const loaded = loadChangedProtagonist(p);
  assert.equal(loaded.ok, false);
  const pointers = loaded.ok ? [] : loaded.faults.map((f) => f.pointer).sort();
  assert.deepEqual(pointers, [
    "/calendar_events/1/end", "/calls/1/id", "/contacts/4/id", "/emails/0/time",
    "/sms/conversations/1/participants", "/sms/messages/0/conversation_id", "/whatsapp/messages/0/from",
  ]);
});
