import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { checkDistractorsAgainstData } from "../../scenarios/distractor-check.js";
import type { ProtagonistFile } from "../../scenarios/protagonist-format.js";
import type { ScenarioFile } from "../../scenarios/scenario-format.js";
import { FIXTURE_DATA } from "../helpers.js";

// A distractor equal to what the data holds for its subject at the reference time would fail a
// correct answer: validate refuses it. Fixture: Dana's dinner with Jess is at 19:00 on 29 Oct;
// Jess Moore's mobile is +1 415 555 0134.

const dir = path.join(FIXTURE_DATA, "test-person");
const person = JSON.parse(fs.readFileSync(path.join(dir, "protagonist.json"), "utf8")) as ProtagonistFile;
const base = JSON.parse(fs.readFileSync(path.join(dir, "scenarios", "move-dinner.json"), "utf8")) as ScenarioFile;

const withDistractors = (distractors: unknown[]): ScenarioFile => ({
  ...base, reference_time: "2026-10-25T10:00:00",
  milestones: { nodes: [{ id: "answered", category: "response", constraints: [{ kind: "response", claims: [["Jess"]], distractors } as never] }] },
  minefields: undefined,
});

test("validate refuses a distractor that is what the data holds for its subject", () => {
  const faults = checkDistractorsAgainstData("s.json", withDistractors([
    { about: [["dinner"]], value: { time: "19:00" } },
    { about: [["Jess Moore", "Moore"]], value: ["+1 415 555 0134"] },
  ]), person);
  assert.deepEqual(faults.map((f) => f.pointer), [
    "/milestones/nodes/0/constraints/0/distractors/0", "/milestones/nodes/0/constraints/0/distractors/1",
  ]);
  assert.match(faults[0]!.message, /evt_dinner_jess "Dinner with Jess"/);
});

test("a wrong value of its subject, another subject's value, or an outdated record's value passes", () => {
  assert.deepEqual(checkDistractorsAgainstData("s.json", withDistractors([
    { about: [["dinner"]], value: { time: "20:00" } },
    { about: [["Jess Moore"]], value: ["+1 415 555 0177"] },
    { about: [["dinner"]], value: { time: "19:00" }, record_outdated: true },
    ["19:00"],
  ]), person), []);
});

test("a person's names: the full name, and the parts no other contact shares", async () => {
  const { peopleNames } = await import("../../scenarios/people.js");
  const names = peopleNames(person);
  assert.deepEqual(names.get("ct_jess_moore"), ["Jess Moore", "Moore"]);
  assert.deepEqual(names.get("ct_jess_tran"), ["Jess Tran", "Tran"]);
});
