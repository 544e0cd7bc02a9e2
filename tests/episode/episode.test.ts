import { test } from "node:test";
import assert from "node:assert/strict";
import { call, fixtureCatalog, openEpisode } from "../helpers.js";
import { Episode } from "../../episode/episode.js";
import type { ToolStep } from "../../episode/trajectory.js";
import { replay } from "../../episode/replay.js";
import { parseLog, writeLog } from "../../episode/log.js";

test("an episode starts with the system prompt (stating the reference time and zone) and the user's query", () => {
  const e = openEpisode();
  const [system, user] = e.trajectory().steps;
  assert.equal(system!.kind, "system");
  assert.match((system as { content: string }).content, /Wednesday, 28 October 2026, 20:00 \(America\/Los_Angeles, UTC-07:00\)/);
  assert.equal(user!.kind, "user");
  assert.equal(user!.time, "2026-10-28T20:00:05-07:00");
});

test("the clock advances a fixed tick per step", () => {
  const e = openEpisode("test-move-dinner", 60);
  const s = e.callTool("get_all_contacts", {}) as ToolStep;
  assert.equal(s.index, 2);
  assert.equal(s.time, "2026-10-28T20:02:00-07:00");
});

test("two episodes of one scenario never see each other's changes", () => {
  const a = openEpisode();
  const b = openEpisode();
  call(a, "remove_calendar_event", { event_id: "evt_dinner_jess" });
  const inB = call<{ events: { id: string }[] }>(b, "search_calendar_events", { query: "Jess" });
  assert.deepEqual(inB.events.map((x) => x.id), ["evt_dinner_jess"]);
  const inA = call<{ events: { id: string }[] }>(a, "search_calendar_events", { query: "Jess" });
  assert.deepEqual(inA.events, []);
});

test("bad arguments are a tool error naming the field, recorded as a step, and change nothing", () => {
  const e = openEpisode();
  const before = e.image();
  const cases: [string, unknown, string][] = [
    ["add_contact", { last_name: "x" }, "first_name"],
    ["create_calendar_event", { title: 3, start: "2026-10-30T10:00:00" }, "title"],
    ["send_message", { to: ["+1 415 555 0134"], body: "" }, "body"],
    ["modify_contact", { contact_id: "ct_sam", nickname: "S" }, "nickname"],
    ["send_email", "not an object", "arguments"],
  ];
  for (const [tool, args, field] of cases) {
    const step = e.callTool(tool, args);
    assert.equal(step.ok, false, tool);
    assert.equal(step.error?.code, "invalid_argument", tool);
    assert.match(`${step.error?.field} ${step.error?.message}`, new RegExp(field), tool);
  }
  assert.ok(e.image().equals(before));
  assert.equal(e.trajectory().snapshots.length, 1);
  assert.equal(e.stepCount, 2 + cases.length);
});

test("an unknown tool is a recorded tool error, not a crash", () => {
  const e = openEpisode();
  const step = e.callTool("send_sms", { to: "x" });
  assert.equal(step.error?.code, "unknown_tool");
  assert.match(step.error!.message, /send_sms/);
});

test("null arguments mean 'not given' (OpenAI strict mode sends them)", () => {
  const e = openEpisode();
  const r = call<{ contact: { last_name: string | null; phone_numbers: { label: string }[] } }>(e, "add_contact", {
    first_name: "Ola", last_name: null, phone_numbers: [{ label: null, number: "+1 510 555 0123" }], emails: null,
    relationship: null, birthday: null, address: null, notes: null,
  });
  assert.equal(r.contact.last_name, null);
  assert.equal(r.contact.phone_numbers[0]!.label, "mobile");
});

test("a write step makes a new snapshot sharing the unchanged tables", () => {
  const e = openEpisode();
  call(e, "get_all_contacts");
  call(e, "send_message", { to: ["+1 415 555 0134"], body: "Friday it is" });
  const t = e.trajectory();
  assert.equal(t.snapshots.length, 2);
  assert.equal(t.steps[2]!.snapshot, 0);
  assert.equal(t.steps[3]!.snapshot, 1);
  assert.equal(t.snapshots[1]!.contacts, t.snapshots[0]!.contacts);
  assert.equal(t.snapshots[1]!.sms_messages!.length, t.snapshots[0]!.sms_messages!.length + 1);
});

test("replaying an exported log gives byte-identical state and identical results", () => {
  const e = openEpisode();
  call(e, "search_calendar_events", { query: "Jess" });
  call(e, "modify_calendar_event", { event_id: "evt_dinner_jess", start: "2026-10-30T19:00:00" });
  call(e, "send_message", { to: ["+1 415 555 0134"], body: "Moved to Friday 7pm" });
  e.callTool("remove_contact", { contact_id: "nope" });
  call(e, "add_contact", { first_name: "Ola" });
  e.agentMessage("Done.");
  const log = writeLog(e.scenario.id, e.options, e.trajectory().steps);
  const parsed = parseLog(log);
  const again = replay(fixtureCatalog().get(parsed.header.scenario_id)!, { tickSeconds: parsed.header.options.tick_seconds }, parsed.steps);
  assert.ok(again.image().equals(e.image()));
  assert.equal(writeLog(again.scenario.id, again.options, again.trajectory().steps), log);
});

test("arguments that are not an object are kept as sent, so a replay repeats the same error", () => {
  const e = openEpisode();
  const step = e.callTool("get_all_phone_calls", "garbage") as ToolStep;
  assert.equal(step.ok, false);
  assert.equal(step.raw_arguments, "garbage");
  const parsed = parseLog(writeLog(e.scenario.id, e.options, e.trajectory().steps));
  const again = replay(fixtureCatalog().get("test-move-dinner")!, { tickSeconds: 5 }, parsed.steps);
  const replayed = again.trajectory().steps[2]!;
  assert.equal(replayed.kind === "tool" && replayed.ok, false);
});

test("deeply nested arguments are refused by the limit, not a crash, and are not a step", () => {
  let deep: unknown = "x";
  for (let i = 0; i < 5000; i++) deep = [deep];
  const e = openEpisode();
  const step = e.callTool("search_contacts", { query: deep });
  assert.equal(step.error?.code, "limit_exceeded");
  assert.equal(e.stepCount, 2);
  assert.doesNotThrow(() => writeLog(e.scenario.id, e.options, e.trajectory().steps));
});

test("a time without a date, or a week date, is refused: results never depend on the day a run happens", () => {
  const e = openEpisode();
  for (const start of ["19:00", "2026-W43-1", "2026-300"]) {
    const step = e.callTool("create_calendar_event", { title: "x", start });
    assert.equal(step.error?.field, "start", start);
  }
});

test("the scripted user answers a multi-turn agent and then ends the conversation", () => {
  const e = new Episode("t", fixtureCatalog().get("test-ask-sam")!, { tickSeconds: 5 });
  const first = e.agentMessage("Sure, what should I say?");
  assert.equal(first.user?.content, "Tell him Sunday at 10 is still on.");
  const second = e.agentMessage("Sent.");
  assert.equal(second.user?.content, "Thanks, that's all.");
  const third = e.agentMessage("Anything else?");
  assert.equal(third.ended, true);
  assert.equal(third.user, null);
});

test("an agent message the user can answer reopens a conversation it had ended (an answer in several messages, its question last)", () => {
  const e = new Episode("t", fixtureCatalog().get("test-ask-sam")!, { tickSeconds: 5 });
  assert.equal(e.agentMessage("On it.").user?.content, "Thanks, that's all.");
  const silent = e.agentMessage("I found the call on Sunday.");
  assert.equal(silent.ended, true);
  const asked = e.agentMessage("Before I text him: what should I say?");
  assert.equal(asked.ended, false);
  assert.equal(asked.user?.content, "Tell him Sunday at 10 is still on.");
  assert.equal(e.isEnded, false);
  // Each reply is said once: nothing is left to answer with.
  assert.equal(e.agentMessage("Which wording?").ended, true);
});

test("a single-turn scenario ends at the agent's reply", () => {
  const e = openEpisode();
  const turn = e.agentMessage("Done.");
  assert.equal(turn.ended, true);
});
