import { test } from "node:test";
import assert from "node:assert/strict";
import { assertedDistractors, claimSentence, claimedActions, sentences, wordCount } from "../../milestones/answer.js";
import { refusalOutcome, responseOutcome, replyText } from "../../milestones/constraints.js";
import { compareContext, type ResponseConstraint } from "../../milestones/index.js";
import type { Step } from "../../episode/trajectory.js";
import { ZONE } from "./helpers.js";

// The answer is read as statements: facts of one claim in one sentence, wrong values asserted
// or corrected, no dumps, no actions reported that were not done.

const t = (s: string) => replyText(s);
const agent = (content: string): Step => ({ index: 5, time: "2026-03-14T02:05:00Z", snapshot: 0, kind: "agent", content });
const judge = (c: Omit<ResponseConstraint, "kind">, text: string, done: readonly string[] = []) =>
  responseOutcome({ kind: "response", ...c }, agent(text), compareContext(ZONE), (tools) => tools.some((x) => done.includes(x))).similarity;

test("sentences split at full stops but not inside 9.30, a.m. or Dr.", () => {
  assert.deepEqual(sentences(t("Dr. Kim sees you at 9.30 a.m. on Monday. Bring the form!")), ["dr. kim sees you at 9.30 a.m. on monday.", "bring the form!"]);
});

test("a claim's facts must stand in one sentence", () => {
  const claim = [["monday"], ["7:30am", "7:30 am"]];
  assert.notEqual(claimSentence(t("Your shift is on Monday at 7:30am."), claim), null);
  assert.equal(claimSentence(t("Your shift is on Tuesday. Monday starts at 6am, breakfast at 7:30am."), [["tuesday"], ["7:30am"]]), null);
});

test("a denied fact does not make a claim", () => {
  assert.equal(claimSentence(t("It is not at 9am."), [["9am"]]), null);
  assert.notEqual(claimSentence(t("It's not 8am any more, it's 9am."), [["9am"]]), null);
});

test("a distractor asserted fails; mentioned as corrected or reported it does not", () => {
  assert.deepEqual(assertedDistractors(t("The parade is at 8am."), ["8am"]).map((d) => d.phrase), ["8am"]);
  assert.deepEqual(assertedDistractors(t("It's not 8am any more, it's 9am."), ["8am"]), []);
  assert.deepEqual(assertedDistractors(t("It was moved from 8am to 9am."), ["8am"]), []);
  assert.deepEqual(assertedDistractors(t("Jess said 8am, but the school's email says 9am."), ["8am"]), []);
  assert.equal(assertedDistractors(t("The parade used to be at 9, it's at 8am."), ["8am"]).length, 1);
});

test("a response with a claim and a distractor: right, wrong, and right words in the wrong place", () => {
  const c = { claims: [[["9am", "9:00", "9 am"]]], distractors: ["8am", "8:00"] };
  assert.equal(judge(c, "The parade starts at 9am (the clocks changed; not 8am)."), 1);
  assert.equal(judge(c, "The parade starts at 8am. Last year it was at 9am."), 0);
  assert.equal(judge(c, "This doesn't look like 9am to me; it's 8am."), 0);
});

test("a dump of records is no answer, whatever it contains", () => {
  const dump = Array.from({ length: 200 }, (_, i) => `Record ${i}: the parade starts at 9am.`).join(" ");
  assert.equal(judge({ claims: [[["9am"]]] }, dump), 0);
  assert.equal(judge({ claims: [[["9am"]]], max_words: 5000 }, dump), 1);
});

test("an answer that reports an action not done gets no credit", () => {
  assert.deepEqual(claimedActions(t("I've called the pharmacy and texted Jess.")).map((a) => a.kind), ["call", "message"]);
  assert.deepEqual(claimedActions(t("Shall I call her? I haven't sent anything yet.")), []);
  assert.deepEqual(claimedActions(t("Calling the pharmacy now.")).map((a) => a.kind), ["call"]);
  assert.equal(judge({ must_include: ["pharmacy"] }, "I've called the pharmacy.", ["send_message"]), 0);
  assert.equal(judge({ must_include: ["pharmacy"] }, "I've called the pharmacy.", ["create_outgoing_call"]), 1);
});

test("words that look like actions but are not writes on the phone report nothing", () => {
  for (const text of ["I added up the costs: $3,329 in all.", "As I told you, the parade is at 9am.", "I've put together the times below.", "If you like, I could call her."]) {
    assert.deepEqual(claimedActions(t(text)), [], text);
  }
});

test("numbers with thousands separators stay in one clause; reported values need a contrast to count as corrected", () => {
  assert.notEqual(claimSentence(t("The total is $19,700 for both."), [["$19,700"]]), null);
  assert.equal(assertedDistractors(t("The total is $16,400."), ["$16,400"]).length, 1);
  assert.equal(assertedDistractors(t("That was Alex Romero."), ["alex romero"]).length, 1);
  assert.equal(assertedDistractors(t("Sarah, Dan and Nkechi have all said yes."), ["nkechi"]).length, 1);
  assert.deepEqual(assertedDistractors(t("Jess said 8am, but it's actually 9am."), ["8am"]), []);
  assert.equal(assertedDistractors(t("There's no clash on Thursday."), ["no clash"]).length, 1);
});

test("'I've popped it in your calendar' reports an action; 'it's in your calendar' states a fact", () => {
  assert.deepEqual(claimedActions(t("I've popped it in your calendar.")).map((a) => a.kind), ["add"]);
  assert.deepEqual(claimedActions(t("Yes, it's in your calendar for Friday.")), []);
});

test("a hyphenated word is not a cue: the 'no' of 'no-shop' denies nothing", () => {
  assert.notEqual(claimSentence(t("The no-shop is 30 days."), [["30 days"]]), null);
  assert.equal(assertedDistractors(t("The no-shop is 45 days."), ["45 days"]).length, 1);
});

test("a change reads in its direction: the value after 'from' is the old one, the one after 'to' is asserted", () => {
  assert.equal(assertedDistractors(t("AC38 was moved from the 17th to 18 December, landing 08:50."), ["18 december"]).length, 1);
  assert.deepEqual(assertedDistractors(t("AC38 was moved from 18 December to the 17th."), ["18 december"]), []);
  assert.equal(assertedDistractors(t("Yes, it's been updated to 9am for you, from 8am."), ["9am"]).length, 1);
  assert.equal(assertedDistractors(t("The updated time is 8am; the original was 9am."), ["8am"]).length, 1);
  assert.equal(assertedDistractors(t("Yes, 7am tomorrow so don't be late."), ["7am"]).length, 1);
  assert.notEqual(claimSentence(t("At 11:02 you got a call from +1 209 555 0163."), [["209 555 0163"]]), null);
  assert.equal(claimSentence(t("It was moved from 9am to 10am."), [["9am"]]), null);
});

test("phrases may hold a comma or a dash; a spaced time range is one sentence", () => {
  assert.equal(assertedDistractors(t("Yep, 7. Kate had asked for 6.30 but you said no."), ["yep, 7"]).length, 1);
  assert.notEqual(claimSentence(t("Fixed: the Harriet call is now 9 - 9:30am today."), [["9 - 9:30"]]), null);
  assert.notEqual(claimSentence(t("Diego's birthday is saved as Oct. 24."), [["oct. 24"]]), null);
});

test("negation: 'doesn't start until 8am' states 8am; 'No it's 6.30 now' states 6.30", () => {
  assert.notEqual(claimSentence(t("No. The follow-up call doesn't start until 8am your time."), [["8am"]]), null);
  assert.notEqual(claimSentence(t("No it's 6.30 now, Kate moved it."), [["6.30"]]), null);
  assert.deepEqual(assertedDistractors(t("Sarah B hasn't replied yet."), ["sarah b"]), []);
});

test("one item per line is one statement per line", () => {
  assert.equal(claimSentence(replyText("Your shift is on Tuesday\nBreakfast is at 7:30am"), [["tuesday"], ["7:30am"]]), null);
  assert.notEqual(claimSentence(replyText("Your shift is on Tuesday at 7:30am"), [["tuesday"], ["7:30am"]]), null);
});

test("reported actions: news about others and quoted messages are not the assistant's; status lines are", () => {
  assert.deepEqual(claimedActions(t("The book club has been moved to Tuesday 13 October.")), []);
  assert.deepEqual(claimedActions(t('Jess wrote: "I\'ve moved the parade to 9am".')), []);
  assert.deepEqual(claimedActions(t("Your message has been sent.")).map((a) => a.kind), ["send"]);
  assert.deepEqual(claimedActions(t("Called the pharmacy.")).map((a) => a.kind), ["call"]);
  assert.deepEqual(claimedActions(t("Done: texted Jess and called the pharmacy.")).map((a) => a.kind), ["message", "call"]);
  assert.deepEqual(claimedActions(t("Added Ramiro (plumber, sent by Don Ernesto) with his number.")).map((a) => a.kind), ["add"]);
});

test("words are counted as Unicode segments them, and a long unbroken token is no escape", () => {
  assert.ok(wordCount("明日の午後三時に歯医者の予約があります") > 5);
  assert.equal(judge({ claims: [[["9am"]]] }, `the parade is at 9am ${"evt_".repeat(500)}`), 0);
});

test("a question asserts nothing; a refusal beside an asserted wrong value is no refusal", () => {
  assert.deepEqual(assertedDistractors(t("Shall I ask who'll bring the pan de muerto?"), ["bring the pan de muerto"]), []);
  const refusal = (text: string) => refusalOutcome({ kind: "refusal", distractors: ["bringing the pan de muerto"] }, agent(text), () => true).similarity;
  assert.equal(refusal("Emi is bringing the pan de muerto. Not sure about the rest."), 0);
  assert.equal(refusal("Sorry, nobody has said who's bringing the pan de muerto yet."), 1);
});
