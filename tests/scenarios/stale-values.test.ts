import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { staleValues } from "../../scenarios/stale-values.js";
import type { ProtagonistFile } from "../../scenarios/protagonist-format.js";
import { FIXTURE_DATA, loadChangedProtagonist } from "../helpers.js";
import { replyOf, responseOutcome } from "../../milestones/constraints.js";
import { compareContext } from "../../milestones/index.js";

// A plan a message changed while the calendar kept it: Dana's dinner with Jess is at 19:00 in the
// calendar; from Jess's text on 28 Oct (sms_jess_1) it really starts at 19:30.

const read = () => JSON.parse(fs.readFileSync(path.join(FIXTURE_DATA, "test-person", "protagonist.json"), "utf8")) as ProtagonistFile;
const withOutdated = (outdated: unknown) => {
  const p = read();
  (p.calendar_events[0] as Record<string, unknown>).outdated = outdated;
  return p;
};

test("an outdated record's start is a stale value from the message on, not before", () => {
  const p = withOutdated({ since: "2026-10-28T18:02:00", start: "2026-10-29T19:30:00", by: "sms_jess_1" });
  const dinner = (at: string) => staleValues(p, at).filter((d) => JSON.stringify(d).includes("dinner"));
  assert.deepEqual(dinner("2026-10-28T20:00:00"), [{ about: [["dinner", "jess", "dinner with", "dinner jess", "with jess", "jess dinner", "Luca's"]], value: { time: "19:00" }, was_true: true }]);
  assert.deepEqual(dinner("2026-10-28T18:00:00"), []);
});

test("an outdated record must name a record that says so and a start of its own", () => {
  const p = withOutdated({ since: "2026-10-28T18:02:00", start: "2026-10-29T19:00:00", by: "sms_nowhere" });
  const loaded = loadChangedProtagonist(p);
  assert.equal(loaded.ok, false);
  assert.deepEqual(loaded.ok ? [] : loaded.faults.map((f) => f.pointer).sort(), ["/calendar_events/0/outdated/by", "/calendar_events/0/outdated/start"]);
});

test("a place an event moved from is a stale value: its name, not its address", () => {
  const p = read();
  const dinner = p.calendar_events[0] as Record<string, unknown>;
  dinner.location = "Nopa, 560 Divisadero St";
  dinner.revisions = [{ location: "Zuni Cafe, 1658 Market St", until: "2026-10-27T12:00:00" }];
  const places = (at: string) => staleValues(p, at).filter((d) => typeof d === "object" && "value" in d && Array.isArray(d.value)).map((d) => (d as { value: unknown }).value);
  assert.deepEqual(places("2026-10-28T09:00:00"), [["Zuni Cafe"]]);
  assert.deepEqual(places("2026-10-26T09:00:00"), []);
});

test("an outdated record is named by its place as well as its title, when no other event is there", () => {
  const p = withOutdated({ since: "2026-10-28T18:02:00", start: "2026-10-29T19:30:00", by: "sms_jess_1" });
  (p.calendar_events[0] as Record<string, unknown>).location = "Ember & Vine, 42 Tib Street";
  const about = staleValues(p, "2026-10-28T20:00:00").filter((d) => JSON.stringify(d).includes("dinner")).map((d) => (d as { about: string[][] }).about[0]!);
  assert.ok(about.length === 1 && about[0]!.includes("Ember & Vine") && about[0]!.includes("dinner"), JSON.stringify(about));
  const shared = withOutdated({ since: "2026-10-28T18:02:00", start: "2026-10-29T19:30:00", by: "sms_jess_1" });
  for (const e of shared.calendar_events.slice(0, 2)) (e as Record<string, unknown>).location = "Ember & Vine, 42 Tib Street";
  const sharedAbout = staleValues(shared, "2026-10-28T20:00:00").filter((d) => JSON.stringify(d).includes("dinner")).map((d) => (d as { about: string[][] }).about[0]!);
  assert.ok(sharedAbout.every((a) => !a.includes("Ember & Vine")), JSON.stringify(sharedAbout));
});

test("a start the calendar itself replaced is false reported of the calendar now, true reported of then", () => {
  // The dinner was at 18:00 until 27 Oct, when the calendar moved it to 19:00.
  const p = read();
  (p.calendar_events[0] as Record<string, unknown>).revisions = [{ start: "2026-10-29T18:00:00", end: "2026-10-29T20:00:00", until: "2026-10-27T12:00:00" }];
  const stale = staleValues(p, "2026-10-28T09:00:00");
  const read18 = (text: string) => responseOutcome({ kind: "response", claims: [["Jess"]] },
    replyOf({ index: 3, time: "2026-10-28T09:00:00-07:00", snapshot: 0, kind: "agent", content: text }),
    compareContext("America/Los_Angeles", "US", stale)).similarity;
  assert.equal(read18("Jess is coming. Your calendar still shows the dinner at 18:00."), 0);
  assert.equal(read18("Jess is coming. The dinner is at 19:00 now; Jess said on Monday the dinner was at 18:00."), 1);
  assert.equal(read18("Jess is coming. The dinner was at 18:00 until it moved to 19:00."), 1);
});
