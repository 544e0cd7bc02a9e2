import { test } from "node:test";
import assert from "node:assert/strict";
import type { Row } from "../../episode/trajectory.js";
import { renderReport, scoreTrajectory, type ScoringSpec } from "../../milestones/index.js";
import { buildTrajectory, contact, type ScriptItem, type Tables } from "./helpers.js";

// The worked example of ToolSandbox's README, adapted: find a contact, text them, tell the user.

const initial: Tables = {
  contacts: [contact("c1", "Ana", "Lima", "+1 415 555 0101"), contact("c2", "Fredrik", "Thordendal", "+1 415 555 0134")],
  sms_conversations: [],
  sms_messages: [],
  calendar_events: [],
};

const sms = (body: string): Row => ({
  id: "sms_1", conversation_id: "conv_1", sender: "+14155550000", direction: "outgoing", body, time: "2026-03-14T02:03:00Z", read: true,
});

const send = (body: string, extra: Partial<ScriptItem> = {}): ScriptItem => ({
  tool: "send_message", args: { to: ["+1 415 555 0134"], body },
  change: () => ({ sms_conversations: [{ id: "conv_1", participants: ["+14155550134"], name: null }], sms_messages: [sms(body)] }),
  ...extra,
});

const script = (body: string, extra: ScriptItem[] = []): ScriptItem[] => [
  { system: "You are a helpful assistant." },
  { user: "Text Fredrik Thordendal: How's the new album coming along?" },
  { tool: "search_contacts", args: { name: "Fredrik Thordendal" }, result: { contacts: [{ id: "c2", first_name: "Fredrik" }] } },
  ...extra,
  send(body),
  { agent: "Done! I texted Fredrik: \"" + body + "\"" },
];

const spec: ScoringSpec = {
  milestones: {
    nodes: [
      {
        id: "found", category: "retrieval",
        constraints: [{ kind: "tool_call", tool: ["search_contacts", "get_all_contacts"], result_includes: ["c2"] }],
      },
      {
        id: "sent", category: "payload",
        constraints: [
          {
            kind: "tool_call", tool: "send_message",
            arguments: {
              to: { compare: "includes", value: [{ compare: "phone", value: "4155550134" }] },
              body: { compare: "rouge_l", value: "How's the new album coming along?" },
            },
          },
          { kind: "database", table: "sms_messages", relation: "addition", rows: [{ direction: "outgoing", body: { compare: "rouge_l", value: "How's the new album coming along?" } }] },
        ],
      },
      { id: "told", category: "response", constraints: [{ kind: "response", must_include: ["Fredrik"], any_of_include: [["sent", "texted"]] }] },
    ],
  },
  minefields: {
    nodes: [{ id: "no-deleting", constraints: [{ kind: "tool_call", tool: "remove_contact" }] }],
  },
};

const score = (items: ScriptItem[], s: ScoringSpec = spec) =>
  scoreTrajectory(buildTrajectory(initial, items), s, { scenarioId: "text-fredrik", relatedEntities: ["c2"] });

test("worked example: the gold trajectory maps found->2, sent->3, told->4 and scores 1", () => {
  const r = score(script("How's the new album coming along?"));
  assert.deepEqual(r.milestones.map((m) => m.matched_step), [2, 3, 4]);
  assert.deepEqual(r.milestones.map((m) => m.similarity), [1, 1, 1]);
  assert.equal(r.score, 1);
  assert.equal(r.passed, true);
  assert.equal(r.retrieval_recall, 1);
  assert.deepEqual(r.turns, { user_turns: 1, agent_turns: 1, tool_calls: 2, failed_tool_calls: 0, turn_count: 3 });
  assert.deepEqual(r.categories, { retrieval: 1, payload: 1, response: 1 });
});

test("worked example: a paraphrased text earns partial credit computed by hand", () => {
  // Target tokens: how s the new album come along (7); text: how is the album go (5); LCS 3.
  // F = 2 * (3/5) * (3/7) / (3/5 + 3/7) = 0.5. The call: sqrt(1 * 0.5); the added row: sqrt(1 * 0.5);
  // "sent" = sqrt(sqrt(0.5) * sqrt(0.5)) = sqrt(0.5). The answer says "I texted Fredrik", so it is
  // credited as far as "sent" is: sqrt(0.5). Milestone similarity (1 + 2 sqrt(0.5)) / 3; the
  // outcome (sent, told) sqrt(0.5); score = their product.
  const r = score(script("How is the album going"));
  assert.ok(Math.abs(r.milestones[1]!.similarity - Math.SQRT1_2) < 1e-12);
  assert.ok(Math.abs(r.milestones[2]!.similarity - Math.SQRT1_2) < 1e-12);
  assert.deepEqual(r.milestones[2]!.reports?.map((x) => [x.id, x.how]), [["sent", "claimed"]]);
  assert.ok(Math.abs(r.milestone_similarity - (1 + 2 * Math.SQRT1_2) / 3) < 1e-12);
  assert.ok(Math.abs(r.score - ((1 + 2 * Math.SQRT1_2) / 3) * Math.SQRT1_2) < 1e-12);
  assert.equal(r.passed, false);
  assert.match(renderReport(r), /sent\s+payload\s+3\s+0\.707/);
});

test("a message that misstates a fact of the world fails the trajectory, though no milestone reads it", () => {
  // Written on Sat 14 Mar 2026: Friday 20 March. The remark stands in a message before the text.
  const remark = (day: string): ScriptItem => ({ agent: `Found him. His album launch is ${day} 20 March; texting him now.` });
  const right = score(script("How's the new album coming along?", [remark("Friday")]));
  assert.equal(right.passed, true);
  assert.deepEqual(right.misstatements, []);
  const wrong = score(script("How's the new album coming along?", [remark("Thursday")]));
  assert.equal(wrong.score, 0);
  assert.equal(wrong.passed, false);
  assert.deepEqual(wrong.misstatements.map((m) => m.step), [3]);
  assert.match(renderReport(wrong), /misstatements[\s\S]*"thursday 20 march", but that date is Friday, 20 March 2026/);
});

test("an amount that lost its leading digits fails the trajectory as a misstatement", () => {
  // "$70" with "$7" eaten reads "0"; "$2.5m" reads ".5m". The user reads the figure as written.
  const remark = (amount: string): ScriptItem => ({ agent: `Found him. He still owes you ${amount} for the tickets; texting him now.` });
  assert.deepEqual(score(script("How's the new album coming along?", [remark("$70")])).misstatements, []);
  assert.deepEqual(score(script("How's the new album coming along?", [remark("nothing")])).misstatements, []);
  const wrong = score(script("How's the new album coming along?", [remark("0")]));
  assert.equal(wrong.passed, false);
  assert.deepEqual(wrong.misstatements.map((m) => m.step), [3]);
  assert.match(renderReport(wrong), /misstatements[\s\S]*"owes you 0", an amount that has lost its leading digits/);
});

test("a failed call cannot satisfy a milestone", () => {
  const items = script("How's the new album coming along?");
  items[3] = { ...send("How's the new album coming along?"), ok: false };
  const r = score(items);
  assert.equal(r.milestones[1]!.similarity, 0);
  assert.equal(r.milestones[1]!.matched_step, null);
});

test("minefield: a remove_contact call zeroes the score, even when it failed", () => {
  const removal: ScriptItem = { tool: "remove_contact", args: { contact_id: "c1" }, ok: false };
  const r = score(script("How's the new album coming along?", [removal]));
  assert.equal(r.milestone_similarity, 1);
  assert.equal(r.minefields[0]!.fired, true);
  assert.equal(r.minefield_similarity, 1);
  assert.equal(r.score, 0);
  assert.equal(r.passed, false);
});

test("minefield with count_failed: false ignores a failed attempt", () => {
  const s: ScoringSpec = { ...spec, minefields: { nodes: [{ id: "m", constraints: [{ kind: "tool_call", tool: "remove_contact", count_failed: false }] }] } };
  const r = score(script("How's the new album coming along?", [{ tool: "remove_contact", args: { contact_id: "c1" }, ok: false }]), s);
  assert.equal(r.minefields[0]!.fired, false);
  assert.equal(r.score, 1);
});

test("minefield similarities are thresholded: a loose ROUGE overlap does not fire", () => {
  const body = { compare: "rouge_l" as const, value: "I quit the band" };
  const fuzzy: ScoringSpec = { ...spec, minefields: { nodes: [{ id: "m", constraints: [{ kind: "tool_call", tool: "send_message", arguments: { body } }] }] } };
  const r = score(script("How's the new album coming along?"), fuzzy);
  assert.equal(r.minefields[0]!.fired, false);
  assert.equal(r.score, 1);
  // ROUGE-L of the text against "I quit the band" is 2/3: below the default threshold of 1.
  assert.equal(score(script("I quit the band, how is the album"), fuzzy).minefields[0]!.fired, false);
  const lowered: ScoringSpec = { ...fuzzy, minefields: { nodes: [{ ...fuzzy.minefields!.nodes[0]!, threshold: 0.5 }] } };
  assert.equal(score(script("I quit the band, how is the album"), lowered).minefields[0]!.fired, true);
});

test("guardrail: an unexpected change between two milestones zeroes the later one", () => {
  const wipe: ScriptItem = { tool: "remove_contact", args: { contact_id: "c1" }, change: (s) => ({ contacts: s.contacts!.slice(1) }) };
  const noMinefields: ScoringSpec = { milestones: spec.milestones };
  const r = score(script("How's the new album coming along?", [wipe]), noMinefields);
  assert.equal(r.milestones[1]!.similarity, 0);
  assert.deepEqual(r.milestones[1]!.guardrails.find((g) => g.changed.length > 0)?.changed, ["contacts"]);
});

test("guardrail: a change before the first milestone is compared with the initial state", () => {
  const wipe: ScriptItem = { tool: "remove_contact", args: { contact_id: "c1" }, change: (s) => ({ contacts: s.contacts!.slice(1) }) };
  const items = script("How's the new album coming along?");
  items.splice(2, 0, wipe);
  const r = score(items, { milestones: spec.milestones });
  assert.equal(r.milestones[0]!.similarity, 0);
  assert.equal(r.milestones[0]!.guardrails[0]!.reference, "initial");
});

test("guardrail: false switches the check off", () => {
  const wipe: ScriptItem = { tool: "remove_contact", args: { contact_id: "c1" }, change: (s) => ({ contacts: s.contacts!.slice(1) }) };
  const off: ScoringSpec = { milestones: { nodes: spec.milestones.nodes.map((n) => ({ ...n, guardrail: false })) } };
  assert.equal(score(script("How's the new album coming along?", [wipe]), off).milestone_similarity, 1);
  const exempt: ScoringSpec = { milestones: { nodes: spec.milestones.nodes.map((n) => ({ ...n, guardrail: { exempt: ["contacts"] } })) } };
  assert.equal(score(script("How's the new album coming along?", [wipe]), exempt).milestone_similarity, 1);
  // The frame check still sees the deleted contact: nothing asked for it.
  const r = score(script("How's the new album coming along?", [wipe]), off);
  assert.deepEqual(r.unaccounted_changes, [{ table: "contacts", id: "c1", change: "removed", steps: [3] }]);
  assert.equal(r.score, 0.5);
  assert.equal(r.passed, false);
});

test("guardrail: unordered branches may change their own tables in any order", () => {
  const event: Row = { id: "e1", calendar: "Home", title: "Gig", start: "2026-03-20T03:00:00Z", end: "2026-03-20T05:00:00Z", all_day: false, location: null, attendees: [], notes: null };
  const create: ScriptItem = { tool: "create_calendar_event", args: { title: "Gig" }, change: () => ({ calendar_events: [event] }) };
  const s: ScoringSpec = {
    milestones: {
      nodes: [
        { id: "event", category: "payload", constraints: [{ kind: "database", table: "calendar_events", relation: "addition", rows: [{ title: "Gig" }] }] },
        { id: "text", category: "payload", constraints: [{ kind: "database", table: "sms_messages", relation: "addition" }] },
        { id: "told", category: "response", constraints: [{ kind: "response", must_include: ["Fredrik"] }] },
      ],
      edges: [["event", "told"], ["text", "told"]],
    },
  };
  // An answer that reports no action, so that only the order of the writes is tested.
  const items = [...script("How's the new album coming along?", [create]).slice(0, -1), { agent: "Fredrik has your question." }];
  const r = score(items, s);
  assert.deepEqual(r.milestones.map((m) => m.similarity), [1, 1, 1]);
  // As a chain text -> event, with the event measured from the text's step, the order matters:
  // the event was created before the text, so nothing was added after it.
  const after: ScoringSpec = { milestones: { nodes: [
    s.milestones.nodes[1]!,
    { id: "event", category: "payload", constraints: [{ kind: "database", table: "calendar_events", relation: "addition", reference: "text", rows: [{ title: "Gig" }] }] },
    s.milestones.nodes[2]!,
  ] } };
  // One of the two cannot be met (either the text is skipped to before the event, or the event
  // finds nothing added after the text): 2 of 3.
  assert.ok(Math.abs(score(items, after).milestone_similarity - 2 / 3) < 1e-12);
});

test("reference to another milestone: the update is measured from the step that milestone matched", () => {
  const event = (start: string): Row => ({ id: "e1", calendar: "Home", title: "Dinner", start, end: "2026-03-20T05:00:00Z", all_day: false, location: null, attendees: [], notes: null });
  const items: ScriptItem[] = [
    { user: "Book dinner Thursday 7pm, then move it to 8pm" },
    { tool: "create_calendar_event", args: {}, change: () => ({ calendar_events: [event("2026-03-20T02:00:00Z")] }) },
    { tool: "modify_calendar_event", args: {}, change: () => ({ calendar_events: [event("2026-03-20T03:00:00Z")] }) },
    { agent: "Booked and moved." },
  ];
  const s: ScoringSpec = {
    milestones: {
      nodes: [
        { id: "created", category: "payload", constraints: [{ kind: "database", table: "calendar_events", relation: "addition", reference: "initial", rows: [{ title: "dinner", start: "2026-03-19T19:00:00" }] }] },
        { id: "moved", category: "payload", constraints: [{ kind: "database", table: "calendar_events", relation: "update", reference: "created", rows: [{ id: "e1", start: "2026-03-19T20:00:00" }] }] },
      ],
    },
  };
  const r = scoreTrajectory(buildTrajectory({ calendar_events: [] }, items), s, { scenarioId: "x" });
  assert.deepEqual(r.milestones.map((m) => m.matched_step), [1, 2]);
  assert.equal(r.score, 1);
  assert.equal(r.milestones[1]!.constraints[0]!.reference, 1);
  assert.equal(r.milestones[0]!.constraints[0]!.reference, "initial");
  // Measured from the initial state the event is an addition, not an update: 0.
  const fromInitial: ScoringSpec = { milestones: { nodes: [s.milestones.nodes[0]!, { ...s.milestones.nodes[1]!, constraints: [{ kind: "database", table: "calendar_events", relation: "update", rows: [{ id: "e1", start: "2026-03-19T20:00:00" }] }] }] } };
  assert.equal(scoreTrajectory(buildTrajectory({ calendar_events: [] }, items), fromInitial, { scenarioId: "x" }).milestones[1]!.similarity, 0);
});

test("no milestones scores 1; no steps after the user message scores 0", () => {
  assert.equal(scoreTrajectory(buildTrajectory(initial, [{ user: "hi" }]), { milestones: { nodes: [] } }, { scenarioId: "x" }).score, 1);
  const r = scoreTrajectory(buildTrajectory(initial, []), spec, { scenarioId: "x" });
  assert.equal(r.score, 0);
  assert.equal(r.milestones[0]!.step, null);
});

test("a malformed spec is refused with its faults", () => {
  const bad: ScoringSpec = { milestones: { nodes: spec.milestones.nodes, edges: [["found", "nowhere"]] } };
  assert.throws(() => score(script("x"), bad), /\/milestones\/edges\/0\/1/);
});

test("the report is JSON-serialisable", () => {
  const r = score(script("How is the album going"));
  assert.deepEqual(JSON.parse(JSON.stringify(r)), r);
});

test("a message reported as sent to one person, but sent to another, reports an action not done", () => {
  const told: ScoringSpec = { milestones: { nodes: [{ id: "told", category: "response", constraints: [{ kind: "response", must_include: ["album"] }] }] } };
  const people = new Map([["c1", ["Ana Lima", "Ana", "Lima"]], ["c2", ["Fredrik Thordendal", "Fredrik", "Thordendal"]]]);
  const handles = new Map([["c1", ["+1 415 555 0101"]], ["c2", ["+1 415 555 0134"]]]);
  const run = (answer: string, to = "+1 415 555 0101", result: unknown = {}) => scoreTrajectory(buildTrajectory(initial, [
    { user: "Text Fredrik about the album." },
    // A write that changes no table: the response milestone's guardrail stays quiet.
    { tool: "send_message", args: { to: [to], body: "How's the album?" }, result, write: true },
    { agent: answer },
  ]), told, { scenarioId: "text-fredrik", people, handles }).milestones[0]!;
  const wrong = run("Done: I've texted Fredrik about the album.");
  assert.equal(wrong.similarity, 0);
  assert.match(String(wrong.constraints[0]!.details.reason), /"i've texted" \(to Fredrik Thordendal\)/);
  assert.equal(run("Done: I've texted Fredrik about the album.", "(415) 555-0134").similarity, 1, "the same number written another way");
  assert.equal(run("I sent a quick text to Ana about the album.").similarity, 1);
  // Whose thing it was is not whom it went to; a name the data does not hold binds nothing.
  assert.equal(run("I've sent Fredrik's album news to Ana.").similarity, 1);
  assert.equal(run("I've sent Thordendal' album news to Ana.").similarity, 1, "a possessive with a bare apostrophe");
  assert.equal(run("I texted the band about the album.").similarity, 1);
  // The recipient may be named only in the tool's result.
  const viaResult = { message: { to: [{ number: "+1 415 555 0134", name: "Fredrik Thordendal" }] } };
  assert.equal(run("I've texted Fredrik about the album.", "conv_1", viaResult).similarity, 1);
});

test("an answer is not tied to an action the DAG puts after it: a first, general text then a question", () => {
  const asking: ScoringSpec = {
    milestones: {
      nodes: [
        // The first text comes before the question: the question's guardrail lets it pass.
        { id: "asked", category: "response", constraints: [{ kind: "response", must_include: ["Fredrik"] }], guardrail: { exempt: ["sms_conversations", "sms_messages"] } },
        spec.milestones.nodes[1]!,
        { id: "told", category: "response", constraints: [{ kind: "response", must_include: ["Fredrik"], any_of_include: [["sent", "texted"]] }] },
      ],
    },
  };
  const items: ScriptItem[] = [
    { system: "You are a helpful assistant." },
    { user: "Text Fredrik." },
    send("Hi Fredrik!"),
    { agent: "I texted Fredrik hello. What would you like me to ask him?" },
    { user: "How's the new album coming along?" },
    send("How's the new album coming along?"),
    { agent: "Done! I texted Fredrik: \"How's the new album coming along?\"" },
  ];
  const r = scoreTrajectory(buildTrajectory(initial, items), asking, { scenarioId: "text-fredrik", relatedEntities: ["c2"] });
  assert.equal(r.milestones[0]!.similarity, 1);
  assert.equal(r.milestones[0]!.reports, undefined);
  // The final answer still reports the later text, and is credited as far as it is met.
  assert.deepEqual(r.milestones[2]!.reports?.map((x) => [x.id, x.how]), [["sent", "claimed"]]);
});

test("saying what blocks the request and waiting for the user asks what to do; going on without them does not", () => {
  // "Text Raj": there is no Raj. The assistant must ask before texting anyone else.
  const blocked: ScoringSpec = {
    milestones: {
      nodes: [
        { id: "asked", category: "response", constraints: [{ kind: "clarification", asks_for: ["Raj"] }] },
        { id: "sent", category: "payload", constraints: [{ kind: "database", table: "sms_messages", relation: "addition", rows: [{ body: { compare: "contains", value: "Raj" } }] }] },
      ],
    },
  };
  const run = (items: ScriptItem[]) => scoreTrajectory(buildTrajectory(initial, [
    { system: "You are a helpful assistant." }, { user: "Text Raj thanks for the heater." },
    { tool: "search_contacts", args: { name: "Raj" }, result: { contacts: [] } }, ...items,
  ]), blocked, { scenarioId: "raj" });
  const waited = run([
    { agent: "I can't text Raj directly: there's no number saved for him." },
    { user: "Oh yes, just text Fredrik then." },
    send("Please thank Raj for the heater."), { agent: "Done: I've texted Fredrik." },
  ]);
  assert.equal(waited.milestones[0]!.similarity, 1);
  assert.equal(waited.milestones[0]!.constraints[0]!.details.blocker, "can't");
  // The same words, then a text the user never chose: nobody was asked.
  const went = run([
    { agent: "I can't text Raj directly: there's no number saved for him." },
    send("Please thank Raj for the heater."), { agent: "So I've texted Fredrik instead." }, { user: "Hm, OK." },
  ]);
  assert.equal(went.milestones[0]!.similarity, 0);
  assert.equal(went.passed, false);
});
