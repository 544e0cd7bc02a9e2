import { test } from "node:test";
import assert from "node:assert/strict";
import { actionKey, addressee, claimedActions } from "../../milestones/answer/actions.js";
import { sentences, statements } from "../../milestones/answer/parse.js";
import { extractAmounts, extractDates, extractTimes, typedPhrase } from "../../milestones/answer/extract.js";
import { clauseBefore, restatedFrom, stanceAt } from "../../milestones/answer/stance.js";
import { readDump } from "../../milestones/answer/dump.js";
import { lostDigits } from "../../milestones/answer/lost-digits.js";
import { textStates } from "../../milestones/answer/states.js";
import { clarificationOutcome, refusalOutcome, replyOf, responseOutcome, replyText } from "../../milestones/constraints.js";
import { compareContext, type ResponseConstraint } from "../../milestones/index.js";
import type { AgentStep } from "../../episode/trajectory.js";
import type { DistractorSpec } from "../../milestones/spec.js";

// The answer is read as a person reads it: markdown parsed into statements, dates, times and
// amounts matched by value, wrong values caught only where asserted, dumps refused by what they
// are, actions reported but not done refused. Written on Wed 11 Nov 2026, 10:00 in London.

const ZONE = "Europe/London";
const WHEN = "2026-11-11T10:00:00+00:00";
const ref = { time: WHEN, region: "GB" as const };
const t = (s: string) => replyText(s);
const agent = (content: string, index = 5): AgentStep => ({ index, time: WHEN, snapshot: 0, kind: "agent", content });
const judge = (c: Omit<ResponseConstraint, "kind">, text: string, options: { done?: readonly string[]; stale?: DistractorSpec[] } = {}) =>
  responseOutcome({ kind: "response", ...c }, replyOf(agent(text)), compareContext(ZONE, "GB", options.stale ?? []),
    (tools) => tools.some((x) => (options.done ?? []).includes(x))).similarity;

test("statements: sentences, list items under their lead-in, table rows with their header", () => {
  const s = statements("## Dinner with Jess\n\nHere is the plan:\n\n- **Friday** at *7pm*\n- [Nando's](http://x)\n\n| Who | Brings |\n|---|---|\n| Tom | wine |");
  assert.deepEqual(s.filter((x) => x.kind !== "section").map((x) => [x.kind, x.text]), [
    ["heading", "dinner with jess"], ["sentence", "here is the plan:"], ["item", "friday at 7pm"], ["item", "nando's"],
    ["row", "who: tom; brings: wine"],
  ]);
  // A short list with its lead-in, and what stands under the heading, are also read whole.
  assert.ok(s.some((x) => x.kind === "section" && x.text === "friday at 7pm; nando's"));
  assert.ok(s.some((x) => x.kind === "section" && x.context === "dinner with jess" && x.text.includes("who: tom")));
  assert.equal(s[2]!.context, "dinner with jess :: here is the plan:");
});

test("statements: no split at a dash, a.m. or Dr.; a pronoun sentence keeps the one before", () => {
  const s = statements("Mon 19 Oct - a long day, 7:30am to 8pm. Dr. Kim sees you at 9.30 a.m. on Monday. It is in room 4.");
  assert.deepEqual(s.filter((x) => x.kind !== "section").map((x) => x.text), ["mon 19 oct - a long day, 7:30am to 8pm.", "dr. kim sees you at 9.30 a.m. on monday.", "it is in room 4."]);
  assert.equal(s[2]!.context, "dr. kim sees you at 9.30 a.m. on monday.");
});

test("times: each with its own span, am/pm, 24-hour, ranges, words", () => {
  const show = (s: string) => extractTimes(t(s)).map((x) => `${x.value.hour}:${x.value.minute}${x.value.meridiemKnown ? "" : "?"}`);
  assert.deepEqual(show("moved from 7pm to 8.30pm"), ["19:0", "20:30"]);
  // A range's start takes its half of the day from the end.
  assert.deepEqual(show("8am to noon, or 20:00, or 7-9pm"), ["8:0", "12:0", "20:0", "19:0", "21:0"]);
  assert.deepEqual(show("half past seven; room 2.14; 62.5 mg"), ["7:30?"]);
});

test("dates: relative to when the message was written, with the components the text states", () => {
  const show = (s: string) => extractDates(t(s), ref).map((x) => `${x.value.implied.year}-${x.value.implied.month}-${x.value.implied.day}`);
  assert.deepEqual(show("tomorrow"), ["2026-11-12"]);
  assert.deepEqual(show("Tue 10 Nov"), ["2026-11-10"]);
  assert.deepEqual(show("on the 13th"), ["2026-11-13"]);
  // A date written out beside a day word is a date of its own (round er, amara-013: a text saying
  // "tomorrow, Wednesday 21 October" when tomorrow is the 20th).
  assert.deepEqual(show("parents' evening tomorrow, Friday 13 November, at 4.40"), ["2026-11-12", "2026-11-13"]);
  assert.deepEqual(show("parents' evening tomorrow at 4.40"), ["2026-11-12"]);
});

test("amounts: symbols, codes and scales; a count is not an amount", () => {
  assert.deepEqual(extractAmounts(t("$50k, £172.00 and 3,000 yen; court 3")).map((a) => [a.value.amount, a.value.currency]), [[50000, "$"], [172, "£"], [3000, "yen"]]);
});

test("a phrase that is wholly a value is typed; words and mixed phrases are not", () => {
  assert.equal(typedPhrase("7pm", ref)?.type, "time");
  assert.equal(typedPhrase("fri 13 nov", ref)?.type, "date");
  assert.equal(typedPhrase("$40", ref)?.type, "amount");
  assert.equal(typedPhrase("nh-48213", ref)?.type, "code");
  assert.equal(typedPhrase("dentist", ref), null);
  assert.equal(typedPhrase("monday evening", ref), null);
});

test("a typed fact is met however it is written", () => {
  const c = { claims: [[["dinner"], ["7pm"], ["Friday"]]] };
  for (const text of ["Dinner is Friday at 7pm.", "Dinner: Fri 13 Nov, 19:00.", "**Dinner** is on Friday 13th, 7–9pm.", "Dinner's at 19.00 on Friday."]) {
    assert.equal(judge(c, text), 1, text);
  }
  assert.equal(judge(c, "Dinner is Thursday at 7pm."), 0);
});

test("facts bind across a heading, a lead-in and list items", () => {
  const c = { claims: [[["Jess"], ["7pm"]]] };
  assert.equal(judge(c, "### Dinner with Jess\n\n- Friday\n- 7pm at Nando's"), 1);
  assert.equal(judge(c, "Your plans:\n\n| Who | When |\n|---|---|\n| Jess | 7pm |"), 1);
});

test("values given to the wrong subjects do not hold", () => {
  const c = { claims: [[["Jess"], ["dessert"]], [["Tom"], ["wine"]]] };
  assert.equal(judge(c, "Jess brings dessert and Tom brings wine."), 1);
  assert.ok(judge(c, "Jess brings wine and Tom brings dessert.") < 1);
});

test("a distractor asserted fails; denied, corrected, reported or marked old it does not", () => {
  const c = { claims: [[["9am"]]], distractors: ["8am"] };
  assert.equal(judge(c, "The parade starts at 9am."), 1);
  assert.equal(judge(c, "The parade is at **8am**. Last year it was 9am."), 0);
  for (const ok of ["It's not 8am any more, it's 9am.", "It was moved from 8am to 9am.", "Jess said 8am, but the school's email says 9am.", "9am (the original 8am was cancelled)."]) {
    assert.equal(judge(c, ok), 1, ok);
  }
  // "8 o'clock" is 8am typed: bold or words change nothing.
  assert.equal(judge(c, "It starts at **eight o'clock**, then 9am drinks."), 0);
});

test("a distractor with a subject counts only in a statement about that subject", () => {
  const c = { claims: [[["pharmacy"], ["078-811-5904"]]], distractors: [{ about: ["pharmacy"], value: "050 3184 2277" }] };
  assert.equal(judge(c, "The pharmacy's number is 078-811-5904. Their text came from 050 3184 2277, an automated line."), 1);
  assert.equal(judge(c, "Call the pharmacy on 050 3184 2277 (or 078-811-5904)."), 0);
});

test("the assistant's own words and the subject's own words are claims, another's are reports", () => {
  const c = { claims: [[["Ken"]]], distractors: [{ about: ["Ken"], value: { date: "2026-11-14" } }] };
  // Saturday 14 Nov is wrong here: what the assistant says it wrote is its claim.
  assert.equal(judge(c, "I've texted Ken about the pickup and said you'll collect him on Saturday 14 Nov."), 0);
  assert.equal(judge(c, "Done: I told Ken you'll collect him on Saturday 14 Nov."), 0);
  assert.equal(judge(c, "Jo said Saturday 14 Nov suits Ken, but I've asked him about Sunday instead."), 1);
  const gift = { claims: [[["Yui"]]], distractors: [{ about: ["Yui"], value: "flowers" }] };
  assert.equal(judge(gift, "Yui suggested flowers for the party."), 0);
  assert.equal(judge(gift, "Yui suggested a scarf; her sister said flowers would be nice."), 1);
});

test("a time in a named place whose clock is not the user's is that place's time", () => {
  // London, 11 Nov: Lagos is an hour ahead, so 16:01 there is 15:01 here.
  const c = { claims: [[["Mum"]]], distractors: [{ value: { time: "16:01" } }] };
  assert.equal(judge(c, "Mum rang at 15:01, which is 16:01 in Nigeria."), 1);
  assert.equal(judge(c, "Mum rang at 15:01 (16:01 in Lagos)."), 1);
  assert.equal(judge(c, "Mum rang at 16:01 in London."), 0);
  assert.equal(judge(c, "Mum rang at 16:01."), 0);
});

test("a table row whose status cell says cancelled states none of its values as current", () => {
  const c = { claims: [[["Mon 16 Nov"]]], distractors: [{ value: { date: "2026-11-14" } }] };
  const table = (status: string) => `| Recheck | Status |\n|---|---|\n| Sat 14 Nov, 11:00 | ${status} |\n| Mon 16 Nov, 10:00 | booked |`;
  assert.equal(judge(c, table("cancelled – moved this morning")), 1);
  assert.equal(judge(c, table("confirmed")), 0);
});

test("a month and day in US order is that day of this year, with or without a weekday and time", () => {
  for (const text of ["wed, nov 18 at 4:15pm", "nov 18 at 4:15pm", "Wednesday, November 18"]) {
    const dates = extractDates(text.toLowerCase(), ref);
    assert.ok(dates.length > 0 && dates.every((d) => d.value.implied.year === 2026 && d.value.implied.month === 11 && d.value.implied.day === 18), text);
  }
});

test("times and dates as people write them: a label's colon, a day part, 'kl 14', 'evening tomorrow', today's weekday", () => {
  const times = (text: string) => extractTimes(text).map((s) => `${s.value.hour}:${s.value.minute}`);
  assert.deepEqual(times("zoom for the lab meeting today at 11:00:"), ["11:0"]);
  assert.deepEqual(times("for her it was 8.41 in the evening"), ["20:41"]);
  assert.deepEqual(times("that was 8:41 on monday evening"), ["20:41"]);
  assert.deepEqual(times("vi ringer kl 14 er tid"), ["14:0"]);
  assert.deepEqual(times("lab meeting in room 2.14 in the morning"), []);
  const day = (text: string) => extractDates(text, ref).map((d) => d.value.implied.day);
  // Wed 11 Nov 2026: "parents' evening tomorrow" is the 12th; "on Wednesday" is next week's.
  assert.deepEqual(day("reminder: parents evening tomorrow."), [12]);
  assert.deepEqual(day("the orientation is on wednesday"), [18]);
  assert.deepEqual(day("the orientation is today, wednesday"), [11, 11]);
});

test("the protagonists' other languages: Spanish, Swedish and Japanese dates and times; English times in words", () => {
  const times = (text: string) => extractTimes(text).map((s) => `${s.value.hour}:${s.value.minute}`);
  assert.deepEqual(times("a las cinco y media de la tarde"), ["17:30"]);
  assert.deepEqual(times("llego a las 9 y 40"), ["9:40"]);
  assert.deepEqual(times("a la una menos cuarto"), ["12:45"]);
  assert.deepEqual(times("nos vemos a las 17h"), ["17:0"]);
  assert.deepEqual(times("午後3時に"), ["15:0"]);
  assert.deepEqual(times("14時30分"), ["14:30"]);
  assert.deepEqual(times("outside yours at ten past four"), ["4:10"]);
  assert.deepEqual(times("8 in the morning and 8 at night"), ["8:0", "20:0"]);
  assert.deepEqual(times("see you at ten"), ["10:0"]);
  assert.deepEqual(times("he's been there since 7"), ["7:0"]);
  // No time: a duration, a point, a span of years.
  assert.deepEqual(times("at one point it takes 2h"), []);
  assert.deepEqual(times("since 10 years ago"), []);
  // Wed 11 Nov 2026 (ref): the coming Thursday is the 12th; "mañana" is the 12th, but "por la mañana" is a morning.
  const day = (text: string) => extractDates(text, ref).map((d) => `${d.value.implied.month}-${d.value.implied.day}`);
  assert.deepEqual(day("quedamos el jueves 12 de noviembre a las 17:00"), ["11-12"]);
  assert.deepEqual(day("nos vemos mañana"), ["11-12"]);
  assert.deepEqual(day("el jueves por la mañana"), ["11-12"]);
  assert.deepEqual(day("la veo el sábado 14"), ["11-14"]);
  assert.deepEqual(day("vi ses på torsdag"), ["11-12"]);
  assert.deepEqual(day("vi ses i morgon kl. 17.00"), ["11-12"]);
  assert.deepEqual(day("明日の午後3時"), ["11-12"]);
  assert.deepEqual(day("木曜日に"), ["11-12"]);
});

test("an apposition describes what it follows; a place's name right after a time is that place's clock", () => {
  const c = { distractors: [{ about: [["partner meeting"]], value: { date: "2026-10-27" } }] };
  assert.equal(judge(c, "Next is the full partner meeting, Tue 27 Oct at 2 PM at their office."), 0);
  assert.equal(judge(c, "Next is the full partner meeting. Separately, Tue 27 Oct is your dentist."), 1);
  assert.equal(judge(c, "The partner meeting is in your calendar, so Tue 27 Oct is free."), 1);
  const d = { distractors: [{ about: [["deadline"]], value: { time: "23:59" } }] };
  assert.equal(judge(d, "You can edit it until tonight's deadline, 23:59 Bogotá, which is 4:59 am here."), 1);
});

test("a table cell that is a sentence of its own is read by its clauses, not as one subject", () => {
  const c = { distractors: [{ about: [["last dose"]], value: { time: "20:00" } }] };
  const table = (cell: string) => `| To | What I said |\n|---|---|\n| Vale | ${cell} |`;
  assert.equal(judge(c, table("Mole's last dose is tomorrow at 8:00 am (tonight's 8 pm dose plus that one, then she's done)")), 1);
  assert.equal(judge(c, table("last dose 8 pm")), 0);
});

test("a weekday after a past verb is the last one, whatever verbs follow the value", () => {
  const day = (text: string) => extractDates(text, ref).map((d) => d.value.implied.day);
  // ref: Wed 11 Nov 2026.
  assert.deepEqual(day("kate texted on monday night asking to start at 6:30"), [9]);
  assert.deepEqual(day("you texted him and will see him on monday"), [16]);
});

test("a bracketed aside leaves its clause whole: the negation before it still denies what follows", () => {
  const c = { distractors: [["at Helen's"]] };
  assert.equal(judge(c, "Book club is now Tuesday 13 October at Jo's, not this Tuesday (the 6th) at Helen's."), 1);
  assert.equal(judge(c, "Book club (the usual one) is at Helen's."), 0);
});

test("a bare hour before a comma or full stop, Spanish 'a las', a time's span without the space after it", () => {
  const times = (text: string) => extractTimes(text).map((s) => `${s.value.hour}:${s.value.minute}|${text.slice(s.start, s.end)}`);
  assert.deepEqual(times("finals are at 5, bloque sur"), ["5:0|at 5"]);
  assert.deepEqual(times("plumber coming tomorrow at 10."), ["10:0|at 10"]);
  assert.deepEqual(times("las finales son a las 5"), ["5:0|a las 5"]);
  assert.deepEqual(times("about 1,000 people at 10.30"), ["10:30|10.30"]);
  // The span ends at the time, so " and lands" starts the next clause: 9:05 is the departure.
  const c = { distractors: [{ about: [["lands"]], value: { time: "09:05" } }] };
  assert.equal(judge(c, "Her flight leaves Seattle at 9:05 and lands at SFO at 11:17am."), 1);
  assert.equal(judge(c, "Her flight lands at 9:05."), 0);
});

test("a modal denies the act, not its day: 'I won't make it on Friday' states Friday", () => {
  const c = { claims: [[["Friday"]]], distractors: [{ value: { date: "2026-11-14" } }] };
  assert.equal(judge(c, "I won't make it on Friday."), 1);
  assert.equal(judge(c, "Can't wait for Saturday!"), 0);
  assert.equal(judge(c, "It's not on Saturday; it's on Friday."), 1);
});

test("what a figure moved from is its old value: 'down from 15%'", () => {
  const c = { claims: [[["pool"], ["10%"]]], distractors: [{ about: ["pool"], value: "15%" }] };
  assert.equal(judge(c, "Option pool: 10% (down from Halyard's 15%)."), 1);
  assert.equal(judge(c, "The option pool stays at 15%, not 10%."), 0);
});

test("two facts about one subject may stand in one statement; a quoted question asks nothing", () => {
  const c = { facts: [{ about: ["appointment"], value: { date: "2026-11-12" } }, { about: ["appointment"], value: { time: "10:30" } }] };
  assert.equal(judge(c, "Your test-results appointment is tomorrow, Thursday 12 November, at 10:30."), 1);
  const sent = { claims: [[["Cami"], ["1pm", "at 1"]]] };
  assert.equal(judge(sent, 'Sent to Cami on her field phone: "can you tell Maarten I\'ll join the zoom at 1?"', { done: ["send_message"] }), 1);
});

test("a value a record held before it changed is wrong asserted as current, true described as past", () => {
  const stale: DistractorSpec[] = [{ about: [["ride"]], value: { time: "07:00" }, was_true: true }];
  const c = { claims: [[["6.30", "6:30"]]] };
  assert.equal(judge(c, "Your ride is at 6:30. Kate's back by 9.", { stale }), 1);
  assert.equal(judge(c, "The ride was at 7 until Kate moved it; it's 6:30 now.", { stale }), 1);
  assert.equal(judge(c, "You meet at 6:30, and the ride itself starts at 7am.", { stale }), 0);
});

test("no length cap: a long, correct markdown answer passes; a dump does not", () => {
  const long = `## Your Friday\n\nThe parade starts at **9am**.\n\n${Array.from({ length: 12 }, (_, i) => `- Note ${i}: bring water and a hat, and meet by the gate.`).join("\n")}`;
  assert.equal(judge({ claims: [[["9am"]]] }, long), 1);
  const json = `Here you go:\n${JSON.stringify({ events: [{ id: "evt_a1b2c3", title: "Parade", start: "2026-11-13T09:00:00+00:00" }] }, null, 1)}`;
  assert.equal(judge({ claims: [[["9am"]]] }, json), 0);
  const listing = Array.from({ length: 40 }, (_, i) => `- Event ${i}: Fri 13 Nov 9am`).join("\n");
  assert.notEqual(readDump(listing, statements(listing)), null);
});

test("an answer in several messages is read whole", () => {
  const c = { kind: "response" as const, claims: [[["9am"]], [["gate"]]] };
  const first = agent("Short version: 9am.", 4), second = agent("Meet at the north gate.", 5);
  assert.equal(responseOutcome(c, replyOf(second, [first, second]), compareContext(ZONE), () => true).similarity, 1);
});

test("partial answers earn partial credit", () => {
  assert.equal(judge({ claims: [[["9am"]], [["gate"]]] }, "It starts at 9am."), 0.5);
});

test("stance: negation, the old side of a change, attribution, a past clause", () => {
  const at = (s: string, v: string, wasTrue = false) => { const x = t(s); const i = x.indexOf(v); return stanceAt(x, i, i + v.length, wasTrue); };
  assert.equal(at("it is not at 9am", "9am"), "denied");
  assert.equal(at("moved from 8am to 9am", "8am"), "old");
  assert.equal(at("moved from 8am to 9am", "9am"), "asserted");
  assert.equal(at("your calendar still had 8:00", "8:00"), "reported");
  // What another told someone is reported; what the assistant told them, it asserts.
  assert.equal(at("in the family group you told everyone you arrive on dec 18", "dec 18"), "reported");
  assert.equal(at("i told her 9am", "9am"), "asserted");
  assert.equal(at("told tunde 7.30pm.", "7.30pm"), "asserted");
  // What a record holds, said of the record, even with a title of colons and brackets.
  assert.equal(at("the event \"call: harriet cole (northbank)\" is set for 8:00-8:45 am.", "8:00"), "reported");
  assert.equal(at("your call with harriet is set for 8:00.", "8:00"), "asserted");
  assert.equal(at("the harriet call is in your calendar at 8am, but it's 9am your time", "8am"), "reported");
  assert.equal(at("it was 7 until the change", "7", true), "old");
});

test("an answer that reports an action not done gets no credit", () => {
  assert.deepEqual(claimedActions(t("I've called the pharmacy and texted Jess.")).map((a) => a.kind), ["call", "message"]);
  assert.deepEqual(claimedActions(t("Shall I call her? I haven't sent anything yet.")), []);
  assert.deepEqual(claimedActions(t("Calling the pharmacy now.")).map((a) => a.kind), ["call"]);
  // Words added to a message are part of writing it, not an entry added somewhere.
  assert.deepEqual(claimedActions(t("Sam's flowers: I added a thanks for that too.")).map((a) => a.kind), ["compose"]);
  // Where a record was added names its kind.
  assert.deepEqual(claimedActions(t("I added Sam to your contacts.")).map((a) => a.kind), ["contact"]);
  assert.deepEqual(claimedActions(t("The reply went out, and I've added it to your calendar.")).map((a) => a.kind), ["calendar"]);
  assert.deepEqual(claimedActions(t("I added the water note because the clinic's email says so.")).map((a) => a.kind), ["compose"]);
  assert.deepEqual(claimedActions(t("I've texted Sam and added a thanks for the flowers.")).map((a) => a.kind), ["message", "compose"]);
  // In a relative clause, what was added stands before it.
  assert.deepEqual(claimedActions(t("The message to Diego says both jugs were finished, which I added without checking.")).map((a) => a.kind), ["compose"]);
  assert.deepEqual(claimedActions(t("Dinner is on the 14th, which I added without checking.")).map((a) => a.kind), ["add"]);
  assert.deepEqual(claimedActions(t("Done: called the pharmacy.")).map((a) => a.kind), ["call"]);
  // A record's field is a label: "Saved as: shop" reports nothing.
  assert.deepEqual(claimedActions(t("- **Saved as:** shop")), []);
  assert.equal(judge({ must_include: ["notes"] }, "I added a line to the event notes.", { done: ["modify_calendar_event"] }), 1);
  assert.equal(judge({ must_include: ["pharmacy"] }, "I've called the pharmacy.", { done: ["send_message"] }), 0);
  assert.equal(judge({ must_include: ["pharmacy"] }, "I've called the pharmacy.", { done: ["create_outgoing_call"] }), 1);
});

test("a refusal needs a cue and takes distractors; a clarification may ask without a question mark", () => {
  const ctx = compareContext(ZONE);
  assert.equal(refusalOutcome({ kind: "refusal" }, replyOf(agent("I couldn't find anyone called Zed.")), ctx).similarity, 1);
  assert.equal(refusalOutcome({ kind: "refusal", distractors: ["Emi"] }, replyOf(agent("Emi is bringing it. Not sure about the rest.")), ctx).similarity, 0);
  assert.equal(clarificationOutcome({ kind: "clarification" }, replyOf(agent("Tell me what you're bringing and I'll finish the email.")), ctx).similarity, 1);
  assert.equal(clarificationOutcome({ kind: "clarification" }, replyOf(agent("Done.")), ctx).similarity, 0);
});

test("a bare hour takes the half of the day the words around it name", () => {
  const show = (s: string) => extractTimes(t(s)).map((x) => `${x.value.hour}:${x.value.minute}${x.value.meridiemKnown ? "" : "?"}`);
  assert.deepEqual(show("tonight at 8:00, this morning's 7.30 and 08:00 and 8:00"), ["20:0", "7:30", "8:0", "8:0?"]);
});

test("subjects bind to their own rows, labels and clauses", () => {
  const c = { claims: [[["9am"]]], distractors: [{ about: ["dinner"], value: "7pm" }] };
  // The subject in the row's first cell binds the value in another cell; a row labelled old says nothing current.
  assert.equal(judge(c, "| What | When |\n|---|---|\n| Dinner | 7pm |\n| Parade | 9am |"), 0);
  assert.equal(judge(c, "| | Time |\n|---|---|\n| Original dinner | 7pm |\n| Parade | 9am |"), 1);
  // A boundary, another place's clock, a quotation and an offer assert nothing.
  assert.equal(judge(c, "The parade is at 9am; after the 7pm dinner slot nothing is booked."), 1);
  assert.equal(judge(c, 'The parade is at 9am. Your note says "dinner 7pm" but that was last week.'), 1);
  assert.equal(judge(c, "The parade is at 9am. I can move dinner to 7pm if you like."), 1);
});

test("a label's value and a coordinated subject can deny", () => {
  assert.equal(judge({ claims: [[["Bev"]]], distractors: ["Sarah B"] }, "Bev said yes. Sarah B: no reply yet."), 1);
  // A denial in the next sentence of a table cell denies nothing of the first.
  const free = { claims: [[["free", "guarantee"]]], distractors: [["probably not"]] };
  assert.equal(judge(free, "| | |\n|---|---|\n| **Still free?** | Probably not. I didn't find any written guarantee. |"), 0);
  assert.equal(judge(free, "| | |\n|---|---|\n| **Still free?** | Yes: his guarantee runs to 12 Nov 2027. |"), 1);
  assert.equal(judge({ claims: [[["Bev"]]] }, "Bev and Sarah B haven't replied yet."), 0);
});

test("a typed check's words inside another value of its type are that value: \"at 7\" in \"at 7:15\"", () => {
  const c = { claims: [[["dinner"], ["18:30"]]], distractors: [["7pm", "at 7"]] };
  assert.equal(judge(c, "Dinner is at 18:30, not 7. Michiko texted you at 7:15 asking where."), 1);
  assert.equal(judge(c, "Dinner is at 18:30. Yes, at 7 works."), 0);
});

test("a sentence whose subject is \"it\" is about what the sentences before named; \"her schedule\" names its own", () => {
  const stale: DistractorSpec[] = [{ about: [["book", "club"]], value: { date: "2026-11-10" }, was_true: true }];
  const c = { claims: [["kladdkaka"]] };
  assert.equal(judge(c, "You told the book club group you'd bring kladdkaka. Fiona was thrilled. It's this Tuesday (10 November) at Helen's.", { stale }), 0);
  assert.equal(judge(c, "You told the book club group you'd bring kladdkaka. Fiona was thrilled. It's on Tuesday 17 November at Jo's now.", { stale }), 1);
  const next = { claims: [[["next"], ["8pm"]]], distractors: [{ about: [["next"]], value: { time: "08:00" } }] };
  assert.equal(judge(next, "Mole's next pill is tonight at 8pm. She gets one every 12 hours at 8:00 and 20:00."), 1);
});

test("\"you can ... until\" asserts the time; \"I can\" offers it", () => {
  const c = { claims: [["LAWSC27-0412"]], distractors: [{ about: [["edit", "until"]], value: { time: "23:59" } }] };
  assert.equal(judge(c, "ID LAWSC27-0412. You can still edit it until 11:59 pm tonight."), 0);
  assert.equal(judge(c, "ID LAWSC27-0412. You can still edit it until 23:59 Bogotá time, 10:59 pm here."), 1);
  assert.equal(judge(c, "ID LAWSC27-0412. I can set a reminder to edit it until 11:59 pm if you like."), 1);
});

test("a table's Before column is old wherever the value stands in its cell; \"our time\" is the user's clock", () => {
  const c = { claims: [[["darren"]]], distractors: [{ time: "11:00" }] };
  const table = (before: string, now: string) => `| Visit | Before | Now |\n|---|---|---|\n| Darren | ${before} | ${now} |`;
  assert.equal(judge(c, table("Wed 7 Oct at 11", "Fri 9 Oct at 11.30")), 1);
  assert.equal(judge(c, table("Fri 9 Oct at 11.30", "Wed 7 Oct at 11")), 0);
  assert.equal(judge(c, table("Tue 6 Oct, 11:00-11:30", "Fri 9 Oct, 11:30-12:00")), 1);
  assert.equal(judge(c, "- **Before:** Tue 6 Oct, 11:00\n- **Now:** Fri 9 Oct, 11:30 with Darren"), 1);
  const cake = { claims: [[["cake"]]], distractors: [{ time: "22:00" }] };
  assert.equal(judge(cake, "The cake is at 10pm our time."), 0);
  assert.equal(judge(cake, "The cake is at 10pm Stockholm time, 8am for you."), 1);
});

test("a draft saved is not a reply sent", () => {
  const c = { claims: [[["fergus"]]] };
  const draft = actionKey("send_email", { save_as_draft: true });
  assert.equal(judge(c, "Done, I've replied to Fergus.", { done: [draft] }), 0);
  assert.equal(judge(c, "I've saved a draft reply to Fergus for you to check.", { done: [draft] }), 1);
  assert.equal(judge(c, "Done, I've replied to Fergus.", { done: [actionKey("send_email", { save_as_draft: false })] }), 1);
  assert.equal(judge(c, "I've sent the reply to Fergus.", { done: [actionKey("modify_draft_email", { send: true })] }), 1);
});

test("a weekday alone is the coming one, or the last one in the past tense", () => {
  // Wed 11 Nov: "Sunday" is the 15th; "you texted him on Sunday" the 8th.
  const [coming] = extractDates("i'll pick up the garlic on sunday", ref);
  assert.deepEqual(coming!.value.implied, { year: 2026, month: 11, day: 15 });
  const [last] = extractDates("you texted him on sunday", ref);
  assert.deepEqual(last!.value.implied, { year: 2026, month: 11, day: 8 });
  assert.equal(judge({ claims: [[{ date: "2026-11-15" }]] }, "I'll pick it up on Sunday."), 1);
});

test("a denial reports no action; the options of a question assert nothing", () => {
  assert.deepEqual(claimedActions("nothing has been sent to vale yet. no reply has been sent either."), []);
  assert.equal(claimedActions("your message has been sent.").length, 1);
  const c = { claims: [["Tuesday"]], distractors: [["Wednesday"]] };
  assert.equal(judge(c, "Don Ernesto says Tuesday at 10.\n\n### Which should I send?\n1. **Tuesday at 10**\n2. **Wednesday at 10**"), 1);
  assert.equal(judge(c, "Don Ernesto says Tuesday at 10.\n\n### What I'll send\n- **Wednesday at 10**"), 0);
});

test("a person is met by the names the data has for them, and named wrongly fails", () => {
  // As peopleNames gives them: "Jo" names neither of two Jos.
  const people = new Map([["ct_jo_b", ["Jo Baxter", "Baxter"]], ["ct_jo_n", ["Jo Nguyen", "Nguyen"]]]);
  const c: ResponseConstraint = { kind: "response", claims: [[{ person: "ct_jo_b" }]], distractors: [{ person: "ct_jo_n" }, "Nguyen"] };
  const read = (text: string) => responseOutcome(c, replyOf(agent(text)), compareContext(ZONE, "GB", [], undefined, people), () => true).similarity;
  assert.equal(read("Texted Jo Baxter: you can't do the handover."), 1);
  assert.equal(read("Texted Baxter, the practice manager."), 1);
  assert.equal(read("Texted Jo Nguyen: you can't do the handover."), 0);
});

test("\"8-12\" is a range of hours where a time range is spoken of, not a score or a date range", () => {
  const hours = (s: string) => extractTimes(s).map((x) => x.value.hour);
  assert.deepEqual(hours("the delivery window is 8-12 tomorrow"), [8, 12]);
  assert.deepEqual(hours("8-12"), [8, 12]);
  assert.deepEqual(hours("the score was 8-12"), []);
  assert.deepEqual(hours("nov 8-12"), []);
  assert.equal(judge({ claims: [[["engineer"], { time: "08:00" }]] }, "The engineer comes 8-12 tomorrow."), 1);
});

test("\"(was 19:00)\", an instruction under a condition and a hedge assert nothing; a fact under a condition does", () => {
  const c = { claims: [["19:30"]], distractors: [["19:00"]] };
  assert.equal(judge(c, "Dinner: 19:30 at Ikuta-tei (was 19:00)."), 1);
  assert.equal(judge(c, "Dinner: 19:30 at Ikuta-tei, 19:00 for drinks."), 0);
  const snack = { claims: [["clothes"]], distractors: [["bring snacks"]] };
  assert.equal(judge(snack, "Send a change of clothes. If you're on the snack sign-up, bring snacks that are fruit only."), 1);
  assert.equal(judge(snack, "Send a change of clothes, and bring snacks that are fruit only."), 0);
  const tom = { claims: [["handover"]], distractors: [{ about: [["interview"]], value: ["Tom"] }] };
  assert.equal(judge(tom, "I texted Jo about the handover. If Jo asks who could cover, Tom sat in on Fergus's interview."), 0);
  assert.equal(judge({ claims: [["covered"]], distractors: [["is excluded"]] }, "It's covered. If the doctor changes your dose, tell them, otherwise it may be excluded."), 1);
});

test("a date, a comma, then hours: \"Thursday 29 Oct, 8-12\" is the 29th from 8 to 12; \"unit 4/17\" is an address", () => {
  const show = (s: string) => extractDates(t(s), ref).map((x) => `${x.value.implied.month}-${x.value.implied.day}`);
  assert.deepEqual(show("Thursday 29 Oct, 8-12"), ["10-29"]);
  assert.deepEqual(extractTimes(t("Thursday 29 Oct, 8-12")).map((x) => x.value.hour), [8, 12]);
  assert.deepEqual(extractTimes(t("Thursday, 8-12 Nov")), []);
  assert.deepEqual(show("Jo's, unit 4/17 Tinning St"), []);
  assert.equal(judge({ claims: [[["shift"], { date: "2026-10-29" }]], distractors: [{ date: "2026-10-08" }] }, "Your shift: Thursday 29 Oct, 8-12."), 1);
});

test("minutes are no hour; a time after \"at\" may have any minute; a range of amounts has its scale at both ends", () => {
  const times = (s: string) => extractTimes(t(s)).map((x) => `${x.value.hour}:${x.value.minute}`);
  assert.deepEqual(times("he'll be about 10 minutes late, around 20 mins"), []);
  assert.deepEqual(times("the train leaves at 3.01, platform 2.14"), ["3:1"]);
  assert.deepEqual(extractAmounts(t("a budget of $40-50k, then £1,200 to £1,500")).map((a) => a.value.amount), [40000, 50000, 1200, 1500]);
});

test("a table row with an empty first cell goes on under the row above's", () => {
  const rows = statements("| Day | Time | What |\n|---|---|---|\n| Thu 29 Oct | 8am | Dentist |\n|  | 2pm | Gym |").filter((s) => s.kind === "row");
  assert.deepEqual(rows.map((r) => r.text), ["day: thu 29 oct; time: 8am; what: dentist", "day: thu 29 oct; time: 2pm; what: gym"]);
});

test("{\"any\": \"date\"}: where the data holds no such value, any one given of the subject is invented", () => {
  const c = { claims: [[["not yet", "hasn't", "no date"]]], distractors: [{ about: [["suggested"]], value: { any: "date" as const }, unsourced: true }] };
  assert.equal(judge(c, "Sachiko suggested Sunday 6 December for the memorial. I haven't added it to your calendar yet."), 0);
  assert.equal(judge(c, "Sachiko said she suggested the 6th, but I haven't added it."), 0);
  assert.equal(judge(c, "Sachiko hasn't suggested a date yet. Her last texts are from her visit on 7 Nov."), 1);
  assert.equal(judge({ claims: [["call"]], distractors: [{ value: { any: "time" as const } }] }, "Call her back; she rang at 4.21."), 0);
});

test("\"from Wed 4 Nov to Thursday 5th November\" and \"from 10am to Thu 12 Nov 3:30pm\" state both days; \"9 to 5\" is hours, not 4:51", () => {
  const show = (s: string) => extractDates(t(s), ref).map((x) => `${x.value.implied.month}-${x.value.implied.day}`);
  assert.deepEqual(show("It asks to move your check-up from Wed 4 Nov 16:10 to Thursday 5th November."), ["11-4", "11-5"]);
  assert.deepEqual(show("from 9 to 5 tomorrow"), ["11-12"]);
  // An end that opens with its own day is a second date, also when it gives a time.
  assert.deepEqual(show("They moved it from 10am to Thursday 12 Nov 3:30pm."), ["11-12"]);
  assert.deepEqual(show("They asked to move it from Thu 12/11 10am to Fri 13/11 at 3:30pm."), ["11-12", "11-13"]);
  assert.deepEqual(show("from 10am to 3pm on Thursday 12 Nov"), ["11-12"]);
  assert.equal(judge({ claims: [[["3:30"], { date: "2026-11-12" }]] }, "They asked to move the partner meeting from Thu 12/11 10am to Thu 12/11 at 3:30pm."), 1);
  assert.deepEqual(extractTimes(t("open 9 to 5, or twenty to five")).map((x) => `${x.value.hour}:${x.value.minute}`), ["4:40"]);
  assert.equal(judge({ claims: [[["check-up"], { date: "2026-11-05" }]] }, "It asks to move your check-up from Wed 4 Nov 16:10 to **Thursday 5th November**."), 1);
});

test("a record that still says a value reports it; an instruction row is no old row; a list of names is no clause", () => {
  const stale: DistractorSpec[] = [{ about: [["dinner"]], value: { time: "19:30" }, was_true: true }];
  const c = { claims: [["7pm"]] };
  assert.equal(judge(c, "It's at 7pm. Heads-up: the dinner in your calendar still says 7.30pm.", { stale }), 1);
  assert.equal(judge(c, "It's at 7pm. Your birthday dinner still says 7:30pm in the calendar.", { stale }), 1);
  assert.equal(judge(c, "It's at 7pm. Your birthday dinner is still at 7.30pm in your calendar, but the booking moved.", { stale }), 1);
  assert.equal(judge(c, "It's at 7pm. I've put the dinner at 7.30pm in your calendar.", { stale }), 0);
  assert.equal(judge(c, "Dinner at 7pm, see you there; the dinner is at 7.30pm.", { stale }), 0);
  const fast = { claims: [["insurance"]], distractors: [{ value: ["no breakfast"], unsourced: true }] };
  assert.equal(judge(fast, "| | Details |\n|---|---|\n| Bring | insurance card |\n| Before you go | No breakfast this morning, per the clinic's instructions |"), 0);
  const session = { claims: [["Halyard"]], distractors: [{ about: [["session"]], value: { date: "2026-11-18" } }] };
  assert.equal(judge(session, "He's running Halyard's diligence session with you, Julia and Grace next Wednesday, 18 Nov."), 0);
  assert.equal(judge(session, "Halyard's session was last week. You, Julia and Grace meet Bo next Wednesday, 18 Nov."), 1);
});

test("a record's field label (\"Sent to: owen@...\") reports no action; a status line does", () => {
  assert.deepEqual(claimedActions("### What your reply said\n- **Sent to:** owen.pratt@harbormutual.com, cc Alex\n- **Subject:** Re: totals"), []);
  assert.equal(claimedActions("Sent to Owen just now.").length, 1);
});

const sent = { done: ["send_message"] };

test("what an action left out is denied: \"left Sarah K (your manager) out of it\", \"without Sarah K\"", () => {
  const c = { claims: [["Byrne"]], distractors: [["Kowalski"]] };
  assert.equal(judge(c, "Texted Sarah Byrne directly, and left Sarah Kowalski (your ward manager) out of it.", sent), 1);
  assert.equal(judge(c, "Texted Sarah Byrne, and sent it to the group without Kowalski.", sent), 1);
  assert.equal(judge(c, "Texted Sarah Byrne, and left a note for Sarah Kowalski.", sent), 0);
  // "Nothing except X" names what there is.
  assert.equal(judge({ claims: [["barber"]], distractors: [["go club"]] }, "Nothing except the barber and go club."), 0);
});

test("an instruction under a condition later in the sentence asserts nothing", () => {
  const c = { claims: [["2pm"]], distractors: [["1pm"]] };
  assert.equal(judge(c, "Mum's call is at 2pm. Her reply lines up, but if she's an hour off again, expect the call around 1pm."), 1);
  assert.equal(judge(c, "Mum's call is at 2pm. Her reply lines up, but expect the call around 1pm."), 0);
});

test("an item of several clauses binds its subject clause by clause; a part-of-day sub-heading takes its parent's day", () => {
  const tomas = { claims: [["Tomás"]], distractors: [{ about: [["already graded"]], value: ["Tomás"] }] };
  assert.equal(judge(tomas, "Texted Tomás.\n\n### Also today\n- Your half is already graded, per your text to Tomás.", sent), 1);
  assert.equal(judge(tomas, "Texted Tomás.\n\n### Also today\n- Tomás already graded his half.", sent), 0);
  const friday = { claims: [["barber"]], distractors: [{ about: [["Friday"]], value: ["go club"] }] };
  const day = (sub: string) => `## Friday 13 November\n\n### Morning\n- 9:30 · Barber\n\n### ${sub}\n- 13:00 – 17:00 · Go club`;
  assert.equal(judge(friday, day("Afternoon")), 0);
  // A sub-heading of its own ("Also worth knowing") says nothing of the title above it.
  assert.equal(judge(friday, day("Also worth knowing")), 1);
  assert.equal(statements(day("Afternoon")).find((s) => s.text.includes("go club") && s.kind === "item")!.context, "friday 13 november :: afternoon");
});

test("a quoted object is a record by its title or words of a text: either write does it", () => {
  const [removed] = claimedActions(t('- **Removed** "significant"'));
  assert.equal(removed!.kind, "edit");
  assert.equal(claimedActions(t('Deleted "Diego R (Vancouver)".'))[0]!.kind, "edit");
  // A quote followed by what holds it names the record: the verb's own kind.
  assert.equal(claimedActions(t('Deleted "Diego R (Vancouver)" from your contacts.'))[0]!.kind, "remove");
  assert.equal(claimedActions(t("Deleted Diego R from your contacts."))[0]!.kind, "remove");
});

test("an answer that says today is another day fails, in the explicit forms only", () => {
  // Written on Wed 11 Nov 2026.
  const c = { claims: [["pharmacy"]] };
  assert.equal(judge(c, "It's Sunday today, so the pharmacy may be closed."), 0);
  assert.equal(judge(c, "Today is Sunday, so the pharmacy may be closed."), 0);
  assert.equal(judge(c, "Tonight, Tue 10 Nov, the pharmacy is shut."), 0);
  assert.equal(judge(c, "Nothing for tonight (Tuesday 10 November) except the pharmacy."), 0);
  assert.equal(judge(c, "Today is Wednesday: the pharmacy closes at 6."), 1);
  assert.equal(judge(c, "Today (Wed 11/11) the pharmacy closes at 6."), 1);
  assert.equal(judge(c, "Today (Wed 11 Nov) the pharmacy closes at 6."), 1);
  // A bracket holding more than the day says what was said or planned, not what today is.
  assert.equal(judge(c, "Jo proposed today (Sunday the 15th at 8 pm) a trip to the pharmacy."), 1);
  // "It's Sunday" alone may name when an event is.
  assert.equal(judge(c, "The pharmacy trip? It's Sunday."), 1);
  // "It's Sunday now" names today.
  assert.equal(judge(c, "It's Sunday now, so the pharmacy may be closed."), 0);
  assert.equal(judge(c, "It's Wednesday now, so the pharmacy is open till 6."), 1);
});

test("a weekday written beside a date it does not fall on fails the answer, side remark or not", () => {
  // Written on Wed 11 Nov 2026: Sat 21 Nov, Mon 21 Dec.
  const c = { claims: [["party"]] };
  assert.equal(judge(c, "The party was Saturday 21 November. The next one is Saturday 21 December."), 0);
  assert.equal(judge(c, "The party is on Saturday, November 21st, at 3pm."), 1);
  assert.equal(judge(c, "The party is on Sat 21 Nov; Leo turns 7 on Mon 21 Dec 2026."), 1);
  assert.equal(judge(c, "The party is Saturday 21 Nov. Sun 8 Nov, 1176 steps."), 1);
  // A year written is the one read: 21 December 2025 was a Sunday.
  assert.equal(judge(c, "The party is Saturday 21 Nov; last year's was Sunday 21 December 2025."), 1);
  assert.equal(judge(c, "The party is Saturday 21 Nov; last year's was Saturday 21 December 2025."), 0);
  // Dates in slashes may be either way round, and quoted words are someone else's.
  assert.equal(judge(c, "The party is Saturday 21 Nov; Ravi's invite said \"Tue 11/10\"."), 1);
  assert.equal(judge(c, "The party is Saturday 21 Nov, though his text says \"Friday 21 November\"."), 1);
});

test("a time on another place's clock is checked against the user's: the time there now, and a conversion", () => {
  // Written on Wed 11 Nov 2026 at 10:00 in London: 19:00 in Tokyo, 05:00 in New York.
  const c = { claims: [["call"]] };
  assert.equal(judge(c, "It's only 7pm in Tokyo, so the call notes may still come tonight."), 1);
  assert.equal(judge(c, "It's only about 5pm in Tokyo, so the call notes may still come tonight."), 0);
  // "still" alone says a time has not moved: "It's still 16:00 GMT in London" is when the call is.
  assert.equal(judge(c, "The call is at 8am your time. It's still 16:00 GMT in London, but your clocks went back."), 1);
  assert.equal(judge(c, "It's 2am in New York right now, so the call can wait."), 0);
  // The time now on the user's own clock: 10:00.
  assert.equal(judge(c, "It's now 10:30pm, so the call has already finished."), 0);
  assert.equal(judge(c, "It's already 10am, so the call has started."), 1);
  // "It's now 7pm, not 7:30" or "it's now 19:30 at Ikuta-tei" says when a moved call is.
  assert.equal(judge(c, "The call moved: it's now 7pm, not 7:30."), 1);
  assert.equal(judge(c, "The call moved, and it's now 19:30 at the office."), 1);
  // Without a word that puts it now, "it's 4pm in Tokyo" may be when the call is.
  assert.equal(judge(c, "It's 4pm in Tokyo, and the call was set up by Kenji."), 1);
  assert.equal(judge(c, "Is it 5pm in Tokyo yet? The call is later."), 1);
  // A time annotating one on the other clock: a bracket, "which is", "=".
  assert.equal(judge(c, "The call is at 14:00 (9am New York time)."), 1);
  assert.equal(judge(c, "The call is at 14:00 (10am New York time)."), 0);
  assert.equal(judge(c, "The call is at 14:00, which is 11pm in Tokyo."), 1);
  assert.equal(judge(c, "The call is at 14:00, which is 10pm in Tokyo."), 0);
  assert.equal(judge(c, "The call is 23:00 JST (14:00 your time)."), 1);
  assert.equal(judge(c, "The call runs 8 to 8:30 (17:00 in Tokyo)."), 1);
  // A clock that is the user's own on some day around the message is theirs: "GMT" in London.
  assert.equal(judge(c, "The call is at 14:00 GMT = 11pm, when Kenji is free."), 1);
  assert.equal(judge(c, "The call runs 8:00-8:30 (17:30 in Tokyo)."), 0);
  // An arrow joins a departure and an arrival, not two clocks.
  assert.equal(judge(c, "After the call: departs 11:00 \u2192 lands 07:10 Tokyo time."), 1);
  // A date the statement names counts: New York was 4 hours behind London from 25 Oct to 1 Nov,
  // 5 hours since.
  assert.equal(judge(c, "The call on Thu 29 Oct was at 13:00 (9am New York time)."), 1);
  assert.equal(judge(c, "The call on Thu 29 Oct was at 13:00 (6am New York time)."), 0);
});

test("{\"any\": \"code\"} except the right one: a wrong code of the subject; a time is no code", async () => {
  const { textStates } = await import("../../milestones/answer/states.js");
  const wrongCode = (text: string) => textStates(text, [{ any: "code" }], false, { zone: ZONE, now: WHEN }, ["key safe", "code"], [{ code: "4417" }]);
  assert.equal(wrongCode("Hi Gina, the capsule is on the bench; key safe code 4471."), 1);
  assert.equal(wrongCode("Hi Gina, the capsule is on the bench; key safe code 4417."), 0);
  assert.equal(wrongCode("Hi Gina, key safe code 4417 for the 3pm capsule."), 0);
  const c = { claims: [["Gina"]], distractors: [{ about: [["key safe"]], value: { any: "code" as const }, except: { code: "4417" } }] };
  assert.equal(judge(c, "Texted Gina: the key safe is 4471.", sent), 0);
  assert.equal(judge(c, "Texted Gina: the key safe is 4417.", sent), 1);
});

test("a time, date, amount or phone number in a fact's statement is no other code: \"that 4:40 slot\" does not contradict room M4", () => {
  // amara-002, round cu tac47e697 (graded PASS, scored 0): "that 4:40 slot is with Mr Hughes" was
  // read as the codes "that 4" and "4", another room than M4. Missing the room earns part credit;
  // a wrong room earns none.
  const c = { claims: [["Hughes"]], facts: [{ about: [["Hughes"]], value: { code: "M4" } }] };
  assert.ok(judge(c, "A bit more detail: that 4:40 slot is with Mr Hughes (Maths).") > 0);
  assert.ok(judge(c, "That 4.40 slot on 20/10 is with Mr Hughes.") > 0);
  assert.equal(judge(c, "At 4:40 Mr Hughes is in room E2."), 0);
  assert.equal(judge(c, "Mr Hughes is in room M4 at 4:40."), 1);
});

test("a value that held once, said of what is usual, is no assertion about this time: \"your usual Sunday call is at 4pm\"", () => {
  // amara-044, round cu tc54025c2 (graded PASS, scored 0).
  const c = { claims: [["2pm"]], distractors: [{ about: [["Mum", "she", "her"]], value: { time: "16:00" }, was_true: true }] };
  assert.equal(judge(c, "Mum is calling at 2pm tomorrow. Her usual Sunday call is at 4pm."), 1);
  assert.equal(judge(c, "Mum is calling at 2pm tomorrow; she normally rings at 4pm."), 1);
  assert.equal(judge(c, "Mum is calling at the usual 4pm tomorrow, not 2pm."), 0);
  assert.equal(judge(c, "She's calling at 2pm. No wait, she calls at her usual 4pm."), 0);
  // Only of a value that held once: a habit never in the data is the assistant's claim.
  assert.equal(judge({ claims: [["2pm"]], distractors: [{ about: [["Mum", "she", "her"]], value: { time: "16:00" } }] }, "Mum is calling at 2pm tomorrow. Her usual Sunday call is at 4pm."), 0);
});

test("\"asking\" reports what its clause's subject asked: the user's request is no claim of the assistant's, its own is", () => {
  // amara-044, round cv tf6e5b6ba (graded PASS, scored 0): Amara's WhatsApp asked Mum to ring at
  // "3pm your time", Mum's time.
  const c = { claims: [["2pm"]], distractors: [["3pm your time"]] };
  assert.equal(judge(c, "Mum calls at 2pm UK time. This morning (9:30am) you messaged her on WhatsApp asking her to ring at 3pm your time (2pm here)."), 1);
  assert.equal(judge(c, "Mum calls at 2pm UK time. I've texted her asking her to ring at 3pm your time."), 0);
  assert.equal(judge(c, "Mum calls at 2pm UK time. Texted her, asking her to ring at 3pm your time."), 0);
});

test("a short quoted title is read whole: its dash does not cut the change it names from its old value", () => {
  // kenji-031, round cv t034da65c (graded PASS, scored 0.33).
  const c = { claims: [["9:00"]], distractors: [{ value: { time: "08:00" } }] };
  const moved = { done: ["modify_calendar_event"] };
  assert.equal(judge(c, "Yes, it's 9:00. I've moved \"Leo's 7th birthday - video call\" on Sunday 22 November from 8:00 to 9:00-10:00.", moved), 1);
  assert.equal(judge(c, "Yes, it's 9:00. I've moved \"Leo's call\" - it's at 8:00 now.", moved), 0);
  // Nor are its words verbs of the clause: round cw t48ab50a4 (graded PASS, scored 0.33).
  const held = { claims: [["9:00"]], distractors: [{ value: { time: "08:00" }, was_true: true }] };
  assert.equal(judge(held, "Yes, it's 9:00. Details: \"Leo's 7th birthday - video call\" on Sunday 22 November was still set for 8:00-9:00. I moved it to 9:00-10:00.", moved), 1);
  assert.equal(judge(held, "Yes, it's 9:00. Details: \"Leo's 7th birthday - video call\" on Sunday 22 November is set for 8:00-9:00.", moved), 0);
});

test("\"Not completely.\" opens with a no; a lone participle before a value that held once does not make its clause present", () => {
  // amara-055, round cy t2694e9c4 (graded FAIL, scored 1) and t8fbdb2c1 (graded PASS, scored 0).
  const fixed = { claims: [[["fixed", "working", "yes"]], [["Dean"]]], distractors: [{ value: ["intermittent"], was_true: true }] };
  assert.equal(judge(fixed, "Not completely. Dean reset it so the heating is working, but the valve still needs replacing."), 0);
  assert.equal(judge(fixed, "Yes, it's fixed. Dean fitted the new valve. That was the part causing the intermittent hot water after his first visit."), 1);
  assert.equal(judge(fixed, "Yes, it's fixed, Dean says, but the hot water is still intermittent."), 0);
});

test("an adverb inside a negation leaves the phrase it stands in: \"hasn't actually confirmed\" is \"hasn't confirmed\"", () => {
  const c = { claims: [["Chioma"]], distractors: [{ about: [["Bev"]], value: ["hasn't confirmed", "not replied"] }] };
  assert.equal(judge(c, "Chioma is in. Bev hasn't actually confirmed yet."), 0);
  assert.equal(judge(c, "Chioma is in. Bev has not yet replied."), 0);
  assert.equal(judge(c, "Chioma is in, and Bev has confirmed."), 1);
});

test("a place after a comma, with an adverb before its preposition, describes what the clause before named: \"Mission Sports PT, over at 18th & Dolores\"", () => {
  // ravi-008, round cy t6fabae26 (graded FAIL, scored 1).
  const c = { claims: [["Lena Park"]], distractors: [{ about: [["Mission Sports", "Park"]], value: ["18th & Dolores"] }] };
  assert.equal(judge(c, "Diego said he's seeing Dr. Lena Park at Mission Sports PT, over at 18th & Dolores, the one who fixed Maya's knee."), 0);
  assert.equal(judge(c, "Diego is seeing Dr. Lena Park at Mission Sports PT. Your Saturday run starts, as usual, at 18th & Dolores."), 1);
});

test("\"(was Wed 7.30)\" gives the value replaced; a \"What you remembered\" column reports the user's belief", async () => {
  const { textStates } = await import("../../milestones/answer/states.js");
  const says730 = (text: string) => textStates(text, [{ time: "07:30" }], false, { zone: ZONE, now: WHEN });
  assert.equal(says730("My flight's moved to Thursday 15 Oct, 6.30am (was Wed 7.30)."), 0);
  assert.equal(says730("My flight is Wed 7.30."), 1);
  const c = { claims: [["pudding"]], distractors: [["sushi"]] };
  assert.equal(judge(c, "| | What you remembered | What your messages say |\n|---|---|---|\n| Bringing | sushi | Kobe pudding |"), 1);
  assert.equal(judge(c, "| | What you're bringing |\n|---|---|\n| Party | sushi, and Kobe pudding |"), 0);
});

test("a doubt holds back what follows it; \"no doubt\" does not", () => {
  const free = { claims: [["free"]] };
  assert.equal(judge(free, "I couldn't find it covered, so I wouldn't count on it being free."), 0);
  assert.equal(judge(free, "Not sure it's still free."), 0);
  assert.equal(judge(free, "The re-repair is free: his guarantee runs a year."), 1);
  assert.equal(judge(free, "There's no doubt the re-repair is free."), 1);
});

test("second read: a kept day, an amount excluded, a bracket's new value, agreeing with a belief, and lists of days stay asserted", async () => {
  const { textStates } = await import("../../milestones/answer/states.js");
  assert.equal(judge({ claims: [["Friday"]] }, "I'd keep Friday off for the move."), 1);
  assert.equal(judge({ claims: [["£20"]] }, "Total is £120 excluding the £20 deposit."), 1);
  assert.equal(textStates("The dentist (was moved to 3pm) is on Friday.", [{ time: "15:00" }], false, { zone: ZONE, now: WHEN }), 1);
  assert.equal(judge({ claims: [["dentist"]], distractors: [["3pm"]] }, "You remembered right: the dentist is at 3pm."), 0);
  assert.equal(judge({ claims: [["free"]] }, "You're free tonight, Saturday and Sunday."), 1);
  assert.equal(judge({ claims: [["gift"]] }, "The party? It's Saturday, so you still have today to buy a gift."), 1);
  assert.equal(judge({ claims: [["dentist"]], distractors: [["3pm"]] }, "Your dentist moved, so if you're going, be there at 3pm."), 0);
  const counted = { claims: [[{ count: 3 }, ["nights"]]] };
  assert.equal(judge(counted, "The booking is for 3 nights."), 1);
  const go = { claims: [["barber"]], distractors: [{ about: [["Friday"]], value: ["go club"] }] };
  assert.equal(judge(go, "## Friday 13 November\n\n- 9:30 · Barber\n- 13:00 – 17:00 · Go club"), 0);
  assert.equal(statements("## Friday 13 November\n\n### Afternoon\n\n#### Late afternoon\n\n- Go club").find((s) => s.kind === "item")!.context,
    "friday 13 november :: afternoon :: late afternoon");
});

test("a number of a unit of time is a duration, not a count of what is asked", () => {
  const c = { claims: [["scam"]], distractors: [{ about: [["unread"]], value: { count: 2 } }] };
  assert.equal(judge(c, "Unread texts: just one, a scam. Its deadline passed two weeks ago."), 1);
  assert.equal(judge(c, "Unread texts: two, and one is a scam."), 0);
});

test("a table row of what the user asked reports it; a cell under another place's column is on its clock", () => {
  const day = { claims: [["Tuesday"]], distractors: [{ about: [["plumber"]], value: { date: "2026-11-18" } }] };
  assert.equal(judge(day, "| Source | Plumber visit |\n|---|---|\n| Your request | Wednesday (18 Nov) |\n| Calendar | Tuesday 17 Nov |\n\nShould I tell Vale Tuesday?"), 1);
  assert.equal(judge(day, "| Source | Plumber visit |\n|---|---|\n| Calendar | Wednesday (18 Nov) |"), 0);
  // Written in London; Tokyo's clock is 9 hours ahead.
  const cake = { claims: [["call"]], distractors: [{ about: [["cake"]], value: { time: "22:00" } }] };
  assert.equal(judge(cake, "The call is at 1pm.\n\n| | London (you) | Tokyo (Yui) |\n|---|---|---|\n| Cake | 1:00pm | 10:00pm |"), 1);
  assert.equal(judge(cake, "The call is at 1pm.\n\n| | London (you) | Tokyo (Yui) |\n|---|---|---|\n| Cake | 10:00pm | 7:00am |"), 0);
  // A region the tz database names by a link ("Australia/Queensland"), not by a city.
  assert.equal(judge(cake, "The call is at 1pm.\n\n| | London (you) | Queensland (Elliot) |\n|---|---|---|\n| Cake | 1:00pm | 10:00pm |"), 1);
});

test("'except' holds without a subject too: any code but the right one, anywhere in the text", async () => {
  const { textStates } = await import("../../milestones/answer/states.js");
  const wrong = (text: string) => textStates(text, [{ any: "code" }], false, { zone: ZONE, now: WHEN }, undefined, [{ code: "4417" }]);
  assert.equal(wrong("Use 4471 at the door."), 1);
  assert.equal(wrong("Use 4417 at the door."), 0);
});

test("a part-of-day sub-heading takes only a parent that names a day", () => {
  const under = (top: string) => statements(`## ${top}\n\n### Evening\n\n- Go club`).find((s) => s.kind === "item")!.context;
  assert.equal(under("Friday 13 November"), "friday 13 november :: evening");
  assert.equal(under("Not going ahead"), "evening");
});

test("an apposition names what the words before its comma named: \"your original seats, 34A and 34B\"", () => {
  const seats = { claims: [["21A"]], distractors: [["34A", "34B"]] };
  assert.equal(judge(seats, "You're in 21A and 21C now; that replaces your original outbound seats, 34A and 34B."), 1);
  assert.equal(judge(seats, "You're in 21A and 21C now; your outbound seats, 34A and 34B, are in economy."), 0);
});

test("a paragraph under a lead-in ending in a colon, and a heading with a singular pronoun, read with what they follow", () => {
  const birthday = { claims: [["Leo", ["family group", "family"]]] };
  assert.equal(judge(birthday, "Done. I posted this in the family group:\n\n\"Happy 7th birthday, Leo!\""), 1);
  assert.equal(judge(birthday, "Done. I posted this in the family group.\n\n\"Happy 7th birthday, Leo!\""), 0);
  const lars = { claims: [["Lars", ["Monday", "Mondays", "closed"]]] };
  assert.equal(judge(lars, "I replied to Lars in your trip thread.\n\n### What it says\n- The museum is **closed on Mondays**, so Friday works.", { done: ["send_email"] }), 1);
  // "After that" points at time, "them" at several things: neither takes the sentence before.
  assert.equal(judge(lars, "I replied to Lars in your trip thread.\n\n### After that\n- The museum is **closed on Mondays**, so Friday works.", { done: ["send_email"] }), 0);
  assert.equal(judge(lars, "I replied to Lars in your trip thread.\n\n### Don't mix them up\n- The museum is **closed on Mondays**, so Friday works.", { done: ["send_email"] }), 0);
  // A lead-in with a pronoun is the same: "Here's what it says:" introduces the email to Lars.
  assert.equal(judge(lars, "Sent: I emailed Lars in your trip thread.\n\nHere's what it says:\n- The museum is **closed on Mondays**, so Friday works.", { done: ["send_email"] }), 1);
  assert.equal(judge(lars, "Sent: I emailed Lars in your trip thread. Here's what it says:\n- The museum is **closed on Mondays**, so Friday works.", { done: ["send_email"] }), 1);
  assert.equal(judge(lars, "Sent: I emailed Lars in your trip thread.\n\nHere's the plan:\n- The museum is **closed on Mondays**, so Friday works.", { done: ["send_email"] }), 0);
});

test("a date naming a message (\"his Oct 20 WhatsApp\") is not a value of what the message is about; \"the new time\" is no place's clock", () => {
  const birthday = { claims: [["Oct 24"]], distractors: [{ about: [["birthday", "cumple"]], value: ["Oct 20"] }] };
  assert.equal(judge(birthday, "His birthday is Oct 24, which matches his Oct 20 WhatsApp: \"sábado 24 es mi cumple\"."), 1);
  assert.equal(judge(birthday, "His birthday is Oct 24. Actually no, his birthday is Oct 20."), 0);
  // A word may stand between the date and the message (round ev, ravi-003: "her Oct 20 diligence email").
  assert.equal(judge(birthday, "His birthday is Oct 24. The birthday details came in his Oct 20 party email."), 1);
  const todo = { claims: [["yes"]], distractors: [{ about: [["Ernesto"]], value: ["left is to"] }] };
  assert.equal(judge(todo, "Vale said yes. The only thing left is to confirm the new time with Don Ernesto."), 0);
});

test("a value whose record \"is cancelled\" is old, as when it \"was cancelled\"", () => {
  const flight = { claims: [[{ date: "2026-11-12" }]], distractors: [{ about: [["flight"]], value: { time: "07:30" } }] };
  assert.equal(judge(flight, "The Wednesday 7:30am flight (QF414) is cancelled; you're now on Thursday 12 November at 6:30am."), 1);
  assert.equal(judge(flight, "Your flight is at 7:30am on Thursday 12 November."), 0);
});

test("a need written as a heading or after \"once you send me\" asks for what is missing; an offer goes on after \"or\"", () => {
  const ctx = compareContext(ZONE, "GB", []);
  const asks = (text: string) => clarificationOutcome({ kind: "clarification" }, replyOf(agent(text)), ctx).similarity;
  assert.equal(asks("## Need the code first\n\nI couldn't find it.\n\n### What I need from you\n- **The back door code.**"), 1);
  assert.equal(asks("I couldn't find the code. Once you send me it, I'll text Fergus."), 1);
  assert.equal(asks("I couldn't find the code, so I texted Fergus to ask Jo."), 0);
  // Second read: a condition on someone else, or a conditional need, asks nothing.
  assert.equal(asks("I've texted Rosa that pickup is at 3:30. When you tell the school, mention that Rosa is collecting Mia."), 0);
  assert.equal(asks("I've texted Rosa. I'd need to know more about the school's rules to say more."), 0);
  // Written on Wed 11 Nov: Thursday is the 12th.
  const choir = { claims: [["no rehearsal"]], distractors: [{ about: [["rehearsal"]], value: { date: "2026-11-12" } }] };
  assert.equal(judge(choir, "There's no rehearsal this week. If you want, I can add the 19th at 7.30, or set up a weekly Thursday rehearsal from then on."), 1);
  assert.equal(judge(choir, "No rehearsal next week; the rehearsal is every Thursday as usual, so it's on this Thursday."), 0);
});

test("a \"but\" clause with no subject of its own goes on with the subject before it", () => {
  const meera = { claims: [["Nadia", "fruit"]], distractors: [{ about: [["Meera"]], value: ["hasn't been down for"] }] };
  assert.equal(judge(meera, "Nadia brings fruit. Meera's coming too but hasn't been down for anything."), 0);
  assert.equal(judge(meera, "Nadia brings fruit. Jo is coming but hasn't been down for anything, and Meera brings the rangoli kit."), 1);
});

test("second read: \"is moved to\" asserts; a count before \"texts\" counts; \"his local time\" is his clock; a \"but\" clause takes the subject only; a quote ends a lead-in", () => {
  assert.equal(judge({ claims: [["dinner", "Saturday"]] }, "Good news: dinner is moved to Saturday, and I've told Jess.", { done: ["send_message"] }), 1);
  assert.equal(judge({ claims: [["Rosa"]], distractors: [{ about: [["Rosa"]], value: { count: 3 } }] }, "Rosa sent 3 texts this morning about the carpool."), 0);
  assert.equal(judge({ claims: [["Rosa"]], distractors: [{ about: [["Rosa"]], value: { time: "18:00" } }] }, "Rosa will get a 6pm text tomorrow about the carpool."), 0);
  const call = { claims: [["call", "7am"]], distractors: [{ about: [["call"]], value: { time: "21:00" } }] };
  assert.equal(judge(call, "Your call with Elliot is at 7am Tuesday, which is 9pm Elliot's local time on Monday."), 1);
  const recital = { claims: [["recital", "23 Nov"]], distractors: [{ about: [["recital"]], value: { date: "2026-11-20" } }] };
  assert.equal(judge(recital, "The recital is on Monday 23 Nov. Ms Park confirmed the recital but is away on Fri 20 Nov, so Mr Lee runs that rehearsal."), 1);
  const after = statements("I sent this to the family group:\n\n> Hi all, dinner is moved.\n\nDinner is at 7pm at Nonna's.").find((s) => s.text.startsWith("dinner is at"))!;
  assert.equal(after.context, "");
});

test("\"(it was 19:00)\" gives the value replaced; a value in brackets is read as what it annotates", () => {
  const dinner = { claims: [["19:30"]], distractors: [["19:00"]] };
  assert.equal(judge(dinner, "When: Thursday 19 November, 19:30-21:30 (it was 19:00)"), 1);
  assert.equal(judge(dinner, "When: Thursday 19 November, 19:30-21:30 (it is 19:00 for Lars)"), 0);
  const club = { claims: [["13 Nov"]], distractors: [{ about: [["book club", "it"]], value: { date: "2026-11-17" } }] };
  assert.equal(judge(club, "Book club moved to Fri 13 Nov. It was meant to be this Tuesday (17 Nov) at Helen's, but her kitchen flooded."), 1);
  assert.equal(judge(club, "Book club is Fri 13 Nov. It is also this Tuesday (17 Nov) at Helen's."), 0);
});

test("\"earlier\" that dates a saying (\"he said earlier\", \"earlier today\") does not mark the value as the old one", () => {
  const trip = { claims: [["Tunde"]], distractors: [{ about: [["Birmingham"]], value: { date: "2026-11-10" }, unsourced: true }] };
  // Written on Wed 11 Nov: the trip is next week, not this Tuesday.
  assert.equal(judge(trip, "Tunde rang, and he'd said earlier he was in Birmingham on Tuesday."), 0);
  assert.equal(judge(trip, "Tunde rang. Earlier today he said he was in Birmingham on Tuesday."), 0);
  // "The earlier plan" and "earlier than" still mark a value as not the one that holds.
  assert.equal(judge(trip, "Tunde rang. The earlier plan had him in Birmingham on Tuesday; he goes next week now."), 1);
});

test("an \"and\" clause that opens with an auxiliary goes on with the subject before it, not its objects", () => {
  const pool = { claims: [["pool"]], distractors: [{ about: [["pool"]], value: ["on top of"] }] };
  assert.equal(judge(pool, "The 15% pool is measured post-money and is created on top of the $56M pre-money."), 0);
  assert.equal(judge(pool, "The pool is 15%. The round is $14M and is priced on top of last year's notes."), 1);
  const sink = { claims: [["Ramiro"]], distractors: [{ about: [["sink"]], value: { time: "10:00" } }] };
  assert.equal(judge(sink, "Ramiro fixed the kitchen sink on 27 Oct and is coming back on 10 Nov at 10am with the heater valve."), 1);
  assert.equal(judge(sink, "Ramiro's sink repair was fine and is booked again on 10 Nov at 10am."), 0);
});

test("\"Sent from a mobile number\" says where a message came from; \"it was still showing 19:00\" reports a record", () => {
  const claims = (text: string) => claimedActions(t(text)).map((a) => a.words);
  assert.deepEqual(claims("- **Sent from an ordinary mobile number** (+44 7700 900066), not a delivery company."), []);
  assert.deepEqual(claims("Sent from your work email to Nina."), ["sent"]);
  assert.deepEqual(claims("Sent! Jess has the address."), ["sent"]);
  const dinner = { claims: [["19:30"]], distractors: [{ value: { time: "19:00" } }] };
  assert.equal(judge(dinner, "Dinner at Ikuta-tei: it was still showing 19:00 for 3 people. It is now 19:30."), 1);
  assert.equal(judge(dinner, "The dinner is at 19:00; Daichi said 19:30."), 0);
});

test("what no record says is denied; a \"Delivered?\" cell asks; \"added that ...\" adds words; two subjects share the value after them", () => {
  const book = { claims: [[["arrived", "came"], ["Friday"]]] };
  assert.equal(judge(book, "It arrived on Friday: Chidi texted that it's on the side."), 1);
  assert.equal(judge(book, "I couldn't find anything saying it's arrived yet. It was due on Friday."), 0);
  assert.equal(judge(book, "There's no sign that it arrived, though it was due on Friday."), 0);
  assert.equal(judge(book, "I couldn't find the order.\n\n| What | Details |\n|---|---|\n| Expected | Friday |\n| Delivered? | No confirmation |"), 0);
  assert.deepEqual(claimedActions(t("I texted Nkechi too, and I added that the table's at 7pm.")).map((a) => a.kind), ["message", "compose"]);
  assert.deepEqual(claimedActions(t("I added that event to your calendar.")).map((a) => a.kind), ["calendar"]);
  assert.deepEqual(claimedActions(t("I added the water and famotidine details so Mark doesn't take the bowl away.")).map((a) => a.kind), ["compose"]);
  const bev = { claims: [["Chioma"]], distractors: [{ about: [["Bev"]], value: ["haven't given"] }] };
  assert.equal(judge(bev, "Chioma is in. Bev and Sarah B haven't given you a firm yes yet."), 0);
  assert.equal(judge(bev, "Chioma is in, and Sarah B and Dan haven't given an answer; Bev is coming."), 1);
});

test("the yes or no a reply opens with is its answer; a row's own date is not its heading's", () => {
  const book = { claims: [[["yes", "arrived", "came"], ["Friday"]]] };
  assert.equal(judge(book, "Yes, it arrived on Friday: Chidi texted that it's on the side."), 1);
  assert.equal(judge(book, "**Yes!** Chidi texted on Friday that it came."), 1);
  assert.equal(judge(book, "Not yet, by the look of it. On Friday a courier text came in saying nobody was in."), 0);
  assert.equal(judge(book, "No. A text came in on Friday saying they had tried to deliver it."), 0);
  // "No" naming what there is none of is no verdict.
  assert.equal(judge(book, "No need to chase it: it came on Friday."), 1);
  const clash = { claims: [[["no"], ["Thursday"]]] };
  assert.equal(judge(clash, "Yes: the dentist clashes with it on Thursday."), 0);
  const shift = { claims: [[{ date: "2026-11-16" }, { time: "07:30" }]] };
  assert.equal(judge(shift, "Monday 16 Nov's long day is Sarah B's, so she covers it.\n\n| Shift | Date | Time |\n|---|---|---|\n| Next | Wed 18 Nov | 7:30am to 8pm |"), 0);
  assert.equal(judge(shift, "Your next shift is the long day.\n\n| Shift | Date | Time |\n|---|---|---|\n| Next | Mon 16 Nov | 7:30am to 8pm |"), 1);
  assert.equal(judge(shift, "Your next shift is Monday 16 Nov:\n- 7:30am to 8pm on Puffin Ward"), 1);
});

test("\"Before, it was 8:00\" and \"08:00 → 09:00\" under a change give the old value; \"Helen's bringing wine\" names no place; a reason clause has its own subject", () => {
  const call = { claims: [["9:00"]], distractors: [{ about: [["call"]], value: { time: "08:00" } }] };
  assert.equal(judge(call, "Yes, the call is at 9:00 now. Before, the call was set for 8:00."), 1);
  assert.equal(judge(call, "Yes, the call is at 9:00.\n\n### What I changed\n- **Time:** call 08:00–09:00 → **09:00–10:00**", { done: ["modify_calendar_event"] }), 1);
  assert.equal(judge(call, "The call is at 9:00. The call is set for 8:00."), 0);
  // An arrow outside a change is a span: a night shift "Sat 7 Nov → Sun 8 Nov".
  assert.equal(judge(call, "Added the call:\n- call 08:00 → 09:00 on Sunday"), 0);
  const venue = { claims: [["kladdkaka"]], distractors: [{ about: [["book club"]], value: ["Helen's"] }] };
  assert.equal(judge(venue, "You said kladdkaka. At book club, Fiona's bringing cheese and Helen's bringing wine."), 1);
  assert.equal(judge(venue, "You said kladdkaka. Book club is at Helen's on Tuesday."), 0);
  assert.equal(judge(venue, "You said kladdkaka. Helen's is the venue for book club."), 0);
  const caller = { claims: [["Amma"]], distractors: [{ about: [[{ time: "06:30" }]], value: ["Alex Romero"] }] };
  assert.equal(judge(caller, "It was Amma. You missed her call at 6:30am because you were on the phone with Alex Romero."), 1);
  assert.equal(judge(caller, "Alex Romero called at 6:30am; Amma called later."), 0);
});

test("a phrase's auxiliary is read in either number: \"hasn't confirmed\" also matches \"Sarah and Bev haven't confirmed\"", () => {
  const bev = { claims: [["Chioma"]], distractors: [{ about: [["Bev", "Beverley"]], value: ["hasn't confirmed", "isn't coming"] }] };
  assert.equal(judge(bev, "Chioma said yes. Sarah Byrne and Beverley haven't confirmed yet."), 0);
  assert.equal(judge(bev, "Chioma said yes. Beverley and Joy aren't coming."), 0);
  assert.equal(judge(bev, "Chioma said yes, and so did Beverley."), 1);
});

test("\"I called her 'Joanne (Jo)'\" names, it does not phone; \"on 20 Oct he wrote\" dates the writing, not what it says", () => {
  assert.deepEqual(claimedActions(t("I called her \"Joanne (Jo)\" so he knows which Jo it is.")).map((a) => a.kind), []);
  assert.deepEqual(claimedActions(t("I called her back and left a message.")).map((a) => a.kind), ["call"]);
  const birthday = { claims: [["24 October"]], distractors: [{ about: [["birthday", "cumple"]], value: ["20 Oct"] }] };
  assert.equal(judge(birthday, "His birthday is 24 October. On 20 Oct he wrote that his birthday party is on Saturday."), 1);
  assert.equal(judge(birthday, "His birthday is 24 October: he texted you on 20 Oct about the birthday party."), 1);
  assert.equal(judge(birthday, "His birthday is on 20 Oct; he said the party is the 24 October."), 0);
});

test("a column of what someone asked for or proposed reports its value beside the agreed one", () => {
  const cap = { claims: [[{ amount: 50000, currency: "USD" }]], distractors: [{ about: [["fee cap"]], value: [{ amount: 40000, currency: "USD" }] }] };
  const table = "| Term | Your draft asked for | Agreed with Julia |\n|---|---|---|\n| Legal fee cap | $40k | **$50k** |";
  assert.equal(judge(cap, `Here is what they agreed:\n\n${table}`), 1);
  assert.equal(judge(cap, "Here is what they agreed:\n\n| Term | Agreed with Julia |\n|---|---|\n| Legal fee cap | $40k |\n| Pool | $50k |"), 0);
});

test("\"confirmed at 12:14 today: Wednesday 11 November\" dates the confirming; \"Today: Wednesday 11 Nov\" names today", () => {
  // WHEN is Wednesday 11 November 2026.
  const today = { claims: [["19:00"]] };
  assert.equal(judge(today, "Yamato confirmed the redelivery by email at 12:14 today: Thursday 12 November, 19:00-21:00."), 1);
  assert.equal(judge(today, "Today: Thursday 12 November. The redelivery is at 19:00."), 0);
});

test("\"What the email says:\" is read with the sentence before it; a spaced middle dot ends a clause; \"most likely X\" asserts X", () => {
  const told = { claims: [[["Lars"], ["closed"]]] };
  assert.equal(judge(told, "Done. I emailed Lars, as a reply in your trip thread.\n\nWhat the email says:\n- The museum is closed on Mondays.\n- Hours are 10:00-18:00.", { done: ["send_email"] }), 1);
  assert.equal(judge(told, "Done. I emailed Ingrid.\n\nWhat the email says:\n- The museum is closed on Mondays.", { done: ["send_email"] }), 0);
  const last = { claims: [["Vale"]], distractors: [{ about: [["last dose"]], value: [{ time: "20:00" }] }] };
  assert.equal(judge(last, "Vale has the plan. Doses: you: tonight 8pm before your bus · Vale: Sat 8am through the last dose Mon 2 Nov 8am"), 1);
  assert.equal(judge(last, "Vale has the plan. Doses: Vale: Sat 8am through the last dose Mon 2 Nov 8pm"), 0);
  const caller = { claims: [["0163"]], distractors: [{ about: [["caller"]], value: ["Tanvi"] }] };
  assert.equal(judge(caller, "The number was +1 209 555 0163. **Caller:** most likely **Tanvi Rao**, the candidate."), 0);
  assert.equal(judge(caller, "The number was +1 209 555 0163. The caller is maybe a robocall; it isn't Tanvi's number."), 1);
});

test("a first column headed by a day titles the table; a row that gives its own day is not on it; a reason in a cell has its own subject", () => {
  const rows = "| Tonight (Wed 11 Nov) | Status |\n|---|---|\n";
  const haircut = { claims: [["free"]], distractors: [{ about: [["tonight"]], value: ["haircut"] }] };
  assert.equal(judge(haircut, `Your evening is free.\n\n${rows}| Next thing on | Tomorrow: your haircut at 5:30pm |`), 1);
  assert.equal(judge(haircut, `Your evening is free.\n\n${rows}| Haircut | 5:30pm with Mel |`), 0);
  const venue = { claims: [["Jo's"]], distractors: [{ about: [["book club"]], value: ["Helen's"] }] };
  assert.equal(judge(venue, "| Event | Status |\n|---|---|\n| Book club | It's moved to Tue 17 Nov at Jo's because Helen's kitchen flooded. |"), 1);
  assert.equal(judge(venue, "| Event | Status |\n|---|---|\n| Book club | Tue 17 Nov at Jo's, then Helen's in December |"), 0);
});

test("\"I added that water is still fine\" writes words into a message; a pasted transcript is a dump", () => {
  assert.deepEqual(claimedActions(t("I've texted Mark. I added that water is still fine until 6am.")).map((a) => a.kind), ["message", "compose"]);
  assert.deepEqual(claimedActions(t("I added that event to your calendar.")).map((a) => a.kind), ["calendar"]);
  const lines = ["8:18pm **You:** let's see", "8:17pm **Diego:** still on for sat?", "8:16pm **You:** saving that", "8:15pm **Diego:** Dr. Lena Park at Mission Sports PT", "8:14pm **You:** who are you seeing", "8:10pm **Diego:** calf is worse, seeing a PT"];
  const transcript = `## Recent messages with Diego\n\n**Wed 28 Oct**\n${lines.map((l) => `- ${l}`).join("\n")}`;
  assert.match(readDump(transcript, statements(transcript))?.reason ?? "", /transcript of 6 messages/);
  const answer = `Diego said to see **Dr. Lena Park** at Mission Sports PT (24th & Bryant); she fixed Maya's knee.\n\nHis texts:\n${lines.slice(2, 5).map((l) => `- ${l}`).join("\n")}`;
  assert.equal(readDump(answer, statements(answer)), null);
});

test("\"Tue + Wed. Drop them back Thu\" is two sentences; a paragraph opening \"What the email says\" reads with the one before", () => {
  assert.deepEqual(sentences("I'm on long days Tue + Wed. Drop them back Thu about 10am."), ["I'm on long days Tue + Wed.", "Drop them back Thu about 10am."]);
  assert.deepEqual(sentences("Meet on Wed. 4 Nov at 10."), ["Meet on Wed. 4 Nov at 10."]);
  const told = { claims: [[["Lars"], ["closed"]]] };
  assert.equal(judge(told, "Sent: I emailed Ingrid in your trip thread.\n\nWhat the email says: the museum is closed on Mondays, so Friday the 20th works.", { done: ["send_email"] }), 0);
  assert.equal(judge(told, "Sent: I emailed Lars in your trip thread.\n\nWhat the email says: the museum is closed on Mondays, so Friday the 20th works.", { done: ["send_email"] }), 1);
});

test("a phrase followed by \"else\" is another phrase: \"Nothing else is on tonight\" says something is", () => {
  const free = { claims: [["nothing"]] };
  assert.equal(judge(free, "One thing tonight: book club at 7:30pm. Nothing else is in your calendar for this evening."), 0);
  assert.equal(judge(free, "Nothing's on tonight: book club moved to Tue 13 Oct."), 1);
  assert.equal(judge({ claims: [["nothing else"]] }, "Just the dentist at 4. Nothing else today."), 1);
});

test("\"Booked in your calendar for 8:00\" states a record; \"(QF414) was cancelled\" marks what the bracket names old; a pronoun after a line's label is the label", () => {
  assert.deepEqual(claimedActions(t("1. **Call with Harriet**\n   - Booked in your calendar for 8:00–8:45am, on Teams")), []);
  assert.deepEqual(claimedActions(t("Scheduled for Tue 10 Nov at 9am.")), []);
  assert.deepEqual(claimedActions(t("Booked the table for 7pm.")).map((a) => a.kind), ["calendar"]);
  const flight = { claims: [["QF408"]], distractors: [["QF414"]] };
  assert.equal(judge(flight, "You're on QF408 on Thursday. The Wednesday 7:30am flight (QF414) was cancelled."), 1);
  assert.equal(judge(flight, "You're on QF408 on Thursday; your flight (QF414) leaves at 7:30am."), 0);
  const objects = claimedActions(t("- Dolores Auto Works: I texted them that you'll drop the car at 7:30.\n- Priya: I texted her the plan.")).map((a) => a.object);
  assert.deepEqual(objects, ["dolores auto works that you'll drop the car at 7:30", "priya the plan"]);
});

test("\"forwarded Julia Brandt's email to Nina\" addresses Nina, not Julia; a verb after a clause with its own subject is not the assistant's", () => {
  const people = new Map([["ct_julia", ["Julia Brandt", "Julia"]], ["ct_nina", ["Nina Castellanos", "Nina"]]]);
  const handles = new Map([["ct_julia", ["julia@halyard.vc"]], ["ct_nina", ["nina@harlowpierce.com"]]]);
  const [forward] = claimedActions(t("Sent. I forwarded Julia Brandt's term sheet email to Nina, cc Grace."));
  assert.equal(addressee(forward!, people, handles), undefined);
  const [text] = claimedActions(t("I texted Julia the plan."));
  assert.equal(addressee(text!, people, handles), "ct_julia");
  const saved = claimedActions(t("I've saved her as a contact, with a note that she's Mango's owner and called after hours on 3 Oct."));
  assert.deepEqual(saved.map((a) => a.kind), ["save"]);
  assert.deepEqual(claimedActions(t("I've saved her as a contact and called her back.")).map((a) => a.kind), ["save", "call"]);
});

test("a reason clause has its own subject after a pronoun sentence too: \"It was a missed call because you were on the phone with Alex\"", () => {
  const caller = { claims: [["Amma"]], distractors: [{ about: [["it was", "that was", "who called"]], value: ["Alex Romero"] }] };
  assert.equal(judge(caller, "That was your mom (Amma). It was a missed call because you were on the phone with Alex Romero."), 1);
  assert.equal(judge(caller, "That was a missed call. It was Alex Romero, not Amma."), 0);
});

test("a weekday alone after a date a week or more ahead is read in that date's frame; \"that week\" is its week", () => {
  // The reference is Wed 11 Nov: the coming Monday is the 16th.
  const show = (s: string) => extractDates(t(s), ref).map((x) => `${x.value.implied.month}-${x.value.implied.day}`);
  assert.deepEqual(show("Mon 23 Nov: back to school, I'm on long days Mon-Wed"), ["11-23", "11-23", "11-25"]);
  assert.deepEqual(show("School is back Thu 26 Nov; I'm on nights Mon-Tue that week."), ["11-26", "11-23", "11-24"]);
  // A date this week leaves the weekdays where they were, and so does a new sentence.
  assert.deepEqual(show("Fri 13 Nov: hair, then long days Mon-Tue"), ["11-13", "11-16", "11-17"]);
  assert.deepEqual(show("It expires Friday 27 November. Monday was a great meeting."), ["11-27", "11-9"]);
});

test("a table cell that is a sentence of its own is not bound by its column's header", () => {
  const gift = { claims: [["scarf"]], distractors: [{ about: [["suggestion", "suggested"]], value: ["flowers"] }] };
  const table = (last: string) => `| | Yui's suggestion |\n|---|---|\n| Gift | A cashmere scarf |\n| Where | Daimaru Kobe, 1st floor |\n| Also note | ${last} |`;
  assert.equal(judge(gift, table("Daichi is sending flowers from himself and Yui on the day")), 1);
  assert.equal(judge(gift, table("Flowers")), 0);
});

test("the value an arrow points away from is old after an imperative \"change\" or \"fix\" too", () => {
  const unit = { claims: [["mg/L"]], distractors: [["µg/L"]] };
  assert.equal(judge(unit, "| # | What to do |\n|---|---|\n| 1 | Change µg/L → mg/L in line 6 |"), 1);
  assert.equal(judge(unit, "Fix the units: µg/L -> mg/L."), 1);
  assert.equal(judge(unit, "The numbers are in µg/L, and mg/L is wrong."), 0);
});

test("a refusal's cue stands with an adverb inside its negation: \"didn't actually say\"", () => {
  const ctx = compareContext(ZONE);
  const amount = { kind: "refusal" as const, cues: ["didn't say", "doesn't say"] };
  assert.equal(refusalOutcome(amount, replyOf(agent("Emeka didn't actually say how much; check your Monzo app.")), ctx).similarity, 1);
  assert.equal(refusalOutcome(amount, replyOf(agent("It doesn't really say, but it's likely £50.")), ctx).similarity, 1);
  assert.equal(refusalOutcome(amount, replyOf(agent("He actually sent £50.")), ctx).similarity, 0);
});

test("a short aside in brackets right after a value does not end its clause: \"Julia Brandt (Halyard Ventures) called you at 11:02\"", () => {
  const caller = { claims: [["209"]], distractors: [{ about: [[{ time: "11:02" }, "the caller"]], value: ["Julia"] }] };
  assert.equal(judge(caller, "**Julia Brandt (Halyard Ventures)** called you at **11:02 AM** from +1 209 555 0163."), 0);
  assert.equal(judge(caller, "The 11:02 call was from +1 209 555 0163, not in your contacts. Julia Brandt (Halyard) rang yesterday."), 1);
  // The aside's own words stay out of the clause: "ready tonight (netball kit)" says nothing of netball tonight.
  const night = { claims: [["kit"]], distractors: [{ about: [["netball"]], value: { date: "2026-11-11" } }] };
  assert.equal(judge(night, "Netball is tomorrow at 6. Have your kit ready tonight (netball dress, trainers) so you're not rushing."), 1);
});

test("a sentence framed by the record reports it: \"On your calendar it stays at 7:30, but for them it's 9pm\"", () => {
  const call = { claims: [["6:30"]], distractors: [{ about: [["stays", "unchanged"]], value: { time: "07:30" } }] };
  assert.equal(judge(call, "Short version: on your calendar it stays at 7:30 am, but in Kochi that is now 9pm. To keep their 8pm, call at 6:30 am."), 1);
  assert.equal(judge(call, "The call stays at 7:30 am; nothing changes. If you like, 6:30 am works too."), 0);
  assert.equal(judge(call, "On your calendar I've moved it to 6:30 am; it stays at 7:30 am for them."), 0);
});

test("a longer list item's label is what its lead-in lists: \"Two of your contacts have two numbers:\" / \"- Carmen Ruiz (...): ...\"", () => {
  const two = { claims: [["Julia"]], distractors: [{ about: [["two numbers", "two phone numbers"]], value: ["Carmen"] }] };
  assert.equal(judge(two, "Two of your contacts have two phone numbers:\n\n- Julia Brandt (Halyard Ventures): mobile +1 650 555 0114 and work +1 415 555 0100.\n- Carmen Ruiz (Anika's lead teacher, Hummingbird room): her own number +1 415 555 0108, plus the preschool office line."), 0);
  // Only the label: a name further into the item is not what the lead-in lists.
  assert.equal(judge(two, "Only one contact has two phone numbers:\n\n- Julia Brandt (Halyard Ventures): mobile +1 650 555 0114 and work +1 415 555 0100, the front desk she shares with Carmen's old office."), 1);
  assert.equal(judge(two, "Only Julia Brandt has two numbers.\n\nOthers:\n\n- Carmen Ruiz (Anika's lead teacher): one number, the preschool office line."), 1);
});

test("a label before a colon is no verb: \"Details: it had been saved at 8:00\" describes the past", () => {
  const stale: DistractorSpec[] = [];
  const call = { claims: [["9:00"]], distractors: [{ value: { time: "08:00" }, was_true: true }] };
  assert.equal(judge(call, "Yes, 9:00 is right, and your calendar is fixed.\n\nDetails: it had been saved at 8:00.", { stale }), 1);
  assert.equal(judge(call, "Details: it is saved at 8:00, and 9:00 is right.", { stale }), 0);
});

test("\"I added that so she's not late\": a pronoun alone names no kind of record, so any write may be it", () => {
  assert.deepEqual(claimedActions(t("Nkechi only had the date, so I added that so she's not turning up at 7.30.")).map((a) => a.kind), ["any"]);
  assert.deepEqual(claimedActions(t("I added it to your calendar.")).map((a) => a.kind), ["calendar"]);
  assert.deepEqual(claimedActions(t("I added that event for Friday.")).map((a) => a.kind), ["add"]);
});

test("a claim's subject named in words and by a code is no value of its own: seats under \"Back home: AC37\"", () => {
  const seats = { claims: [[["return", "back", "AC37"], ["35A"], ["35B"]]] };
  assert.equal(judge(seats, "### Back home: AC37, Wednesday 6 January\n- **Economy**, not upgraded\n- **Seats 35A and 35B**"), 1);
  // A typed value of the context's type still is: another day's times under Monday's heading.
  const monday = { claims: [[["Monday"], { time: "07:30" }]] };
  assert.equal(judge(monday, "### Monday 16 Nov\n- Wed 18 Nov: 7:30am to 8pm"), 0);
});

test("a short item that is a sentence with a person as subject says its own thing, not its heading's", () => {
  const caller = { claims: [["Amma"]], distractors: [{ about: [[{ time: "06:30" }, "called"]], value: ["Alex Romero"] }] };
  assert.equal(judge(caller, "## It was Amma\n\nAmma called at 6:30 am, and the call was missed.\n\n### Why you missed it\n- You were on a call with **Alex Romero**."), 1);
  assert.equal(judge(caller, "Calls this morning:\n\n- 6:30 am: Alex Romero"), 0);
});

test("a line flush left after a list item is a paragraph of its own: \"That's 6 guests confirmed\" sums up the list", () => {
  const s = statements("Replies:\n- Chioma: yes\n- Sarah Byrne: no reply yet\nThat's 2 guests confirmed.");
  assert.ok(s.some((x) => x.kind === "sentence" && x.text === "that's 2 guests confirmed."));
  const sarah = { claims: [["Chioma"]], distractors: [{ about: [["Sarah"]], value: ["confirmed"] }] };
  assert.equal(judge(sarah, "Replies:\n- Chioma: yes\n- Sarah Byrne: no reply yet\nThat's 2 guests confirmed."), 1);
  // An indented line still goes on with its item.
  assert.ok(statements("- Sarah Byrne: no reply yet\n  she may come late.").some((x) => x.kind === "item" && x.text.includes("she may come late")));
});

test("a label the change verb ends heads the new value: \"Outbound (changed): 6:30am\"", () => {
  const flight = { claims: [[["Thu"], { time: "06:30" }]] };
  assert.equal(judge(flight, "| | Outbound (changed) | Return |\n|---|---|---|\n| Date | Thu 12 Nov | Fri 13 Nov |\n| Departs | 6:30am | 6:00pm |"), 1);
  const at = (s: string, v: string) => { const x = t(s); const i = x.indexOf(v); return stanceAt(x, i, i + v.length); };
  assert.equal(at("Moved: Thu 12 Nov at 6:30am", "6:30am"), "asserted");
  assert.equal(at("Cancelled: the 7:30am flight", "7:30am"), "old");
  assert.equal(at("It was wrongly set at 8:00.", "8:00"), "old");
});

test("a short list of fields is one record: \"When: Tue 6 Oct\" is about the book named in \"Book:\"", () => {
  const stale: DistractorSpec[] = [{ about: [["book club", "safekeep"]], value: { date: "2026-11-10" }, was_true: true }];
  const bring = { claims: [["kladdkaka"]] };
  assert.equal(judge(bring, "You're bringing kladdkaka.\n\n## The details\n- **Book:** The Safekeep\n- **When:** Tuesday 10 November, 7:30pm\n- **Where:** Helen's", { stale }), 0);
  // Items that are people, not fields, are records of their own.
  const wine = { claims: [["kladdkaka"]], distractors: [{ about: [["Helen"]], value: ["cheese"] }] };
  assert.equal(judge(wine, "You're bringing kladdkaka.\n\n- Helen: wine\n- Fiona: cheese"), 1);
});

test("a time on a clock named by abbreviation is that clock's: \"17:00 CET (4:00 pm your time)\"", () => {
  const call = { claims: [["Imogen"]], distractors: [{ about: [["Imogen"]], value: { any: "time" as const }, except: { time: "16:00" } }] };
  assert.equal(judge(call, "You agreed to a call with Imogen on Thu 12 Nov at 17:00 CET (4:00 pm your time)."), 1);
  assert.equal(judge(call, "Imogen's call is on Thu 12 Nov at 5:00 pm your time."), 0);
  // An abbreviation that is also a word names no clock: "the 10am CT" may be a scan.
  assert.equal(judge(call, "Imogen's call is at 10am CT on Thu 12 Nov."), 0);
});

test("\"I added a quick update that Otis is fine\" reports words added to a text", () => {
  assert.deepEqual(claimedActions(t("I added a quick update that Otis is through it.")).map((a) => a.kind), ["compose"]);
});

test("a date in a bracket aside is not the item's own: \"Dentist at 16:10 (moved from today, you emailed on 19 Oct)\" under \"Wed 4 Nov\"", () => {
  const dentist = { claims: [[["dentist"], ["Wed", "4 Nov"], { time: "16:10" }]] };
  assert.equal(judge(dentist, "### Wed 4 Nov: dentist during a long day\n- Long day 07:30-20:00\n- Dentist check-up with Dr Ahmed at 16:10 (the practice moved it from today, and you emailed on 19 Oct to accept)"), 1);
  assert.equal(judge(dentist, "### Wed 4 Nov: long day\n- Long day 07:30-20:00\n- Dentist check-up on Thu 5 Nov at 16:10"), 0);
});

test("a negation inside a closed bracket governs only the bracket: \"now at 7pm (not 7:30) on Saturday 31 October\"", () => {
  const dinner = { claims: [[["7pm"], ["Saturday", "31"]]] };
  assert.equal(judge(dinner, "The table is now at 7pm (not 7:30) on Saturday 31 October."), 1);
  assert.equal(judge(dinner, "The table is at 7pm, not on Saturday 31 October."), 0);
});

test("a label answered \"no\" in its own cell reports nothing: \"| Email sent | No |\"", () => {
  assert.deepEqual(claimedActions(t("| | |\n|---|---|\n| Email sent | No, he has no email address on file |")), []);
  assert.deepEqual(claimedActions(t("| | |\n|---|---|\n| Email sent | Yes, at 9:01 |")).map((a) => a.kind), ["send"]);
});

test("a predicate after an apposition belongs to the subject before it: \"your check-up tomorrow, Wed 4 Nov at 4:10pm, is cancelled\"", () => {
  const told = { claims: [["dentist"]], distractors: [{ about: [["check-up", "dentist"]], value: ["is cancelled"] }] };
  const done = ["create_outgoing_call"];
  assert.equal(judge(told, "I rang the dentist and your check-up with Dr Ahmed tomorrow, Wednesday 4 November at 4:10pm, is cancelled.", { done }), 0);
  assert.equal(judge(told, "I rang the dentist. The school trip, which was on Friday, is cancelled.", { done }), 1);
});

test("a value a few words before \"was cancelled\" is old, times counting as words; a conjunction starts another clause", () => {
  const flight = { claims: [["Saturday"]], distractors: [{ about: [["QF414", "flight"]], value: { date: "2026-11-13" } }] };
  assert.equal(judge(flight, "Qantas emailed at 12:40: your Friday 13 Nov QF414 at 7:30am was cancelled and you've been moved to QF408 on Saturday."), 1);
  assert.equal(judge(flight, "Your Friday QF414 flight stands and the 9am check-in was cancelled, so use Saturday's lounge."), 0);
});

test("a time among a recurring schedule's times names no one occurrence: \"every 12 hours (8 am and 8 pm)\"", () => {
  const next = { claims: [["8pm"]], distractors: [{ about: [["next"]], value: { time: "08:00" } }] };
  assert.equal(judge(next, "Mole's next Clavamox is tonight at 8:00 pm. It's one tablet every 12 hours (8 am and 8 pm)."), 1);
  assert.equal(judge(next, "Her next pill is tonight at 8 pm, or twice a day at 8am and 8pm."), 1);
  assert.equal(judge(next, "Her next pill is at 8 am and 8 pm."), 0);
  assert.equal(judge(next, "Her next pill is tomorrow at 8 am, then every 12 hours."), 0);
  // A line labelled with the plural "Times" lists the schedule's times (round ep, lucia-009).
  assert.equal(judge(next, "It's 9:00 am now, so the next one is due at 8pm.\n\n### Her schedule\n- **Times:** 8:00 am and 8:00 pm\n- **Course:** 10 days"), 1);
  assert.equal(judge(next, "It's 9:00 am now, so the next one is due at 8pm.\n\n### Her schedule\n- **Time:** 8:00 am"), 0);
});

test("a supposition right after a value excuses it: \"the Friday you may be thinking of\"", () => {
  const due = { claims: [["today"]], distractors: [{ about: [["deadline", "due"]], value: { date: "2026-11-13" } }] };
  assert.equal(judge(due, "It's due today. The Friday you may be thinking of is the original deadline, 30 Oct."), 1);
  assert.equal(judge(due, "It's due today. The deadline is Friday."), 0);
});

test("a longer label answered \"nothing\" denies its values: \"Tomorrow (Thu 12 Nov) at 11: nothing with Darren\"", () => {
  const visit = { claims: [["Friday"]], distractors: [{ about: [["Darren"]], value: { date: "2026-11-12" } }] };
  assert.equal(judge(visit, "Darren moved to Friday.\n\n- **Tomorrow (Thu 12 Nov) at 11:** nothing with Darren any more"), 1);
  assert.equal(judge(visit, "Darren moved to Friday.\n\n- **Tomorrow (Thu 12 Nov) at 11:** Darren's visit"), 0);
});

test("an item's short label lends its subject to the item's later sentences that name the rest", () => {
  const dose = { claims: [["Otis"]], distractors: [{ about: [["meloxicam"], ["next", "due"]], value: ["tonight"] }] };
  const care = "\n- **Famotidine:** stop it.\n- **Care:** cone on unless someone is watching him, lead walks only for 5 days, and no stairs, jumping or running for 14 days.\n- **Follow-up:** a recheck with your regular vet in 3 to 5 days, sutures out at 10 to 14 days.";
  assert.equal(judge(dose, `Otis's medicines:\n\n- **Meloxicam:** 2.1 mL, with food. His next dose is due **tonight with dinner**, then once a day for 7 days.${care}`), 0);
  assert.equal(judge(dose, "Otis's medicines:\n\n- **Meloxicam:** 2.1 mL with food, next dose Wednesday morning.\n- **Gabapentin:** his next dose is due tonight."), 1);
  // A one-group subject is not lent: "Amount due:" does not make the item's aside an amount due.
  const owed = { claims: [["£172"]], distractors: [{ about: [["due"]], value: ["£75"] }] };
  assert.equal(judge(owed, "You have one to pay:\n\n- **Amount due:** £172 by 17 Nov. It matches the quote you accepted (£112 part + £90 labour − £30 already covered by the £75 call-out)."), 1);
});

test("a line whose label marks it old gives the old value past its commas: \"Old time: Sunday 22 November, 8:00-9:00\"; \"Before you go:\" marks nothing", () => {
  const call = { claims: [["9:00"]], distractors: [{ time: "08:00" }] };
  assert.equal(judge(call, "It is at 9:00 now.\n\n### The change\n- **Old time:** Sunday 22 November, 8:00-9:00\n- **New time:** Sunday 22 November, 9:00-10:00"), 1);
  assert.equal(judge(call, "It is at 9:00 now.\n\n- **Before:** Sunday, 8:00"), 1);
  assert.equal(judge(call, "It is at 9:00 now.\n\n- **Before you go:** Sunday, 8:00"), 0);
});

test("a time clause with a verb of its own has its own subject: \"... is 9 am for you until US clocks change this weekend\"", () => {
  const call = { claims: [["9 am"]], distractors: [{ about: [["London", "call"]], value: { date: "2026-11-14" } }] };
  assert.equal(judge(call, "Your London call is at 9 am for you until US clocks change this weekend."), 1);
  assert.equal(judge(call, "Your London call is at 9 am this weekend."), 0);
});

test("a date between a subject and its value is part of the apposition: \"tonight's dinner, Wednesday 11 November, 19:00-21:00\"", () => {
  const dinner = { claims: [["Lars"]], distractors: [{ about: [["dinner"]], value: { time: "19:00" } }] };
  assert.equal(judge(dinner, "Lars is now on tonight's dinner, Wednesday 11 November, 19:00-21:00, at Ikuta-tei."), 0);
  assert.equal(judge(dinner, "Lars is now on tonight's dinner, Wednesday, 19:00-21:00."), 0);
  assert.equal(judge(dinner, "Lars is now on tonight's dinner. The school run, Wednesday 11 November, 19:00 sharp."), 1);
});

test("a message or a call named by its noun dates itself: \"his message from Oct 20\", \"her call on 18 Nov\"", () => {
  const birthday = { claims: [["24 October"]], distractors: [{ about: [["birthday", "cumple"]], value: { date: "2026-10-20" } }] };
  assert.equal(judge(birthday, "His birthday is 24 October. That matches his message from Oct 20: \"sábado 24 es mi cumple\"."), 1);
  assert.equal(judge(birthday, "His birthday is 24 October, not Oct 20... sorry, his birthday is on Oct 20."), 0);
  const suggested = { claims: [["couldn't find"]], distractors: [{ about: [["suggested"]], value: { any: "date" as const }, unsourced: true }] };
  assert.equal(judge(suggested, "I couldn't find a date. The most likely place she suggested it is her phone call on Wednesday 18 November at 19:30."), 1);
  assert.equal(judge(suggested, "I couldn't find a note. She suggested Wednesday 18 November when she rang."), 0);
});

test("a date after \"number\" is a date when a preposition opens it; \"flat 3/12\" is an address", () => {
  assert.equal(extractDates(t("a missed call from an unknown number on 27 Oct"), ref).length, 1);
  assert.equal(extractDates(t("she moved to flat 3/12 on the high street"), ref).length, 0);
});

test("a column of what was, or of what someone asked, holds no current value: \"Julia's original\" and \"Your ask\" beside \"Agreed\"", () => {
  const cap = { claims: [["$50k"]], distractors: [{ about: [["fee cap"]], value: ["$40k", "$60k"] }] };
  assert.equal(judge(cap, "| Term | Julia's original | Your ask | Agreed |\n|---|---|---|---|\n| Fee cap | $60k | $40k | **$50k** |"), 1);
  assert.equal(judge(cap, "| Term | Julia | Agreed |\n|---|---|---|\n| Fee cap | $60k | $50k |"), 0);
  // "The ask:" names no one's request: what follows it is stated.
  const hours = { claims: [["Wednesday"]], distractors: [{ about: [["consults"]], value: ["9-1"] }] };
  assert.equal(judge(hours, "**The ask:** Joanne wants you to cover Tom's Wednesday consults, 9-1."), 0);
});

test("what someone meant to do is no claim of what happened: \"you'd planned to land the fee cap at $45k\"", () => {
  const cap = { claims: [["$50k"]], distractors: [{ about: [["fee cap"]], value: ["$45k"] }] };
  assert.equal(judge(cap, "The fee cap is $50k. You'd planned to land the fee cap at $45k, so it's $5k more than you were aiming for."), 1);
  assert.equal(judge(cap, "The fee cap is $50k. The fee cap landed at $45k."), 0);
});

test("a hedge on whether it is done yet asserts nothing: \"confirming with Don Ernesto if you haven't yet\"", () => {
  const left = { claims: [["Vale"]], distractors: [{ about: [["Ernesto"]], value: ["left is", "still need to"] }] };
  assert.equal(judge(left, "Vale said yes. The only thing left is confirming 4pm with Don Ernesto if you haven't yet."), 1);
  assert.equal(judge(left, "Vale said yes. The only thing left is confirming 4pm with Don Ernesto."), 0);
});

test("an action in a clause of what is not yet done is not reported: \"before I put the 12th in\"", () => {
  assert.deepEqual(claimedActions(t("You might let Bev know. Also, before I put the 12th in: you're on a long day that Thursday.")), []);
  assert.equal(claimedActions(t("I put the 12th in your calendar.")).length, 1);
});

test("a value listed with a fact's own values does not part it from its subject: \"Gabapentin at 7 am, 3 pm, 11 pm\"", () => {
  const meds = { claims: [[["gabapentin"], ["3 pm"], ["11 pm"]], [["meloxicam"], ["7 am"]]] as ResponseConstraint["claims"] };
  assert.equal(judge(meds, "Gabapentin at 7 am, 3 pm, 11 pm. Meloxicam at 7 am with food."), 1);
  assert.ok(judge(meds, "Gabapentin at 3 pm; meloxicam at 7 am, 11 pm.") < 1);
});

test("an apology is no blocker: \"Sorry, wrong Diego!\" goes on to answer; \"just say if\" asks", () => {
  const ctx = compareContext(ZONE, "GB", []);
  const asks = (text: string) => clarificationOutcome({ kind: "clarification" }, { ...replyOf(agent(text)), handsBack: true }, ctx).similarity;
  assert.equal(asks("Sorry, wrong Diego! Diego Ramírez recommended Pedro Páramo, on Netflix."), 0);
  assert.equal(asks("Sorry, I can't find a Diego from climbing in your contacts."), 1);
  assert.equal(asks("I haven't changed anything. Just say if you'd like me to move it to 7 pm."), 1);
  assert.equal(asks("Anders didn't say if he can move it."), 0);
});

test("a bare hour after \"morning at\" is in the morning: \"tomorrow (Monday) morning at 8\"", () => {
  const show = (s: string) => extractTimes(t(s)).map((x) => `${x.value.hour}:${x.value.minute}${x.value.meridiemKnown ? "" : "?"}`);
  assert.deepEqual(show("her last pill is tomorrow (Monday) morning at 8, then she's done"), ["8:0"]);
  assert.deepEqual(show("the call is Saturday evening at 7"), ["19:0"]);
  assert.deepEqual(show("her last pill is at 8, then she's done"), ["8:0?"]);
});

test("a value named by its noun as what it was is old: \"Friday was the original deadline\"", () => {
  const due = { claims: [["today"]], distractors: [{ about: [["deadline"]], value: { date: "2026-11-13" } }] };
  assert.equal(judge(due, "It's due today. Friday was the original deadline he let you move."), 1);
  assert.equal(judge(due, "It's due today. Friday is the deadline he let you move."), 0);
});

test("a table row's record may be keyed by a column that names who or what it is, not only the first", () => {
  const hamish = { claims: [["Darren"]], distractors: [{ about: [["Hamish"]], value: ["not returned"] }] };
  assert.equal(judge(hamish, "| When | From | Status |\n|---|---|---|\n| Fri 16 Oct | Hamish Reid | Not returned yet |\n| Thu 1 Oct | Darren | Returned |"), 0);
  assert.equal(judge(hamish, "| When | Note | Status |\n|---|---|---|\n| Fri 16 Oct | Hamish Reid | Returned |\n| Thu 1 Oct | Darren | Not returned yet |"), 1);
});

test("a cross mark after a label denies it: \"Thu 12 Nov: ❌ No rehearsal\"", () => {
  const choir = { claims: [["19th"]], distractors: [{ about: [["rehearsal", "choir"]], value: { date: "2026-11-12" } }] };
  assert.equal(judge(choir, "Back on the 19th.\n\n| | Thu 12 Nov | Thu 19 Nov |\n|---|---|---|\n| Choir | ❌ No rehearsal | ✅ Back on |"), 1);
  assert.equal(judge(choir, "Back on the 19th.\n\n| | Thu 12 Nov | Thu 19 Nov |\n|---|---|---|\n| Choir | ✅ Rehearsal | ✅ Back on |"), 0);
});

test("a value that opens its clause as a label is about what the label heads: \"Wed 28 - drop them back about 10\"", () => {
  const states = (text: string) => textStates(text, [{ date: "2026-11-12" }], false, { zone: ZONE, region: "GB", now: WHEN }, ["drop them", "back"]);
  assert.equal(states("Tue I'm on a long day. Thu 12 - drop them back about 10 please."), 1);
  assert.equal(states("Thu 12 - long day for me. Fri 13 - drop them back about 10 please."), 0);
});

test("words added to a message being written are no record: \"I added the 7:30 time to Mark's text\"", () => {
  assert.deepEqual(claimedActions(t("Done. I texted Mark. I added the 7:30 time to Mark's text.")).map((a) => a.kind), ["message", "compose"]);
  assert.deepEqual(claimedActions(t("I added the 7:30 call to your calendar.")).map((a) => a.kind), ["calendar"]);
});

test("a month or a weekday is in a fuller date that has it: \"December\" and \"Thursday\" in \"Thursday 17 December\"", () => {
  const arrive = { claims: [[["17", "17th"], ["December", "Dec"], ["Thursday", "Thu"]]] };
  assert.equal(judge(arrive, "You arrive on Thursday 17 December at 8:50."), 1);
  assert.equal(judge(arrive, "You arrive on Friday 17 November at 8:50."), 0);
});

test("a fact holds however many times its parts are named: the narrowest choice is found, not the first few hundred tried", () => {
  const five = { claims: [[["alpha"], ["beta"], ["gamma"], ["delta"], ["epsilon"]], [["zeta"]]] as ResponseConstraint["claims"] };
  const noise = "alpha beta gamma delta zeta ".repeat(5);
  assert.equal(judge(five, `${noise}alpha beta gamma delta epsilon.`), 1);
  assert.equal(judge(five, `${noise}alpha beta gamma delta zeta epsilon.`), 0.5);
});

test("a pronoun sentence's own values that another part of the fact names are the fact's: \"That is in the middle of the Cafe, 10:00-11:30\"", () => {
  const clash = { claims: [[["10:30"], ["clinic"], ["cafe"], ["in the middle", "11:30"]]] as ResponseConstraint["claims"] };
  // Long enough that the paragraph is not also read whole.
  const rest = " You sorted most of it this morning: Emma will start the class with the warm-up and travel vocabulary, and you said you would arrive around 11:15 for the second half. Bring your Canada photos. One loose end: your email to Fujii-san is still in your drafts. Nothing else is on for tomorrow.";
  assert.equal(judge(clash, `Yes, one clash tomorrow. Your clinic appointment is 10:30-11:00. That is in the middle of the Conversation Cafe, 10:00-11:30 at the Plaza.${rest}`), 1);
  assert.equal(judge(clash, "Your clinic appointment is on Monday. That is at the Conversation Cafe, 10:00-11:30, in the middle of town."), 0);
});

test("a sentence cut inside a quotation at the quoted question asks nothing: 'suggested it: \"Cineteca wed 11 at 8pm? they're showing ...\"'", () => {
  const ctx = compareContext(ZONE);
  const asks = (text: string) => clarificationOutcome({ kind: "clarification" }, replyOf(agent(text)), ctx).similarity;
  assert.equal(asks("That was Macario. Diego Morales suggested it on WhatsApp on Friday: \"Cineteca wed 11 at 8pm? they're showing the restored Macario.\"\n\nYou're already going tonight."), 0);
  assert.equal(asks("That was Macario, from Diego Morales. Or did you mean Diego Ramírez?"), 1);
  assert.equal(statements(t("He wrote “free at 8pm? I can bring it”")).some((s) => s.question), false);
});

test("a list of names after a colon belongs to the clause before it: \"Two of your contacts have two numbers: Julia Brandt and Carmen Ruiz\"", () => {
  const two = { claims: [[["Julia"], ["two numbers", "mobile"]]] as ResponseConstraint["claims"], distractors: [{ about: [["two numbers", "second number"]], value: ["Carmen"] }] };
  assert.equal(judge(two, "Two of your contacts have two numbers: Julia Brandt and Carmen Ruiz."), 0);
  assert.equal(judge(two, "Julia Brandt has two numbers: a mobile and a work line. Carmen Ruiz has one."), 1);
});

test("what someone would think is no claim: \"She'd think you were both on tonight\"; \"she'd moved it to tonight\" still says so", () => {
  const off = { claims: [[["not on tonight"]]] as ResponseConstraint["claims"], distractors: [["on tonight"]] };
  assert.equal(judge(off, "You're not on tonight, so I haven't texted Sarah B. She'd think you were both on tonight."), 1);
  assert.equal(judge(off, "You're not on tonight, I think. Sarah B said she'd moved you: you are on tonight."), 0);
});

test("the time now on someone else's clock is not the user's: \"For him it's only about 6:10pm right now\"", () => {
  // Written at 10:00 in London.
  const c = { claims: [["call"]] };
  assert.equal(judge(c, "His 7 is your 8 for the call. For him it's only about 6:10pm right now."), 1);
  assert.equal(judge(c, "Call him later. For you it's only about 6:10pm right now."), 0);
  assert.equal(judge(c, "Call him later. It's only about 6:10pm right now."), 0);
});

test("an offset from a day is the offset day: \"one week from today\" is a week on, not today", () => {
  const day = (text: string) => extractDates(text, ref).map((d) => `${d.value.known.day}/${d.value.known.month}`);
  // Written on Wed 11 Nov.
  assert.deepEqual(day("her birthday: wednesday 18 november, one week from today"), ["18/11", "18/11"]);
  assert.deepEqual(day("two days from tomorrow"), ["14/11"]);
  assert.deepEqual(day("the call is today"), ["11/11"]);
});

test("a participle naming a field is a label, not a report: \"Booked window: today, 8am-12pm\"", () => {
  assert.deepEqual(claimedActions(t("Booked window: today, Thursday 29 October, 8am-12pm.")).map((a) => a.kind), []);
  assert.deepEqual(claimedActions(t("Booked the table for 7.")).map((a) => a.kind), ["calendar"]);
});

test("\"Told X ...\" opening a line, or a cell under \"What I did\", reports telling X", () => {
  assert.deepEqual(claimedActions(t("Told Dolores Auto Works you're dropping off early.")).map((a) => a.kind), ["tell"]);
  assert.deepEqual(claimedActions(t("| Item | What I did |\n|---|---|\n| Garage | Told Dolores Auto Works you're dropping off early |")).map((a) => a.kind), ["tell"]);
  assert.deepEqual(claimedActions(t("| Item | Status |\n|---|---|\n| Garage | Told you on Monday |")).map((a) => a.kind), []);
  // Under a lead-in whose subject is someone else, the items list what they did.
  assert.deepEqual(claimedActions(t("In that reply you:\n- told him it's fixed\n- promised a write-up")).map((a) => a.kind), []);
  assert.deepEqual(claimedActions(t("Done:\n- told Owen it's fixed")).map((a) => a.kind), ["tell"]);
});

test("\"today\" after a writing dates the writing: \"the party from Keiko's email today is Tuesday 15 December\"", () => {
  // Written on Wed 11 Nov 2026.
  const c = { claims: [["pharmacy"]] };
  assert.equal(judge(c, "The pharmacy party from Keiko's email today is Tuesday 15 December."), 1);
  assert.equal(judge(c, "And today is Tuesday 15 December, so the pharmacy is shut."), 0);
});

test("a name that is the subject of its own verb is not bound by the list's lead-in: \"Nadia and Priya both acknowledged it\"", () => {
  const swap = { claims: [[["Ben"], ["swapped"]]] as ResponseConstraint["claims"], distractors: [{ about: [["swapped", "swap"]], value: ["Nadia"] }] };
  assert.equal(judge(swap, "On Oct 22 you swapped with Ben in the group:\n\n- **Ben:** *\"Deal, thank you!!\"* Nadia and Priya both acknowledged it."), 1);
  assert.equal(judge(swap, "On Oct 22 you swapped with Ben. Who else swapped:\n\n- Nadia, for Friday"), 0);
});

test("a short item's sentence with a subject of its own is not bound by the heading: \"Race is Sun 22 Nov\" under \"packet pickup\"", () => {
  const pickup = { claims: [[{ date: "2026-11-20" }]] as ResponseConstraint["claims"], distractors: [{ about: [["pickup", "packet"]], value: [{ date: "2026-11-22" }] }] };
  const added = "## Berkeley Half packet pickup is in your calendar:\n\n- **When:** Friday 20 Nov, 5:30-6:30pm\n- **Notes:** Bib 2417, Corral B. ";
  assert.equal(judge(pickup, added + "Race is Sun 22 Nov with a 7:30am start."), 1);
  assert.equal(judge(pickup, added + "The race is Sun 22 Nov with a 7:30am start."), 1);
  // A fragment, or the subject itself, still reads under the heading.
  assert.equal(judge(pickup, added + "Sun 22 Nov as a backup."), 0);
  assert.equal(judge(pickup, added + "Pickup is Sun 22 Nov."), 0);
});

test("a time that opens its clause and is said to be free holds nothing: \"Tomorrow at 11 is now free\"", () => {
  // Written on Wed 11 Nov 2026: tomorrow is Thu 12 Nov.
  const moved = { claims: [["Friday"]] as ResponseConstraint["claims"], distractors: [{ about: [["Darren", "visit"]], value: [{ time: "11:00" }] }] };
  const head = "## Not tomorrow: Darren moved to Friday\n\nYou agreed:\n\n- **New time:** Friday 13 November, 11:30am\n- ";
  assert.equal(judge(moved, head + "Tomorrow at 11 is now free."), 1);
  assert.equal(judge(moved, head + "Thu 12 Nov at 11:00 is free now."), 1);
  // A slot named after a verb, or with no word of it being free, still places the visit there.
  assert.equal(judge(moved, head + "Tomorrow at 11, as before."), 0);
  assert.equal(judge(moved, head + "Darren still comes tomorrow at 11, and the afternoon is free."), 0);
});

test("a range's start takes its half of the day from the end: \"6-8pm\" starts at 18:00, \"11-1pm\" at 11:00", () => {
  const hours = (text: string) => extractTimes(text).map((s) => [s.value.hour, s.value.meridiemKnown]);
  assert.deepEqual(hours("That's 6-8pm for you"), [[18, true], [20, true]]);
  assert.deepEqual(hours("from 6 to 8 pm"), [[18, true], [20, true]]);
  assert.deepEqual(hours("9\u201311am"), [[9, true], [11, true]]);
  assert.deepEqual(hours("11-1pm"), [[11, true], [13, true]]);
  assert.deepEqual(hours("12-2pm"), [[12, true], [14, true]]);
  // No half named at the end: the start stays open.
  assert.deepEqual(hours("10-11:30"), [[10, false], [11, false]]);
  // So "it's 6am there" is not said by "that's 6-8pm for you at the moment".
  const now = { claims: [["5am"]] as ResponseConstraint["claims"], distractors: [{ about: [["right now", "at the moment"]], value: ["6am"] }] };
  assert.equal(judge(now, "It's 5am there. Her calls are 9-11am their time: that's 6-8pm for you at the moment."), 1);
  assert.equal(judge(now, "It's 5am there, so 6am is an hour away. Right now, 6am."), 0);
});

test("a value that is the subject of a copula says what it is, not what the heading is about: \"4172 is the allotment gate code\"", () => {
  const code = { claims: [["2580"]] as ResponseConstraint["claims"], distractors: [{ about: [["keysafe", "key safe", "Priya", "gave"]], value: ["4172"] }] };
  const head = "## Keysafe code: 2580\n\nYou gave Priya 2580 in a text this afternoon.\n\n### Don't mix it up with\n- ";
  assert.equal(judge(code, head + "4172 is the allotment gate code."), 1);
  assert.equal(judge(code, head + "4172 is the code you gave Priya."), 0);
  assert.equal(judge(code, "## Keysafe code\n- 4172, by the back door"), 0);
});

test("a short label before a spaced dash heads its item: \"Beverley Grant \u2014 no reply yet\"", () => {
  const rsvp = { claims: [["Chioma"]] as ResponseConstraint["claims"], distractors: [{ about: [["Bev", "Beverley"]], value: ["no reply", "not replied"] }] };
  const head = "## Birthday dinner RSVPs\n\n### Confirmed so far\n- **Chioma Eze** \u2014 yes, bringing Obi\n\n### Still waiting on\n";
  assert.equal(judge(rsvp, head + "- **Beverley Grant** \u2014 no reply yet\n- **Sarah Byrne** \u2014 no reply yet"), 0);
  assert.equal(judge(rsvp, head + "- **Sarah Byrne** \u2014 no reply yet\n\nBeverley said yes."), 1);
  // A longer item's clauses keep their own subjects.
  assert.equal(judge(rsvp, head + "- Beverley is in, and Sarah \u2014 no reply yet"), 1);
});

test("the people of a \"with\" share their clause: \"the partner meeting with you and Grace on Tue Oct 27\"", () => {
  const stale = { claims: [["advisor"]] as ResponseConstraint["claims"], distractors: [{ about: [["partner meeting"]], value: [{ date: "2026-11-17" }] }] };
  assert.equal(judge(stale, "Dev is the advisor. Next step: the partner meeting with you and Grace on Tue 17 Nov at 2 pm."), 0);
  assert.equal(judge(stale, "Dev is the advisor. Next step: the partner meeting with you and Grace on Thu 19 Nov at 10 am."), 1);
  // Not an "and" that starts a clause of its own.
  assert.equal(judge(stale, "Dev is the advisor; the partner meeting moved to Thu 19 Nov and Grace has her review on Tue 17 Nov."), 1);
});

test("a value that held once, reported in the past tense, is a true report even where no source may vouch for it now", () => {
  const fast = { claims: [["insurance card"]] as ResponseConstraint["claims"], distractors: [{ value: ["skip breakfast"], unsourced: true, was_true: true }] };
  assert.equal(judge(fast, "Bring your insurance card. Last time's reminder said to skip breakfast; today's doesn't."), 1);
  assert.equal(judge(fast, "Bring your insurance card. The clinic's reminder says to skip breakfast."), 0);
});

test("an option after \"or\" keeps the mood of the one before: \"you could be up for 6:30, or ask her to call at 9 so it stays at 7:30\"", () => {
  const c = { claims: [["6:30"]] as ResponseConstraint["claims"], distractors: [{ about: [["stays", "stay"]], value: { time: "07:30" } }] };
  assert.equal(judge(c, "The call comes at 6:30 now. You could either be up for 6:30, or ask Amma to call at 9 pm her time so it stays at 7:30 for you."), 1);
  assert.equal(judge(c, "The call comes at 6:30 now, or rather it stays at 7:30 for you."), 0);
});

test("an indirect question states nothing: \"as for whether it's free: I couldn't find any promise\"", () => {
  const c = { claims: [[["free", "guarantee", "warranty"]]] as ResponseConstraint["claims"] };
  assert.equal(judge(c, "As for whether it's free: I couldn't find any warranty or free-repair promise, so expect a fee."), 0);
  assert.equal(judge(c, "It's free: his text promises a free repair within a year."), 1);
  // A negation governs each alternative it lists.
  assert.equal(judge(c, "I couldn't find any warranty or free-repair promise in your messages."), 0);
});

test("a time restated in brackets on another clock is about what the time before it is about, and a date's comma joins its time: \"Thursday 5 November, 16:00 GMT (9:00 AM PT)\"", () => {
  const c = { claims: [["Thursday"]] as ResponseConstraint["claims"], distractors: [{ about: [["Thursday"]], value: ["9:00"] }] };
  assert.equal(judge(c, "The call is on Thursday 5 November, 16:00 GMT (**9:00 AM PT**)."), 0);
  assert.equal(judge(c, "The call is on Thursday 5 November, 16:00 GMT (**8:00 AM PT**)."), 1);
  const when = "when: thursday 5 november, 16:00 gmt (9:00 am pt)";
  assert.equal(clauseBefore(when, when.indexOf("16:00")), "when: thursday 5 november,");
  assert.equal(restatedFrom(when, when.indexOf("9:00")), when.indexOf("("));
  // Its mood too: "whether she could start at 15:00 GMT (9:00 for you)" asks.
  assert.equal(judge(c, "Thursday is at 8:00. You asked whether Thursday could start at 16:00 GMT (9:00 for you)."), 1);
  // Not an aside with a verb of its own, nor a bracket after a word.
  assert.equal(judge(c, "Thursday's call is at 8:00 (9:00 was the old slot)."), 1);
});

test("a scenario may credit a longer listing than a handful: a week's overview with max_items", () => {
  const week = Array.from({ length: 30 }, (_, i) => `- Day ${i + 1}: the dentist at ${(i % 9) + 1}pm`).join("\n");
  assert.notEqual(readDump(week, statements(week)), null);
  assert.equal(readDump(week, statements(week), 40), null);
  assert.equal(judge({ claims: [["dentist"]], max_items: 40 }, week), 1);
  assert.equal(judge({ claims: [["dentist"]] }, week), 0);
});

test("a value's clause ends at its sentence's end, also one its own full stop ends: \"tell Grupo 2 Wed 18 Nov. Grades are due Wed 25 Nov\"", () => {
  const c = { claims: [["Patricia"]] as ResponseConstraint["claims"], distractors: [{ about: [["grades", "grading"]], value: { date: "2026-11-18" } }] };
  const row = (cell: string) => `| From | Reminder |\n|---|---|\n| Patricia Gómez | ${cell} |`;
  assert.equal(judge(c, row("Post it on Classroom and tell Grupo 2 **Wed 18 Nov**. Lab Report 3 grades are due **Wed 25 Nov**")), 1);
  assert.equal(judge(c, row("Post it on Classroom and tell Grupo 2 today. Lab Report 3 grades are due Wed 18 Nov")), 0);
});

test("a title heading gives no verdict of its own: the statement under it opens the answer", () => {
  const c = { claims: [[["18:00", "6pm"], ["leaves", "departs", "no"]]] as ResponseConstraint["claims"] };
  assert.equal(judge(c, "## Your flight home tonight\n\n**Yes, that's right.** QF459 leaves at 6pm and lands at 7:30pm."), 0);
  assert.equal(judge(c, "## Your flight home tonight\n\n**No** - QF459 leaves at 6pm and lands at 7:30pm."), 1);
  assert.equal(judge(c, "## No, it leaves at 6pm\n\nQF459 lands at 7:30pm."), 1);
});

test("an amount with its leading digits lost is read in every shape; real figures and measures are not", () => {
  const lost = (text: string) => lostDigits(statements(text))?.said ?? null;
  assert.equal(lost("Northbank may put in up to .5m alongside Halyard."), ".5m");
  assert.equal(lost("- **Legal fee cap:** 0k"), "0k");
  assert.equal(lost("a 4.0M round with Halyard putting in 0.0M"), "0.0m");
  assert.equal(lost("| Tickets | Already bought, 0 each with the student discount |"), "0 each");
  assert.equal(lost("They'll cover a Lyft up to 0 if you need one."), "up to 0");
  assert.equal(lost("You bought the tickets and he owes you 0."), "owes you 0");
  for (const fine of ["Northbank may put in up to $2.5m.", "He owes you $70.", "It costs $0 to change.", "A 0.5m cable.",
    "The drive is up to 0.5 km.", "Sal ran 10k on Sunday.", "He owes you nothing.", "Cami's text said \"owes you 0\"?",
    "Delayed by up to 0 minutes, then 20.", "The score was 0 each way."]) assert.equal(lost(fine), null, fine);
});

test("a table with field names down its first column is also read down each column", () => {
  const table = "| | To Vancouver | Back to Osaka |\n|---|---|---|\n| Flight | AC38 | AC37 |\n| Kenji | **21A** | **35A** |\n| Michiko | **21C** | **35B** |";
  const c = { claims: [[["outbound", "AC38", "to Vancouver"], "21A", "21C"], [["return", "AC37", "back"], "35A", "35B"]] };
  assert.equal(judge(c, table), 1);
  // The rows are read as before, and a table with a named first column is not turned.
  assert.ok(statements(table).some((s) => s.kind === "row" && s.text === "kenji; to vancouver: 21a; back to osaka: 35a"));
  assert.ok(!statements(table.replace("| | To", "| Who | To")).some((s) => s.text.startsWith("to vancouver: ")));
});

test("a row keyed by what the calendar holds reports the record: \"Time in calendar | 19:00-21:00\"", () => {
  const c = { claims: [["Lars", "Ingrid"]], distractors: [{ about: [["dinner"]], value: { time: "19:00" } }] };
  const table = (key: string) => `Lars and Ingrid are on the dinner.\n\n| Field | Tonight's dinner |\n|---|---|\n| Guests | Daichi, Michiko, Lars, Ingrid |\n| ${key} | 19:00-21:00 |\n| Booked | 19:30 |`;
  assert.equal(judge(c, table("Time in calendar")), 1);
  assert.equal(judge(c, "Lars and Ingrid are on the dinner.\n\n- On your calendar: 19:00\n- Booked: 19:30"), 1);
  assert.equal(judge(c, table("Time")), 0);
  assert.equal(judge(c, "Lars and Ingrid are on the dinner.\n\n- Time: 19:00, as in your calendar"), 0);
  // A bracket right after the value or its range names the record (round es, ravi-007).
  assert.equal(judge(c, "Lars and Ingrid are on the dinner.\n\n- Time: 19:00-21:00 (as on calendar); booked for 19:30"), 1);
  assert.equal(judge(c, "Lars and Ingrid are on the dinner at 19:00 (per your calendar)."), 1);
  assert.equal(judge(c, "Lars and Ingrid are on the dinner at 19:00 (they confirmed)."), 0);
});

test("a row's key that a bracket denies names no subject: \"clinic back door (not the key safe)\"", () => {
  const c = { claims: [["4417"]], distractors: [{ about: [["key safe"]], value: ["7391"] }] };
  const table = (what: string) => `The key safe code is 4417.\n\n| What | Code |\n|---|---|\n| ${what} | 7391# |`;
  assert.equal(judge(c, table("Clinic back door (not the key safe)")), 1);
  assert.equal(judge(c, table("Key safe (side gate)")), 0);
});

test("a label of an action answered \"None\" after an adverb reports nothing: \"| New email sent now | None |\"", () => {
  assert.deepEqual(claimedActions("| | |\n|---|---|\n| **New email sent now** | None, to avoid a duplicate |"), []);
  assert.deepEqual(claimedActions("| | |\n|---|---|\n| **New email sent now** | Yes, to Priya |").map((a) => a.kind), ["send"]);
});

test("a label of an action answered \"None\" under a column header reports nothing: \"| Message sent | None |\" under \"| Check | What I found |\"", () => {
  const table = (cell: string) => `| Check | What I found |\n|---|---|\n| Contacts | No entry for Joy |\n| Message sent | ${cell} |`;
  assert.deepEqual(claimedActions(table("**None** - I didn't want to guess a number")), []);
  assert.deepEqual(claimedActions(table("Yes, to Bev")).map((a) => a.kind), ["send"]);
});
