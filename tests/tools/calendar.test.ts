import { test } from "node:test";
import assert from "node:assert/strict";
import { call, openEpisode } from "../helpers.js";

type Events = { events: { id: string; start: string; end: string; title: string }[] };

test("a date-only time range selects every event overlapping that day", () => {
  const e = openEpisode();
  const r = call<Events>(e, "search_calendar_events", { time_from: "2026-10-30", time_to: "2026-10-30" });
  assert.deepEqual(r.events.map((x) => x.id), ["evt_standup", "evt_review"]);
});

test("times come back in the protagonist's zone with the offset of that date (PDT before, PST after 1 Nov)", () => {
  const e = openEpisode();
  const r = call<Events>(e, "get_all_calendars");
  const byId = new Map(r.events.map((x) => [x.id, x]));
  assert.equal(byId.get("evt_dinner_jess")!.start, "2026-10-29T19:00:00-07:00");
  assert.equal(byId.get("evt_dentist")!.start, "2026-11-02T08:30:00-08:00");
});

test("an event at 10:00 on the day the clocks go back is found by a local-time filter", () => {
  const e = openEpisode();
  const r = call<Events>(e, "search_calendar_events", { time_from: "2026-11-01T09:59:00", time_to: "2026-11-01T10:01:00" });
  assert.deepEqual(r.events.map((x) => x.id), ["evt_call_sam"]);
  assert.equal(r.events[0]!.start, "2026-11-01T10:00:00-08:00");
});

test("a filter with an explicit offset is taken as written", () => {
  const e = openEpisode();
  const r = call<Events>(e, "search_calendar_events", { time_from: "2026-10-30T02:00:00Z", time_to: "2026-10-30T02:30:00Z" });
  assert.deepEqual(r.events.map((x) => x.id), ["evt_dinner_jess"]);
});

test("moving only the start of an event keeps its duration across the DST change", () => {
  const e = openEpisode();
  const r = call<{ event: { start: string; end: string } }>(e, "modify_calendar_event", { event_id: "evt_dinner_jess", start: "2026-11-05T19:00:00" });
  assert.equal(r.event.start, "2026-11-05T19:00:00-08:00");
  assert.equal(r.event.end, "2026-11-05T21:00:00-08:00");
});

test("create_calendar_event defaults to one hour and rejects an end before the start", () => {
  const e = openEpisode();
  const r = call<{ event: { id: string; end: string; calendar: string } }>(e, "create_calendar_event", { title: "Haircut", start: "2026-10-31T11:00:00" });
  assert.equal(r.event.end, "2026-10-31T12:00:00-07:00");
  assert.equal(r.event.calendar, "Personal");
  const bad = e.callTool("create_calendar_event", { title: "x", start: "2026-10-31T11:00:00", end: "2026-10-31T10:00:00" });
  assert.equal(bad.error?.field, "end");
});

test("an all-day event runs from midnight to the next midnight", () => {
  const e = openEpisode();
  const one = call<{ event: { start: string; end: string; all_day: boolean } }>(e, "create_calendar_event", { title: "Holiday", start: "2026-11-02", all_day: true }).event;
  assert.deepEqual([one.start, one.end, one.all_day], ["2026-11-02T00:00:00-08:00", "2026-11-03T00:00:00-08:00", true]);
  const two = call<{ event: { end: string } }>(e, "create_calendar_event", { title: "Trip", start: "2026-10-31", end: "2026-11-01", all_day: true }).event;
  assert.equal(two.end, "2026-11-02T00:00:00-08:00");
  // An end at the midnight after the last day is that midnight, not one more day.
  const three = call<{ event: { end: string } }>(e, "create_calendar_event", { title: "Cabin", start: "2026-11-03", end: "2026-11-05T00:00:00", all_day: true }).event;
  assert.equal(three.end, "2026-11-05T00:00:00-08:00");
});

test("modifying an all-day event reads its dates as creating one does: a date-only end is the last day", () => {
  const e = openEpisode();
  type Ev = { event: { id: string; start: string; end: string; all_day: boolean } };
  const cabin = call<Ev>(e, "create_calendar_event", { title: "Cabin", start: "2026-11-03", end: "2026-11-05", all_day: true }).event;
  const resized = call<Ev>(e, "modify_calendar_event", { event_id: cabin.id, end: "2026-11-06" }).event;
  assert.deepEqual([resized.start, resized.end, resized.all_day], ["2026-11-03T00:00:00-08:00", "2026-11-07T00:00:00-08:00", true]);
  // Moving only the start keeps the number of days (across the clock change of 1 Nov too).
  const moved = call<Ev>(e, "modify_calendar_event", { event_id: cabin.id, start: "2026-10-30" }).event;
  assert.deepEqual([moved.start, moved.end], ["2026-10-30T00:00:00-07:00", "2026-11-03T00:00:00-08:00"]);
  // A timed event made all-day covers its day.
  const lunch = call<Ev>(e, "create_calendar_event", { title: "Lunch", start: "2026-11-04T12:00:00" }).event;
  const day = call<Ev>(e, "modify_calendar_event", { event_id: lunch.id, all_day: true }).event;
  assert.deepEqual([day.start, day.end, day.all_day], ["2026-11-04T00:00:00-08:00", "2026-11-05T00:00:00-08:00", true]);
});

test("the attendee filter finds events by the attendee's contact name", () => {
  const e = openEpisode();
  assert.deepEqual(call<Events>(e, "search_calendar_events", { attendee: "Jess Moore" }).events.map((x) => x.id), ["evt_dinner_jess"]);
});

test("a malformed time names the argument and shows the expected format", () => {
  const e = openEpisode();
  const step = e.callTool("search_calendar_events", { time_from: "next tuesday" });
  assert.equal(step.error?.code, "invalid_argument");
  assert.equal(step.error?.field, "time_from");
  assert.match(step.error!.message, /ISO 8601/);
});

test("a search bound inside the clock-change gap is read as the moment the clocks jump, not refused", () => {
  const e = openEpisode();
  const step = e.callTool("search_calendar_events", { time_from: "2027-03-14T00:00:00", time_to: "2027-03-14T02:00:00" });
  assert.equal(step.ok, true);
});
