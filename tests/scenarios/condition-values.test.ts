import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { uncheckedConditionValues } from "../../scenarios/condition-values.js";
import type { ProtagonistFile } from "../../scenarios/protagonist-format.js";
import type { ScenarioFile } from "../../scenarios/scenario-format.js";
import { FIXTURE_DATA } from "../helpers.js";

// A success condition naming a time, a date or an amount that no milestone or minefield names is
// checked by nothing: validate lists it. Fixture: Dana moves her dinner with Jess.

const dir = path.join(FIXTURE_DATA, "test-person");
const person = JSON.parse(fs.readFileSync(path.join(dir, "protagonist.json"), "utf8")) as ProtagonistFile;
const base = JSON.parse(fs.readFileSync(path.join(dir, "scenarios", "move-dinner.json"), "utf8")) as ScenarioFile;

const scenario = (conditions: string[], constraints: unknown[], minefields?: unknown): ScenarioFile => ({
  ...base, reference_time: "2026-10-25T10:00:00", success_conditions: conditions,
  milestones: { nodes: [{ id: "answered", category: "response", constraints: constraints as never }] },
  minefields: minefields as never,
});

test("a time, date or amount a success condition names and no check names is listed", () => {
  const list = uncheckedConditionValues(scenario(["texts Jess the 20:00 start on Thu 29 Oct", "says the deposit is $40"],
    [{ kind: "response", claims: [["Jess"], ["29 Oct"]] }]), person);
  assert.deepEqual(list.map((u) => u.words), ["20:00", "$40"]);
});

test("a value named by a claim, a typed fact, a comparison or a minefield is checked; '(optional)' is skipped", () => {
  const list = uncheckedConditionValues(scenario(["texts Jess the 20:00 start on Thu 29 Oct", "says the deposit is $40", "mentions the 18:30 table (optional)"], [
    { kind: "response", facts: [{ about: ["deposit"], value: { amount: 40, currency: "USD" } }], claims: [["8pm"]] },
    { kind: "tool_call", tool: "send_message", arguments: { body: { compare: "states", value: { date: "2026-10-29" } } } },
  ]), person);
  assert.deepEqual(list, []);
  const viaMinefield = uncheckedConditionValues(scenario(["does not say 21:00"], [{ kind: "response", claims: [["Jess"]] }],
    { nodes: [{ id: "wrong", constraints: [{ kind: "response", claims: [["9pm"]] }] }] }), person);
  assert.deepEqual(viaMinefield, []);
});

test("a timestamp in a comparison names its date and time as written, with or without seconds; its offset is no time", () => {
  const moved = (start: string) => uncheckedConditionValues(scenario(["moves dinner to Thu 29 Oct 20:00", "says nothing of 08:00"], [
    { kind: "database", table: "calendar_events", relation: "update", rows: [{ start: { compare: "time", value: start } }] },
  ]), person).map((u) => u.words);
  assert.deepEqual(moved("2026-10-29T20:00:00"), ["08:00"]);
  assert.deepEqual(moved("2026-10-29T20:00"), ["08:00"]);
  assert.deepEqual(moved("2026-10-29T20:00:00-08:00"), ["08:00"]);
});
