import { test } from "node:test";
import assert from "node:assert/strict";
import type { Step } from "../../episode/trajectory.js";
import { compareContext } from "../../milestones/index.js";
import { noWriteOutcome, refusalOutcome as refusal, replyOf, responseOutcome as response, clarificationOutcome as clarification, toolCallOutcome } from "../../milestones/constraints.js";
import { buildTrajectory, ZONE } from "./helpers.js";

const agent = (content: string): Step => ({ index: 5, time: "2026-03-14T02:05:00Z", snapshot: 0, kind: "agent", content });
const ctx = () => compareContext(ZONE);
const responseOutcome = (c: Parameters<typeof response>[0], step: Step, x = ctx()) => response(c, replyOf(step), x);
const refusalOutcome = (c: Parameters<typeof refusal>[0], step: Step) => refusal(c, replyOf(step), ctx());
const clarificationOutcome = (c: Parameters<typeof clarification>[0], step: Step) => clarification(c, replyOf(step), ctx());

test("response: must_include counts whole words, case-insensitive", () => {
  assert.equal(responseOutcome({ kind: "response", must_include: ["jess", "Friday"] }, agent("Moved dinner with Jess to friday."), ctx()).similarity, 1);
  assert.equal(responseOutcome({ kind: "response", must_include: ["Jess"] }, agent("Moved dinner with Jessica."), ctx()).similarity, 0);
  assert.equal(responseOutcome({ kind: "response", must_include: ["3"] }, agent("It is at 13:00"), ctx()).similarity, 0);
});

test("response: the share of inclusions met, and any_of_include groups", () => {
  const c = { kind: "response" as const, must_include: ["Jess", "Friday"], any_of_include: [["7pm", "7 pm", "19:00"]] };
  assert.ok(Math.abs(responseOutcome(c, agent("Jess is set for 7 pm."), ctx()).similarity - 2 / 3) < 1e-12);
});

test("response: a forbidden phrase zeroes it", () => {
  const c = { kind: "response" as const, must_include: ["Jess"], must_not_include: ["deleted"] };
  assert.equal(responseOutcome(c, agent("I deleted Jess."), ctx()).similarity, 0);
});

test("response: close_to is ROUGE-L, or 0/1 with a threshold; only agent messages count", () => {
  const c = { kind: "response" as const, close_to: "the cat sat on the mat" };
  assert.ok(Math.abs(responseOutcome(c, agent("The cat was on the mat"), ctx()).similarity - 5 / 6) < 1e-12);
  assert.equal(responseOutcome({ ...c, threshold: 0.9 }, agent("The cat was on the mat"), ctx()).similarity, 0);
  assert.equal(responseOutcome(c, { index: 1, time: "t", snapshot: 0, kind: "user", content: "the cat sat on the mat" }, ctx()).similarity, 0);
});

test("refusal: a cue of inability plus the reason's mentions", () => {
  assert.equal(refusalOutcome({ kind: "refusal" }, agent("Sorry, I can’t find a contact named Zed.")).similarity, 1);
  assert.equal(refusalOutcome({ kind: "refusal", mentions: ["Zed", "birthday"] }, agent("I couldn't find Zed.")).similarity, 0.5);
  assert.equal(refusalOutcome({ kind: "refusal" }, agent("Done, the message is sent.")).similarity, 0);
});

test("clarification: a question that names what it asks for", () => {
  assert.equal(clarificationOutcome({ kind: "clarification", asks_for: ["Jess"] }, agent("Which Jess do you mean: Jess Park or Jess Wu?")).similarity, 1);
  assert.equal(clarificationOutcome({ kind: "clarification" }, agent("I sent it to Jess Park.")).similarity, 0);
  assert.equal(clarificationOutcome({ kind: "clarification", asks_for: ["time", "place"] }, agent("What time?")).similarity, 0.5);
});

test("no_write: any successful write anywhere in the trajectory breaks it", () => {
  const clean = buildTrajectory({}, [{ user: "x" }, { tool: "search_contacts" }, { tool: "send_message", ok: false, write: true }]);
  assert.equal(noWriteOutcome({ kind: "no_write" }, clean, false).similarity, 1);
  assert.equal(noWriteOutcome({ kind: "no_write" }, clean, true).similarity, 0, "a failed attempt counts when failures count");
  const wrote = buildTrajectory({}, [{ user: "x" }, { tool: "add_contact", change: () => ({ contacts: [] }) }]);
  assert.equal(noWriteOutcome({ kind: "no_write" }, wrote, false).similarity, 0);
  assert.equal(noWriteOutcome({ kind: "no_write", tools: ["send_message"] }, wrote, false).similarity, 1);
});

test("tool_call: alternative argument sets, the best counts; unnamed arguments are ignored", () => {
  const step: Step = { index: 2, time: "t", snapshot: 0, kind: "tool", tool: "search_contacts", arguments: { name: "Jess", limit: 5 }, ok: true, result: { contacts: [{ id: "c7" }] }, write: false };
  const c = { kind: "tool_call" as const, tool: "search_contacts", arguments: [{ name: "Jessica" }, { name: "jess" }], result_includes: ["c7", "c9"] };
  const o = toolCallOutcome(c, step, false, ctx());
  assert.equal(o.details.argument_set, 1);
  assert.ok(Math.abs(o.similarity - Math.sqrt(0.5)) < 1e-12, "args 1, result share 1/2");
  assert.equal(toolCallOutcome({ kind: "tool_call", tool: "get_all_contacts" }, step, false, ctx()).similarity, 0);
});

test("response: a number keyword matches with an ordinal or am/pm suffix, not inside a longer number", async () => {
  const { includesWords } = await import("../../milestones/text.js");
  assert.equal(includesWords("you land on december 17th", "17"), true);
  assert.equal(includesWords("dinner at 7pm", "7"), true);
  assert.equal(includesWords("the 27th", "7"), false);
  assert.equal(includesWords("at 17:30", "17"), true);
  assert.equal(includesWords("the 17thfloor", "17"), false);
  assert.equal(includesWords("room 170", "17"), false);
});
