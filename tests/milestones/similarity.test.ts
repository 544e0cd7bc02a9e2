import { test } from "node:test";
import assert from "node:assert/strict";
import { compareContext, compareValue, type Expectation } from "../../milestones/index.js";
import { ZONE } from "./helpers.js";

const ctx = () => compareContext(ZONE, "US");
const cmp = (e: Expectation, actual: unknown) => compareValue(e, actual, ctx());

test("exact: JSON equality, a missing value equals null", () => {
  assert.equal(cmp({ compare: "exact", value: "Jess" }, "Jess"), 1);
  assert.equal(cmp({ compare: "exact", value: "Jess" }, "jess"), 0);
  assert.equal(cmp({ compare: "exact", value: [1, { a: 2 }] }, [1, { a: 2 }]), 1);
  assert.equal(cmp({ compare: "exact", value: null }, undefined), 1);
});

test("normalized: case and white space do not matter", () => {
  assert.equal(cmp({ compare: "normalized", value: "Dinner  with Jess" }, " dinner with JESS "), 1);
  assert.equal(cmp({ compare: "normalized", value: "Dinner with Jess" }, "Dinner with Jessica"), 0);
});

test("contains: case-insensitive substring", () => {
  assert.equal(cmp({ compare: "contains", value: "LATE" }, "Running 10 min late"), 1);
  assert.equal(cmp({ compare: "contains", value: "early" }, "Running 10 min late"), 0);
  assert.equal(cmp({ compare: "contains", value: "late" }, null), 0);
});

test("rouge_l: the F-measure, or 0/1 with a threshold", () => {
  assert.ok(Math.abs(cmp({ compare: "rouge_l", value: "the cat sat on the mat" }, "the cat was on the mat") - 5 / 6) < 1e-12);
  assert.equal(cmp({ compare: "rouge_l", value: "the cat sat on the mat", threshold: 0.8 }, "the cat was on the mat"), 1);
  assert.equal(cmp({ compare: "rouge_l", value: "the cat sat on the mat", threshold: 0.9 }, "the cat was on the mat"), 0);
});

test("number: within the tolerance; numeric strings count", () => {
  assert.equal(cmp({ compare: "number", value: 30, tolerance: 5 }, 34), 1);
  assert.equal(cmp({ compare: "number", value: 30, tolerance: 5 }, 36), 0);
  assert.equal(cmp({ compare: "number", value: 30 }, "30"), 1);
});

test("time: instants compared; no offset means the protagonist's zone", () => {
  // 19:00 in Los Angeles on 13 March 2026 (PDT, -07:00) is 02:00Z on the 14th.
  assert.equal(cmp({ compare: "time", value: "2026-03-13T19:00:00" }, "2026-03-14T02:00:00Z"), 1);
  assert.equal(cmp({ compare: "time", value: "2026-03-13T22:00:00-04:00" }, "2026-03-14T02:00:00Z"), 1);
  assert.equal(cmp({ compare: "time", value: "2026-03-13T19:10:00", tolerance_seconds: 600 }, "2026-03-14T02:00:00Z"), 1);
  assert.equal(cmp({ compare: "time", value: "2026-03-13T19:11:00", tolerance_seconds: 600 }, "2026-03-14T02:00:00Z"), 0);
  assert.equal(cmp({ compare: "time", value: "2026-03-13T19:00:00" }, "not a time"), 0);
});

test("phone: national and international forms of one number agree in the protagonist's region", () => {
  assert.equal(cmp({ compare: "phone", value: "+1 415-555-0134" }, "4155550134"), 1);
  assert.equal(cmp({ compare: "phone", value: "(415) 555 0134" }, "+14155550134"), 1);
  assert.equal(cmp({ compare: "phone", value: "+1 415-555-0134" }, "+1 415-555-0135"), 0);
  assert.equal(cmp({ compare: "phone", value: "0134" }, "+1 415-555-0134"), 0);
  const japan = compareContext("Asia/Tokyo", "JP");
  assert.equal(compareValue({ compare: "phone", value: "+81 78 811 5904" }, "078-811-5904", japan), 1);
  assert.equal(compareValue({ compare: "phone", value: "+81 78 811 5904" }, "(078) 811.5904", japan), 1);
  assert.equal(compareValue({ compare: "phone", value: "+81 78 811 5904" }, "050-3184-2277", japan), 0);
  const britain = compareContext("Europe/London", "GB");
  assert.equal(compareValue({ compare: "phone", value: "+44 161 496 0123" }, "0161 496 0123", britain), 1);
});

test("set: same elements in any order, normalized; sizes must agree", () => {
  assert.equal(cmp({ compare: "set", value: ["Ana@x.com", "bo@x.com"] }, ["bo@x.com", "ana@x.com"]), 1);
  assert.equal(cmp({ compare: "set", value: ["ana@x.com"] }, ["ana@x.com", "bo@x.com"]), 0);
  assert.equal(cmp(["a", "b"], ["b", "a"]), 1, "a bare array is a set");
});

test("includes: every listed element present, extras allowed; elements may be comparisons", () => {
  assert.equal(cmp({ compare: "includes", value: [{ compare: "phone", value: "415 555 0134" }] }, ["+14155550199", "+14155550134"]), 1);
  assert.equal(cmp({ compare: "includes", value: ["a", "a"] }, ["a", "b"]), 0, "each element needs its own match");
});

test("any_of: the best alternative", () => {
  assert.equal(cmp({ compare: "any_of", value: ["Friday", "Fri"] }, "fri"), 1);
  assert.equal(cmp({ compare: "any_of", value: ["Friday", { compare: "contains", value: "fri" }] }, "Fri 7pm"), 1);
  assert.equal(cmp({ compare: "any_of", value: ["Friday"] }, "Monday"), 0);
});

test("any and empty", () => {
  assert.equal(cmp({ compare: "any" }, undefined), 1);
  assert.equal(cmp({ compare: "empty" }, ""), 1);
  assert.equal(cmp({ compare: "empty" }, []), 1);
  assert.equal(cmp({ compare: "empty" }, "x"), 0);
});

test("bare values: strings normalized, date-times as times, numbers and booleans exact, objects partial", () => {
  assert.equal(cmp("Jess", "JESS"), 1);
  assert.equal(cmp("2026-03-13T19:00", "2026-03-14T02:00:00Z"), 1);
  assert.equal(cmp("1990-05-02", "1990-05-02"), 1, "a date alone is plain text");
  assert.equal(cmp(3, 3), 1);
  assert.equal(cmp(true, false), 0);
  assert.equal(cmp(null, null), 1);
  assert.equal(cmp({ number: { compare: "phone", value: "4155550134" } }, { label: "mobile", number: "+1 415 555 0134" }), 1);
  assert.equal(cmp({ label: "work" }, { label: "mobile", number: "1" }), 0);
});

test("partial object similarity is the geometric mean of its keys", () => {
  const s = cmp({ a: "x", b: { compare: "rouge_l", value: "the cat sat on the mat" } }, { a: "x", b: "the cat was on the mat" });
  assert.ok(Math.abs(s - Math.sqrt(5 / 6)) < 1e-12);
});

test("phone: Mexico's retired mobile 1 and 01/044/045 prefixes still denote the number", () => {
  const mexico = compareContext("America/Mexico_City", "MX");
  for (const written of ["+52 1 55 3907 1552", "044 55 3907 1552", "01 55 3907 1552", "55 3907 1552"]) {
    assert.equal(compareValue({ compare: "phone", value: "+52 55 3907 1552" }, written, mexico), 1, written);
  }
});

test("states: a text read as an answer is, for typed values (a message body, an event's notes)", () => {
  const wed = compareContext("Europe/London", "GB", [], "2026-10-14T14:30:00+01:00");
  const sunday = { compare: "states" as const, value: { date: "2026-10-18" }, only: true };
  assert.equal(compareValue(sunday, "Thanks Ken! I'll pick up the garlic when I'm down on Sunday", wed), 1);
  assert.equal(compareValue(sunday, "Thanks Ken! See you Sunday 18 Oct.", wed), 1);
  assert.equal(compareValue(sunday, "Thanks Ken! I'll pick up the garlic on Sunday 25th", wed), 0);
  assert.equal(compareValue(sunday, "Thanks Ken!", wed), 0);
  // Without `only`, another date in the text is no fault; the share of values stated is the score.
  const two = { compare: "states" as const, value: [{ date: "2026-10-18" }, { time: "10:00" }] };
  assert.equal(compareValue(two, "Sunday at 10am, and the gate code changes Sat 17th", wed), 1);
  assert.equal(compareValue(two, "Sunday, if that works", wed), 0.5);
  assert.equal(compareValue(two, 42, wed), 0);
});

test("states with about: a value asserted of its subject, in its own clause, also in a request", () => {
  const sun = compareContext("Europe/London", "GB", [], "2026-10-25T15:30:00+00:00");
  const maths = { compare: "states" as const, value: { date: "2026-10-29" }, about: ["maths"] };
  assert.equal(compareValue(maths, "Chidi's maths revision at school is Thu 10-12, can you drop him?", sun), 1);
  assert.equal(compareValue(maths, "Maths revision Wed 28th 10-12. Drop them back Thu 29th. There's also a science revision Thu 10-12.", sun), 0);
  assert.equal(compareValue(maths, "Thu: you drop the kids back. Wed: maths revision 10-12.", sun), 0);
});
