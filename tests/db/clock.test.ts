import { test } from "node:test";
import assert from "node:assert/strict";
import { Clock } from "../../episode/clock.js";
import { rangeEnd, rangeStart, storageFromInput, toDisplay } from "../../db/time.js";

test("the clock crosses the end of US daylight saving time correctly", () => {
  const clock = new Clock("2026-11-01T01:30:00", "America/Los_Angeles", 1800);
  assert.equal(clock.display(0), "2026-11-01T01:30:00-07:00");
  assert.equal(clock.display(1), "2026-11-01T01:00:00-08:00");
  assert.equal(clock.display(2), "2026-11-01T01:30:00-08:00");
  assert.equal(clock.storage(2), "2026-11-01T09:30:00Z");
});

test("the clock crosses the start of Australian daylight saving time", () => {
  const clock = new Clock("2026-10-04T01:30:00", "Australia/Melbourne", 1800);
  assert.equal(clock.display(0), "2026-10-04T01:30:00+10:00");
  assert.equal(clock.display(1), "2026-10-04T03:00:00+11:00");
});

test("a reference time with an offset is taken as written and shown in the zone", () => {
  const clock = new Clock("2026-10-28T03:00:00Z", "Asia/Tokyo", 5);
  assert.equal(clock.display(0), "2026-10-28T12:00:00+09:00");
});

test("inputs without an offset are read in the zone; display carries the offset of that date", () => {
  assert.equal(storageFromInput("2026-07-01T12:00:00", "Europe/London"), "2026-07-01T11:00:00Z");
  assert.equal(storageFromInput("2026-12-01T12:00:00", "Europe/London"), "2026-12-01T12:00:00Z");
  assert.equal(toDisplay("2026-07-01T11:00:00Z", "Europe/London"), "2026-07-01T12:00:00+01:00");
});

test("a date range is the whole local day, including a 25-hour day", () => {
  assert.equal(rangeStart("2026-10-25", "Europe/London"), "2026-10-24T23:00:00Z");
  assert.equal(rangeEnd("2026-10-25", "Europe/London"), "2026-10-25T23:59:59Z");
});

test("a local time in the repeated hour is its first occurrence", () => {
  assert.equal(storageFromInput("2026-11-01T01:30:00", "America/Los_Angeles"), "2026-11-01T08:30:00Z");
  assert.equal(storageFromInput("2026-11-01T01:30:00-08:00", "America/Los_Angeles"), "2026-11-01T09:30:00Z");
});
