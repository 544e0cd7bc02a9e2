import { test } from "node:test";
import assert from "node:assert/strict";
import { asOf, buildScenarioSnapshot } from "../../db/snapshot.js";
import { loadPersonalData } from "../../db/load.js";
import { readSnapshot, wrap } from "../../db/state.js";
import { fixtureCatalog } from "../helpers.js";
import type { PersonalData } from "../../db/load.js";

const protagonist = () => fixtureCatalog().protagonists.get("test-person")!;
const ZONE = "America/Los_Angeles";

test("the snapshot holds communications up to the reference time and every calendar event", () => {
  const data = asOf(protagonist(), "2026-10-27T21:00:00", ZONE);
  assert.ok(data.emails.every((e) => e.time <= "2026-10-27T21:00:00"));
  assert.ok(!data.sms.messages.some((m) => m.id === "sms_jess_1"));
  assert.equal(data.calendar_events.length, protagonist().calendar_events.length);
});

test("a contact or event created after the reference time is not there yet", () => {
  const p = protagonist();
  const data: PersonalData = {
    ...p,
    contacts: [...p.contacts, { ...p.contacts[1]!, id: "ct_later", created: "2026-10-29T10:00:00" }],
    calendar_events: [...p.calendar_events, { ...p.calendar_events[0]!, id: "evt_later", created: "2026-10-29T10:00:00" }],
  };
  const before = asOf(data, "2026-10-28T20:00:00", ZONE);
  assert.ok(!before.contacts.some((c) => c.id === "ct_later"));
  assert.ok(!before.calendar_events.some((e) => e.id === "evt_later"));
  const after = asOf(data, "2026-10-29T10:00:00", ZONE);
  assert.ok(after.contacts.some((c) => c.id === "ct_later"));
});

test("an event's revisions give the version current at the reference time", () => {
  const p = protagonist();
  const dinner = { ...p.calendar_events[0]!, start: "2026-10-30T19:30:00", end: "2026-10-30T21:30:00", revisions: [
    { until: "2026-10-28T18:10:00", start: "2026-10-29T19:00:00", end: "2026-10-29T21:00:00" },
    { until: "2026-10-29T12:00:00", start: "2026-10-30T19:00:00", end: "2026-10-30T21:00:00", location: "Luca's back room" },
  ] };
  const data: PersonalData = { ...p, calendar_events: [dinner] };
  const at = (t: string) => asOf(data, t, ZONE).calendar_events[0]!;
  assert.equal(at("2026-10-28T09:00:00").start, "2026-10-29T19:00:00");
  assert.equal(at("2026-10-28T20:00:00").start, "2026-10-30T19:00:00");
  assert.equal(at("2026-10-28T20:00:00").location, "Luca's back room");
  assert.equal(at("2026-10-29T12:00:00").start, "2026-10-30T19:30:00");
  assert.equal(at("2026-10-29T12:00:00").location, dinner.location);
});

test("a contact's revisions give the card as it was: an old number, a note not yet written", () => {
  const p = protagonist();
  const sam = { ...p.contacts[1]!, notes: "Call after 9pm IST", revisions: [
    { until: "2026-10-28T18:00:00", phone_numbers: [{ label: "mobile", number: "+1 415 555 0100" }], notes: "" },
  ] };
  const data: PersonalData = { ...p, contacts: [sam] };
  const at = (t: string) => asOf(data, t, ZONE).contacts[0]!;
  assert.equal(at("2026-10-28T09:00:00").phone_numbers[0]!.number, "+1 415 555 0100");
  assert.equal(at("2026-10-28T09:00:00").notes, undefined);
  assert.equal(at("2026-10-28T18:00:00").notes, "Call after 9pm IST");
  assert.equal(at("2026-10-28T18:00:00").phone_numbers[0]!.number, sam.phone_numbers[0]!.number);
});

test("the same data gives a byte-identical snapshot image", () => {
  const a = buildScenarioSnapshot(protagonist(), ZONE, "2026-10-28T20:00:00");
  const b = buildScenarioSnapshot(protagonist(), ZONE, "2026-10-28T20:00:00");
  assert.ok(a.image.equals(b.image));
  assert.deepEqual(a.rows, b.rows);
});

test("times are stored in UTC; the row shape is what the drizzle schema declares", () => {
  const db = loadPersonalData(protagonist(), ZONE);
  const state = readSnapshot(wrap(db));
  const dinner = state.calendar_events!.find((e) => e.id === "evt_dinner_jess")!;
  assert.equal(dinner.start, "2026-10-30T02:00:00Z");
  assert.deepEqual(dinner.attendees, ["jess.moore@example.com"]);
  const self = state.contacts!.find((c) => c.id === "ct_self")!;
  assert.equal(self.is_self, true);
  const call = state.calls!.find((c) => c.id === "call_sam_1")!;
  assert.equal(call.contact_id, "ct_sam");
  db.close();
});

test("an incoming SMS with no `from` is from the conversation's only participant", () => {
  const db = loadPersonalData(protagonist(), ZONE);
  const rows = readSnapshot(wrap(db)).sms_messages!;
  assert.equal(rows.find((m) => m.id === "sms_jess_1")!.sender, "+1 415 555 0134");
  assert.equal(rows.find((m) => m.id === "sms_jess_2")!.sender, "+1 510 555 0100");
  db.close();
});
