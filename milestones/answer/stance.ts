import nlp from "compromise";
import { wordOccurrences } from "../text.js";
import { inOtherPlace } from "./places.js";

// Whether a value standing at a place in a statement is asserted as what holds now, or denied,
// corrected, reported from someone else, or described as past. Texts are normalized (lower case).
// Every cue word lives in the table below with the reason it is there; tense is read by
// compromise, an English part-of-speech tagger, where no cue settles it.

/** Cue words, each table with why it is a cue. */
export const CUES = {
  /** Shortly before a value, deny it: "not at 9am", "no longer on Monday". */
  negation: ["not", "no longer", "isn't", "aren't", "wasn't", "weren't", "won't", "isnt", "never", "instead of", "rather than", "no", "nothing", "n't"],
  /** Before a value, mark it as the old or wrong one: "the original 9am", "it used to be 8am". */
  correction: [
    "used to", "originally", "previously", "initially", "original", "old", "earlier", "outdated", "wrong", "incorrect",
    "mistake", "mistaken", "mistakenly", "wrongly", "incorrectly", "misread", "typo", "superseded", "replaced", "instead of", "rather than", "meant to be",
    "supposed to be", "was going to", "were going to", "formerly", "prior", "before the change", "stale",
  ],
  /** Words someone says or writes: a report unless the speaker is the assistant itself ("I said"). */
  speech: ["said", "says", "say", "told", "tells", "wrote", "writes", "written", "mentioned", "asks", "asked", "asking", "suggested", "suggests", "proposed", "proposes"],
  /** Attribute a value to a source ("Jess said 8am", "your calendar says 8:00"): reporting is not
   *  asserting ("said yes" is not an attribution). The speech words are attributions too. */
  attribution: ["claimed", "claims", "thought", "thinks", "believed", "believes", "according to", "claiming", "purporting",
    // a record that lags behind: "your calendar still had 8:00", "the entry shows 7pm"
    "still had", "still has", "still shows", "still showed", "still showing", "still lists", "still listed", "still on", "shows", "showed", "showing", "listed as", "calendar had", "calendar has", "entry had", "entry has",
    "still in the calendar", "still in your calendar", "still in the diary"],
  /** Date a value ("it was at 8am"): for a value that was never true, a correction only when the
   *  statement also contrasts it with what holds now ("..., but it's 9am"). */
  dating: ["was", "were", "had been"],
  contrast: ["but", "however", "actually", "now", "instead", "although", "though", "whereas", "really", "in fact"],
} as const;

const NEGATION_WINDOW = 4;
// A report in the past tense: what a source said then.
const PAST_REPORT = /\b(?:said|wrote|told|asked|mentioned|suggested|proposed|claimed|thought|believed|texted|emailed|messaged|whatsapped|replied|posted)\b/;
const DIRECTION = /\b(from|to|into|now|until|till)\b/g;
const CHANGE_VERB = /\b(moved|changed|change|changes|fix|fixed|replace|replaced|swap|swapped|rescheduled|updated|shifted|pushed|brought|switched|bumped|corrected|went|gone|goes|cut|raised|dropped|moving|changing|pushing|push|move|cancelled|canceled|cancel)\b/;
// After a value, these say it no longer holds: "9am, which was cancelled", "9am (cancelled)",
// "9am has been moved". A bare verb is not enough: in "Daichi moved the booking" Daichi acts.
const PAST_VERB = "(?:since\\s+)?(?:cancelled|canceled|called off|moved|changed|rescheduled|replaced|superseded|postponed|scrapped|dropped|updated|corrected|no longer|not any more|not anymore|out of date|outdated|old)\\b";
const PAST_AUX = "(?:was|were|has been|have been|had been|got)\\s+";
// "is cancelled" ends the value as "was cancelled" does ("the Wednesday 7:30am flight (QF414) is
// cancelled"); "is moved to Saturday" and "is no longer delayed" do not.
const PAST_STATE = "(?:is|are)\\s+(?:now\\s+)?(?:cancelled|canceled|called off|postponed|scrapped|superseded)\\b";
const PAST_AFTER = new RegExp(
  // right after the value: "9am (cancelled)", "9am, which was moved", "9am was cancelled"; also
  // after the bracket the value closes, as what it annotates: "the flight (QF414) was cancelled"
  `^\\)?\\s*(?:[,(]\\s*(?:(?:which|that)\\s+)?(?:${PAST_AUX}|(?:is|are)\\s+)?|\\s(?:which|that)\\s+${PAST_AUX}|${PAST_AUX})${PAST_VERB}|^\\)?\\s+${PAST_STATE}` +
  // a few words on, with an auxiliary: "your wednesday 7:30 flight (qf414) was cancelled", "your
  // wednesday qf414 at 7:30am was cancelled"; a conjunction starts another clause
  `|^(?:\\s*(?!(?:now|and|or|but|so|then|because|while|when|if)\\b)[\\w'-]+(?:[:.]\\d+\\w*)?){1,4}\\s*(?:\\([^)]*\\))?\\s*(?:(?:(?:which|that)\\s+)?${PAST_AUX}${PAST_VERB}|${PAST_STATE})` +
  // what it was, named by its noun: "Friday was the original deadline"
  `|^\\s+(?:was|were)\\s+(?:the|your|his|her|their)\\s+(?:original|previous|former|old)\\b`);
const ARROW_AFTER = /^[^;,!?\u2192]{0,16}?\s*(?:\u2192|->|=>|\u27f6|\u2794|\u27a1)/;
const BEFORE_OPENING = /^\W*(?:before(?: that| the (?:change|fix|move|update))?|until now|till now|up to now|until today|at first)\s*,/;
// "it was 9am until Thursday's fix": "until" after a dated value ends its time ("open 9am until
// 5pm" states 9am).
const UNTIL_AFTER = /^[\s,]*(?:until|till|up until|before)\b/;

// Where a clause begins: after a comma (not the one of "19,700"), a spaced dash or middle dot
// ("you: tonight 8pm · Vale: Sat 8am"), a colon, a semicolon, a bracket, " :: " (a statement's
// context; a colon is not a break, so the label of "Originally: Tue 6 Oct" is read with its value),
// or before "but", "however", "although", "though", "whereas", "while".
// A comma between a date and its time joins them: "Thursday 5 November, 16:00 GMT". A comma before
// three digits breaks only after a word ("Smith,123"), not inside "19,700".
const WEEKDAY = String.raw`\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday)`;
const MONTH = String.raw`\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december)`;
/** The end of a sentence: not the full stop of "a.m.", "Dr." or "no.". */
export const SENTENCE_END = /(?<!\b(?:a\.m|p\.m|dr|mr|mrs|ms|st|e\.g|i\.e|vs|approx|no))[.!?]\s+/;
const CLAUSE_BREAK = new RegExp([
  SENTENCE_END.source,
  String.raw`(?<!${WEEKDAY})(?!(?<=${MONTH}(?:\s+\d{1,2}(?:st|nd|rd|th)?)?),\s*\d{1,2}(?:[:.]\d{2}|\s*(?:am|pm|a\.m\.|p\.m\.))),(?!\d{3}\b)`,
  String.raw`(?<!\d|${WEEKDAY}),(?=\d{3}\b)`,
  String.raw`\s[\u2013\u2014\u00b7\u2022-]\s|\s::\s|:\s|;|[()]|\s(?=(?:but|however|whereas|although|though|while)\b)`,
].join("|"), "g");

/** The text with each closed bracket aside blanked, offsets kept: "Julia (Halyard) called". */
export const blankAsides = (text: string) => text.replace(/\([^()]*\)/g, (aside) => " ".repeat(aside.length));

const blankTitles = (text: string) => !/["\u201c]/.test(text) ? text : text.replace(/"[^"\n.!?;]{1,60}"|\u201c[^\u201d\n.!?;]{1,60}\u201d/g, (title) => `"${" ".repeat(title.length - 2)}"`);

/** The clause of `text` up to position `at`: what a reader has read of that statement. A colon
 *  ends a clause, except after a short label ("Originally: Tue 6 Oct" is read as one). */
export function clauseBefore(text: string, at: number): string {
  let start = 0;
  // A bracketed aside closed before the value leaves its clause whole: in "not this Tuesday (the
  // 6th) at Helen's" the "not" still governs "at Helen's".
  // So does a short quoted title: "moved \"Leo's birthday - video call\" from 8:00" (its dash is the
  // title's).
  const read = blankTitles(blankAsides(text.slice(0, at))) + text.slice(at);
  for (const m of read.matchAll(CLAUSE_BREAK)) {
    const end = m.index + m[0].length;
    if (end > at) break;
    const label = read.slice(start, m.index).trim();
    if (m[0].startsWith(":") && label.split(/\s+/).length <= 4 && !hasCue(label, CUES.negation)) continue;
    start = end;
  }
  return text.slice(start, at).trim();
}

/** The clause before the one that begins at `at`, past the break between them: "i can add the
 *  12th" for the "or ..." of "i can add the 12th, or set up ...". */
function clauseBeforeClause(text: string, at: number): string {
  let end = at;
  while (end > 0 && /[\s,;]/.test(text[end - 1]!)) end--;
  return clauseBefore(text, end);
}

/** A cue counts as a word of its own: "no" is a cue, the "no" of "no-shop" is not. */
export function hasCue(text: string, cues: readonly string[]): boolean {
  return cues.some((cue) => (cue === "n't" ? text.includes("n't")
    : wordOccurrences(text, cue).some((at) => text[at - 1] !== "-" && text[at + cue.length] !== "-")));
}

const lastWords = (text: string, n: number) => text.split(" ").slice(-n).join(" ");

// "Earlier" that says when something was said or done ("he'd said earlier", "earlier today") dates
// the saying, not the value: only "the earlier booking", "earlier time" mark a value as replaced.
const EARLIER_WHEN = /\b(?:(?:said|says|mentioned|told(?: \S+)?|wrote|texted|messaged|emailed|asked|called|rang|noted|confirmed|sent)\s+earlier|earlier\s+(?:today|tonight|on|in|this|that))\b/g;

/** A correction cue in `text`, or in its last `window` words ("the original 9am", "the earlier booking"). */
function corrected(text: string, window?: number): boolean {
  const masked = text.replace(EARLIER_WHEN, " ");
  return hasCue(window === undefined ? masked : lastWords(masked, window), CUES.correction);
}

/** Denied by a negation shortly before it, unless "until"/"before" comes between ("doesn't start
 *  until 8am" states 8am). A clause that opens with "no" answers the question ("No it's 6.30 now"). */
function deniedBefore(before: string, words = NEGATION_WINDOW): boolean {
  // A negation governs the alternatives it lists: "I couldn't find any warranty or free-repair promise".
  const window = lastWords(before.replace(/(?:\s+[\p{L}\p{N}'-]+\s+(?:or|nor))+\s*$/u, "").replace(/^(no|nope|not quite|not exactly|not really)\s*[!.:,\u2013\u2014-]+\s*|^(no|nope)\s+(?=(it|it's|its|that|that's|he|she|they|you|i|we|there|the)\b)/, ""), words);
  if (!hasCue(window, CUES.negation)) return false;
  // "I won't make it on Friday", "can't wait for Saturday": a modal denies the act, not the day.
  if (MODAL_ACT.test(window)) return false;
  return !/\b(until|till|before|after)\b/.test(window.slice(Math.max(0, window.search(/n't|\bnot\b|\bno\b|\bnever\b/))));
}

// Change verbs ("cut from", "raised from") are read by isOldValue; these words are not among them.
const MOVED_FROM = /\b(?:down|up|reduced|lowered|increased|decreased)\s+from(?:\s+\S+){0,2}$/;

const MODAL_ACT = /\b(?:won't|can't|cannot|couldn't|wouldn't|will not|can not)\s+(?:make|come|go|join|attend|wait|be able|get|do|see|miss|leave)\b(?:\s+\S+){0,3}\s*$/;

/** The old value of a change: after a change verb, the last direction word before it is "from". */
const WHEN = /\d|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(?:today|tomorrow|tonight|noon|midnight)\b/;

function isOldValue(before: string, value = ""): boolean {
  const verb = [...before.matchAll(new RegExp(CHANGE_VERB, "g"))].pop();
  if (!verb) return false;
  const rest = before.slice(verb.index! + verb[0].length);
  // A label or bracket the verb ends ("Outbound (changed): 6:30am", "Moved: Tue 13 Oct") heads the
  // new value; "Cancelled: the 9am" still heads the old one.
  if (/^\s*[):]/.test(rest) && !/^cancel/.test(verb[0])) return false;
  let last: string | undefined;
  for (const m of rest.matchAll(DIRECTION)) last = m[1];
  if (last === "from") return true;
  // The object of a change is its old value when it is a time or day: "push tomorrow's 11am
  // visit", "cancelled the 9am" (but "updated Takeshi's contact" names no old value).
  return WHEN.test(value) && last === undefined && rest.trim().split(/\s+/).filter(Boolean).length <= 3 && !/\b(to|into|for|until|till)\b/.test(rest);
}

// "left Sarah Kowalski (your ward manager) out of it": the value is what the action excluded
// ("I'd keep Friday off" keeps the day, so "off" is no cue).
const KEPT_OUT_BEFORE = /\b(?:left|leaving|kept|keeping)\s+(?:[\p{L}'.-]+\s+)?$/u;
const KEPT_OUT_AFTER = /^\s*(?:\([^)]*\)\s*)?out\b/;
// "I wouldn't count on it being free", "not sure it's still covered": a doubt anywhere earlier in
// the clause holds back what follows it.
const DOUBTED = /\b(?:wouldn't|don't|doesn't|didn't|can't|couldn't|(?:would|do|does|can|could) not)\s+(?:count|bank|rely)\s+on\b|\bnot (?:sure|certain)\b|\bunlikely\b|(?<!\b(?:no|without a|beyond|beyond a)\s)\bdoubt(?:ful)?\b/;
// "I couldn't find anything saying it's arrived", "there's no sign that it came", "nothing shows it
// was paid": what no record says is denied, not asserted.
const NO_EVIDENCE = /\b(?:(?:couldn't|could not|can't|cannot|didn't|did not|don't|do not)\s+(?:find|see|spot)\s+(?:anything|any\s+\S+|a\s+\S+|something)?\s*(?:saying|that says|that said|showing|that shows|confirming|to say|to show)|nothing\s+(?:\S+\s+){0,3}?(?:says|saying|said|shows|showing|showed|confirms|confirming)|no\s+(?:sign|record|mention|evidence|confirmation)\s+(?:that|of)(?:\s+it)?)\b/;
// "sent it to the group without Sarah K": the words right after the cue. ("Nothing except the 9:30
// barber" names what there is, and "£120 excluding the £20 deposit" states the deposit.)
const EXCLUDED = /\bwithout\s+(?:\S+\s+)?$/;

/** "Sarah B hasn't replied", "Sarah's the only one who hasn't replied": a verb negated just after
 *  the value denies what is said of it ("I texted Hiroshi that you can't come" denies nothing). */
function deniedAfter(after: string): boolean {
  // "Sarah B: no reply yet", "Bev - not coming": a label's value denies it.
  // A cross mark says no too: "Thu 5 Nov: ❌ No rehearsal".
  if (/^\s*[:\u2013\u2014-]\s*(?:[\u274c\u2717\u2718\u26d4\u{1F6AB}]|(?:no|not|none|nothing|never|hasn't|haven't|didn't|isn't|won't|can't)\b)/u.test(after)) return true;
  // So does a longer label's, the value with an aside and a few words before its colon:
  // "Tomorrow (Wed 7 Oct) at 11: nothing with Darren any more".
  if (/^\)?(?:\s*\([^()]*\))?(?:\s+[^\s:;.,()]+){0,3}\s*:\s*(?:no|none|nothing|not)\b/.test(after)) return true;
  // A sentence ends the clause: in a cell "Probably not. I didn't find a guarantee." the second
  // sentence denies nothing of the first.
  const clause = after.split(/[,;:()]|[.!?](?=\s|$)| and | or | but | that /)[0]!.trim();
  return /^(?:\S+\s+){0,3}?(?:who\s+|which\s+)?(?:isn't|aren't|wasn't|weren't|hasn't|haven't|hadn't|didn't|doesn't|won't|can't|couldn't|wouldn't|(?:is|are|was|were|has|have|had|did|does|will|can|could|would) (?:not|never|no longer))\b|\bwho (?:isn't|aren't|wasn't|weren't|hasn't|haven't|hadn't|didn't|doesn't|won't|can't|couldn't|wouldn't|(?:is|are|was|were|has|have|had|did|does|will|can|could|would) (?:not|never|no longer))\b/.test(clause);
}

/** The clause around a value, for the tagger. */
function clauseAround(text: string, start: number, end: number): string {
  const before = clauseBefore(text, start);
  const after = text.slice(end).split(/[,;:()]|\s[\u2013\u2014-]\s| but /)[0] ?? "";
  return `${before} ${text.slice(start, end)} ${after}`.trim();
}

/** Past tense governs the clause ("it was 9am", "had been at 3") and no change points to the value. */
export function pastClause(text: string, start: number, end: number): boolean {
  const before = clauseBefore(text, start);
  if (CHANGE_VERB.test(before) && /\b(to|into|now)\b/.test(lastWords(before, 3))) return false;
  // A quoted title's words are no verbs of the clause: "\"Leo's birthday - video call\" was still set for 8:00".
  const clause = blankTitles(clauseAround(text, start, end));
  const verbs = nlp(clause).verbs().json({ offset: true }) as { text: string; offset?: { start: number }; verb?: { grammar?: { tense?: string } } }[];
  // A participle or infinitive after the value governs nothing: "Kate texted on Wednesday night
  // asking to start at 6:30" is past; "All sorted for Saturday, I'll be outside" is not.
  // A clause a conjunction opens after the value is another's ("..., because she has to drive").
  const at = before.trim().length;
  const cut = clause.slice(at).search(/\b(?:because|since|so|and|but|when|while|although|though|which|who|that|as)\b/);
  const limit = cut < 0 ? clause.length : at + cut;
  // A label before a colon is no verb: "Details: it had been saved at 8:00" is past.
  // A lone participle before the value governs nothing either: "that was the part causing the
  // intermittent hot water" is past ("is calling" keeps its auxiliary).
  const read = verbs.filter((v) => !/:(?:\s|$)/.test(v.text) && !/^[a-z]+ing$/.test(v.text) && ((v.offset?.start ?? 0) < at
    || ((v.offset?.start ?? 0) < limit && !(/ing\b/.test(v.text) || /\bto\s+$/.test(clause.slice(0, v.offset?.start ?? 0))))));
  return read.length > 0 && read.every((v) => v.verb?.grammar?.tense === "PastTense");
}

// The assistant reporting what it wrote itself ("I've texted Ken and said you'll pick him up on
// Saturday", "I told her 9am") claims that value: only another's words are a report. So does a
// report whose speaker is the very subject asked about ("Yui suggested flowers" when the question
// is what Yui suggested): `isSubject` tells, for a distractor bound to a subject.
const OWN_SPEAKER = /\b(?:i|we)(?:'ve|'d| have| had)?\s+(?:also\s+|just\s+|already\s+)?$/;
const SPEECH = new RegExp(`\\b(?:${CUES.speech.join("|")})\\b`, "g");
// What a record says, named after the value: "the dinner is still at 7.30pm in your calendar", or a
// bracket right after the value or its range, "8:00-8:45am (as on calendar)", "(per your calendar)".
const RECORD_AFTER = /^\s*(?:[^\s,;.]+\s+){0,2}?(?:in|on) (?:your|the) (?:calendar|diary|calendar entry|event|invite)\b|^\s*(?:[-\u2013]\s*[^\s(]+\s*)?\(\s*(?:as\s+(?:in|on)|per|in|on)\s+(?:your\s+|the\s+)?(?:calendar|diary)\b/;
const OWN_WRITE = /\b(?:i|we)(?:'ve| have)?\s+(?:\S+\s+){0,2}?(?:added|put|moved|created|set|booked|scheduled|updated|changed|made)\b/;
// "the Harriet call is in your calendar at 8am": where a record holds it, named before the value.
const RECORD_IN = /\b(?:is|are|was|'s)\s+(?:still\s+)?(?:in|on)\s+(?:your|the)\s+(?:calendar|diary)\s+(?:at|for|as)\s*$/;
// A sentence framed by the record: "On your calendar it stays at 7:30", "In the calendar, it's 8am".
const RECORD_FRAME = /(?:^|[:;]\s*)(?:on|in)\s+(?:your|the)\s+(?:calendar|diary)\b[^.;!?]*$/;
// What the record holds, as a row's key or a label ending in the record: "Time in calendar |
// 19:00-21:00 (unchanged)" beside "Time actually booked | 19:30", "- On your calendar: 7pm".
const RECORD_KEY = /^(?:[^;:]*:\s*)?[^;:]*\b(?:in|on)\s+(?:the\s+|your\s+)?(?:calendar|diary)\b[^;:]*;[^;]*$/;
const RECORD_LABEL = /(?:^|;)\s*[^;:]*\b(?:in|on)\s+(?:the\s+|your\s+)?(?:calendar|diary)\s*:[^;:]*$/;
// "the event 'Call: Harriet' is set for 8:00", "your calendar entry is down for 7.30": what a record
// holds, said of the record itself rather than of the call.
const RECORD_SET = /\b(?:the|your|this|that)\s+(?:calendar\s+)?(?:entry|event|invite|invitation|record|reminder)\b[^.;!?]*?\b(?:is|was|'s)\s+(?:still\s+)?(?:set|scheduled|booked|saved|entered|down|listed)(?:\s+(?:for|as|at|to))?\s*$/;
const RECORD_SPEAKER = /\b(?:calendar|entry|event|invite|invitation|record|reminder|diary|schedule)\b/;

function claimedBySpeaker(before: string, isSubject?: (speaker: string) => boolean): boolean {
  const cue = [...before.matchAll(SPEECH)].pop();
  if (!cue) return false;
  const lead = before.slice(0, cue.index);
  // "Told Tunde 7.30pm.": a status line with no subject is the assistant's own.
  // "asking" is said by the clause's subject: "I've texted Bev asking for 7.10" is the assistant's
  // request, "you messaged her asking her to ring at 3pm your time" the user's.
  if (cue[0] === "asking") return /^\W*(?:(?:done\W+)?(?:i|we)\b|(?:texted|messaged|emailed|sent|wrote|replied|whatsapped)\b|$)/.test(lead);
  return OWN_SPEAKER.test(lead) || (/^told$/.test(cue[0]) && /^\W*(?:done\W+)?$/.test(lead)) || (/\band\s+(?:also\s+)?$/.test(lead) && /^(?:done\W+)?(?:i|we)(?:'ve|'d| have)?\s/.test(before))
    // "the dinner in your calendar still says 7.30", "the dinner still says 7.30 in the calendar":
    // a record speaks, not the subject it names.
    || (isSubject !== undefined && isSubject(lead) && !RECORD_SPEAKER.test(lead) && !/\bstill\s*$/.test(lead));
}

/** The statement up to position `at`, past the context a list item or row carries before " :: ". */
const statementSoFar = (text: string, at: number) => text.slice(0, at).split(" :: ").pop()!;

export type Stance = "asserted" | "denied" | "old" | "reported" | "past";

/** How the statement holds the value at [start, end): asserted, denied, the old side of a change,
 *  reported from a source, or described as past. `wasTrue`: the value held once (a record's
 *  earlier version), so the past tense describes it truly. */
export function stanceAt(text: string, start: number, end: number, wasTrue = false, isSubject?: (speaker: string) => boolean): Stance {
  const before = clauseBefore(text, start).replace(/\b(said|says|say) (yes|no|so)\b/g, " ");
  const after = text.slice(end);
  // A negation inside a closed bracket governs only the bracket: "now at 7pm (not 7:30) on Saturday".
  if (deniedBefore(before.replace(/\([^()]*\)/g, " ")) || (KEPT_OUT_BEFORE.test(before + " ") && KEPT_OUT_AFTER.test(after)) || EXCLUDED.test(before + " ") || DOUBTED.test(before) || NO_EVIDENCE.test(before)) return "denied";
  if (isOldValue(before, text.slice(start, end)) || corrected(before, NEGATION_WINDOW)) return "old";
  // The statement up to the value: its context (after " :: ") left out.
  const sentence = statementSoFar(text, start);
  // A time that opens its clause and is then said to be free holds nothing: "Tomorrow at 11 is now
  // free" (under "Darren moved to Friday").
  if (FREED_AFTER.test(after) && (SLOT_OPENING.test(before) || SLOT_OPENING.test(sentence))) return "denied";
  // An apposition names what the words before its comma named: "your original seats, 34A and 34B".
  // ("..., 34A and 34B": the second of two coordinated values too.)
  const apposed = /^(?:[\p{L}\p{N}.-]+\s+(?:and|or|&)\s*)?$/u.test(before) ? /,\s*$/.exec(text.slice(0, text.slice(0, start).lastIndexOf(before))) : null;
  if (apposed && corrected(clauseBefore(text, apposed.index), NEGATION_WINDOW)) return "old";
  // "10% (down from Halyard's 15%)", "up from $40k": what a figure moved from.
  if (MOVED_FROM.test(before)) return "old";
  // A label that dates what follows it, anywhere in its cell (a row reads "header: cell; ..."): a
  // table's "Before" or "Old" column ("before: tue 24 nov, 10:30-11:00"), "was: 7pm".
  // Its owner may lead the label: "Julia's original".
  if (/(?:^|;|::)\s*(?:[\p{L}]+'s\s+)?(?:before|old|was|previous|previously|original|originally|earlier|then)\s*:[^;:]*$/u.test(text.slice(0, start))) return "old";
  // What the user believed, as a label of its cell: a table's "What you remembered" column
  // ("You remembered right: 3pm" agrees, and asserts).
  // So is what someone asked for, offered or aimed at: a "Your draft / Nina's redline asked for" or a
  // "Your ask" column beside "Agreed".
  if (/(?:^|;|::)\s*[^;:]*\b(?:remembered|recalled|assumed|you thought|asked for|(?:your|my|his|her|their|\p{L}+'s)\s+(?:ask|request|offer|target)|requested|proposed|offered|counter-?offered|aimed for|draft|redline)\b(?![^;:]*\b(?:right|rightly|correctly|correct)\b)[^;:]*:[^;:]*$/u.test(text.slice(0, start))) return "reported";
  if (RECORD_KEY.test(sentence) || RECORD_LABEL.test(sentence)) return "reported";
  // "6.30am (was Wed 7.30)": a bracket opened by "was" holds the value replaced, up to a "to" or
  // "now" ("(was moved to 3pm)", "(was Wed, now 6.30am)").
  const open = text.lastIndexOf("(", start);
  const inside = open >= 0 ? text.slice(open, start) : "";
  if (open >= 0 && !inside.includes(")") && /^\(\s*(?:(?:it|this|that|which)\s+)?(?:was|were|previously|formerly|originally)\b/.test(inside) && !/\b(?:to|now|into)\b|[,;]/.test(inside)) return "old";
  // In brackets, the value belongs to what stands before them: "changed from Wed 14th (QF414) to Thu".
  if (open >= 0 && text.indexOf(")", open) >= start && clauseBefore(text, start).length <= start - open) {
    const outer = clauseBefore(text, open);
    if (isOldValue(outer, text.slice(start, end)) || corrected(outer, NEGATION_WINDOW)) return "old";
  }
  if (PAST_AFTER.test(after) || (UNTIL_AFTER.test(after) && hasCue(before, CUES.dating))) return "old";
  // "08:00-09:00 → 09:00-10:00" under "What I changed": the value an arrow points away from, in a
  // statement of a change ("Sat 7 Nov → Sun 8 Nov" for a night shift is a span).
  if (ARROW_AFTER.test(after) && CHANGE_VERB.test(text)) return "old";
  // A sentence that opens by dating itself before a change: "Before, it was set for 8:00", "Until
  // now it was at 7". ("Before 8am it was closed" names a boundary, not the old state.)
  if (BEFORE_OPENING.test(sentence) && hasCue(before, CUES.dating)) return "old";
  if ((hasCue(before, CUES.speech) || hasCue(before, CUES.attribution) || INTENDED.test(before)) && !claimedBySpeaker(before, isSubject)) return "reported";
  // "the dinner is still at 7.30pm in your calendar": what a record says, named after the value
  // ("I've put it at 7.30pm in your calendar" is the assistant's own doing, and asserts it).
  // The record's own title may hold colons and brackets: the statement so far is read, not the clause.
  if ((RECORD_AFTER.test(after) || RECORD_SET.test(sentence) || RECORD_IN.test(before) || RECORD_FRAME.test(sentence)) && !OWN_WRITE.test(before)) return "reported";
  if (wasTrue && (pastClause(text, start, end) || habitual(before))) return "past";
  return "asserted";
}

// Only day words may stand before the time: "Tomorrow at 11", "Wed 7 Oct at 11:00".
const SLOT_OPENING = new RegExp(String.raw`^\s*(?:(?:on|at|from|the|this|next|today|tonight|tomorrow|${WEEKDAY}|${MONTH}|\d{1,2}(?:st|nd|rd|th)?)[,.]?\s+)*$`);
const FREED_AFTER = /^\s+(?:slot\s+)?(?:is|are|'s)\s+(?:now\s+)?(?:free|clear|empty|open)(?:\s+now)?\s*(?:[.;,!]|$)/;

// What someone meant to do is no claim of what happened: "you'd planned to land the cap at $45k",
// "you were aiming for 7". Past forms only: "I'm planning to text her at 7" is the assistant's word.
const INTENDED = /\b(?:planned|aimed|hoped|intended|(?:was|were)\s+(?:aiming|hoping|planning|intending))\s+(?:to|for|on)\b/;

// What is usually so, of a value that held once: "your usual Sunday call is at 4pm", "she normally
// rings at 4". Not "the usual 4pm" for the occasion asked about.
const HABITUAL = /\b(?:usual|usually|normal|normally|regular|regularly|typically|generally)\b/;
const USUAL_VALUE = /\b(?:the|your|her|his|their|our|my)\s+(?:usual|normal|regular)\s*$/;
const habitual = (before: string) => HABITUAL.test(before) && !USUAL_VALUE.test(before);

const RESTATED_TIME = /\d(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?(?:\s+[a-z]{2,5}(?:\s+time)?)?\s*$/;

/** Where the bracket opens when the value at `start` restates the time before it on another clock:
 *  a short bracket of no verb that the value opens, right after a time ("16:00 GMT (9:00 AM PT)").
 *  Not an aside of its own ("18:00 (Saturday is your comp)"), nor what annotates a word ("late
 *  September (27 Sep)" may be set apart by what follows). */
export function restatedFrom(text: string, start: number): number | undefined {
  const open = /\(\s*$/.exec(text.slice(0, start))?.index;
  if (open === undefined || !RESTATED_TIME.test(text.slice(Math.max(0, open - 24), open))) return undefined;
  const close = text.indexOf(")", start);
  const inside = close < 0 ? "" : text.slice(start, close);
  if (close < 0 || inside.split(/\s+/).length > 5 || /\b(?:is|are|was|were|be|been|has|have|had|will|would|can|could|did|does|do)\b|'s\s/.test(inside)) return undefined;
  return open;
}

/** An expected value is stated unless denied or given as the old one: what a source says and what
 *  was true of a past event count ("your calendar shows 7:30", "it was at 3pm"). */
export const statedAt = (text: string, start: number, end: number) => {
  const s = stanceAt(text, start, end);
  if (s === "denied" || s === "old") return false;
  // Nor does an indirect question: "as for whether it's free: I couldn't find any promise".
  if (/\bwhether\b/.test(clauseBefore(text, start))) return false;
  // A word asked about states nothing: a table's "Delivered?" cell, answered by the next cell.
  if (/^\?\s*[;:]/.test(text.slice(end))) return false;
  // A subject that opens its clause is denied by a negated verb after it, also when another
  // subject is coordinated with it: "Bev and Sarah B haven't replied".
  const after = text.slice(end);
  if (clauseBefore(text, start) === "" && (deniedAfter(after) || COORDINATED_DENIAL.test(after))) return false;
  return true;
};

const COORDINATED_DENIAL = /^\s+and\s+(?:[\p{L}'.-]+\s+){1,3}?(?:haven't|hasn't|didn't|aren't|weren't|won't|can't|have not|has not|did not|are not|were not)\b/u;

/** For a wrong value, more counts against it than against an expected one: a negation anywhere
 *  before it in its clause ("I haven't added the party or told him you'll come"), a correction cue
 *  anywhere in the clause, or the dating of a value contrasted with what holds now. */
// A value in an offer, a supposition or an indirect question is not asserted: "I can post it in the
// family group", "whether it's still free",
// "telling him you'll come would leave them counting on you", "if it were 8am". Advice is:
// "you should be at the lab meeting". "Probably X" and "most likely X" name a guess the user will act
// on, so they assert X; "maybe" and "perhaps" do not.
// "she'd think" is "she would think"; "she'd moved it", "she'd said" are "had" (a participle follows).
const HYPOTHETICAL = /\b(?:if|whether|would|could|(?:i|we) can|shall|(?<!\byou )should|might|may|otherwise|want me to|happy to|i'll|i will|let me|maybe|perhaps|possibly)\b|\b[a-z]+'d\s+(?!(?:already|just|never|also|only|not|been|got|gone|done|seen|sent|left|told|said|made|put|set|written|taken|given|known|come|had|bought|paid|booked|[a-z]+ed)\b)[a-z]+/;
const NOT_DONE_YET = /\b(?:if (?:you|she|he|they|we) (?:haven't|hasn't|didn't|have not|has not)(?: \S+)?(?: already| yet)?|if not (?:already|yet)|unless (?:you|she|he|they|we)(?:'ve| have|'s| has)? already)\b/;
// A sentence that opens with a condition holds nothing outright: "If you're on the snack sign-up,
// bring snacks".
const CONDITIONAL_SENTENCE = /^\s*(?:if|unless|in case|should you|only if)\b/;
// Only a contrast opens one: in "Your dentist moved, so if you're going, be there at 3pm" the
// instruction follows from the fact before it.
const CONDITION_OPENS = /(?:[;:\u2013\u2014]|\bbut)\s+((?:if|unless|in case|should you|only if)\b)/g;
/** "If you're on the snack sign-up, bring snacks": an instruction under a condition, read up to the
 *  value. A conditional statement of fact ("If Jo asks, Tom sat in on the interview") still holds. */
function conditionalInstruction(sentence: string, rest: string): boolean {
  // A condition may open a later clause of the sentence too: "..., but if she's an hour off
  // again, expect the call around 1pm".
  const opens = [...sentence.matchAll(CONDITION_OPENS)].pop();
  const before = opens ? sentence.slice(opens.index + opens[0].length - opens[1]!.length) : sentence;
  if (!CONDITIONAL_SENTENCE.test(before)) return false;
  const comma = before.indexOf(",");
  if (comma < 0) return true; // the value is in the condition itself
  const main = before.slice(comma + 1) + rest.split(/[.!?](?:\s|$)/)[0];
  const first = (nlp(main).terms().json() as { terms: { tags: string[] }[] }[])[0]?.terms[0]?.tags ?? [];
  return first.includes("Infinitive") || first.includes("Imperative");
}

// "your calendar entry (8:00-8:45)": a record's bracket gives what the record says. ("19:30 (was
// 19:00)" is read by stanceAt, for expected values too.)
const BRACKETED_OLD = /\b(?:calendar|entry|event|invite|invitation|booking|record|reminder)\s*\(\s*$/;
// A line's label of up to three words, and the labels that mark its values old ("Before: 8am";
// "Before you go:" and "From:" mark nothing).
const LINE_LABEL = /^\s*((?:[^\s:;,.()]+\s?){1,3}):\s/;
const OLD_LABEL = /^(?:before|was|were|previously|formerly)\s*$/;
// A time among the times of a recurring schedule names every occurrence, not one: "every 12 hours
// (8 am and 8 pm)", "twice a day at 8am and 8pm", "8am / 8pm daily" say nothing of which is next.
const CLOCK_TIME = /^\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|h)?$/;
const TIME_BEFORE = /\d(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?\s*(?:and|&|\/|,)\s*$/;
const TIME_AFTER = /^\s*(?:and|&|\/|,)\s*\d/;
const RECURRENCE = /\b(?:every|each|daily|twice|three times|a day|per day|nightly|schedule|times|doses)\b/;
const RECURRENCE_AFTER = /^[^.;:]{0,30}?\b(?:daily|every day|each day|a day|every 12 hours|twice)\b/;
function scheduleTime(text: string, start: number, end: number): boolean {
  if (!CLOCK_TIME.test(text.slice(start, end).trim())) return false;
  const before = text.slice(Math.max(0, start - 24), start);
  if (!TIME_BEFORE.test(before) && !TIME_AFTER.test(text.slice(end))) return false;
  const paren = openBracket(text, start);
  return RECURRENCE.test(clauseBefore(text, start)) || (paren >= 0 && RECURRENCE.test(clauseBefore(text, paren)))
    || RECURRENCE_AFTER.test(text.slice(end));
}

/** Where the bracket that `at` stands inside opens, or -1 when it stands in none. */
function openBracket(text: string, at: number): number {
  const paren = text.lastIndexOf("(", at);
  return paren >= 0 && !text.slice(paren, at).includes(")") ? paren : -1;
}

// A time said in another place's clock ("23:59 Bogotá time", "10:30 his time") is that place's.
// No article or possessive among the place's words ("confirm the new time" names no clock); "local"
// only as the first ("9pm Elliot's local time" is Elliot's).
const OTHER_CLOCK = /^\s*(?:\([^)]*\)\s*)?(?!(?:your|our|local|my|the|a|an|this|that|same|its)\b)[\p{L}'.-]+\s+(?:(?!(?:your|our|my|the|a|an|this|that|same|its)\b)[\p{L}'.-]+\s+){0,2}?time\b|^\s*(?:his|her|their|uk|us|gmt|utc)\s+time\b/u;

const OWNED_BEFORE = /(?:\b(?:his|her|their|your|my|its|the|that|this)|'s)\s+$/;
const DATE_WORDS = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\b(?:today|yesterday)\b|\d{1,2}[/.-]\d{1,2}|\d(?:st|nd|rd|th)\b/;
const WRITES = "(?:wrote|texted|messaged|emailed|whatsapped|posted|replied|said|asked|told you|mentioned)";
const WRITER_AFTER = new RegExp(`^\\s*,?\\s*(?:he|she|they|you|we|i|[\\p{L}'-]+)\\s+(${WRITES})\\b`, "u");
const MESSAGE_DATED = /\b((?:whatsapp|e-?mail|text|message|sms|voicemail|reply|note|post|dm|letter|call)s?)\s+(?:from|of|on|dated|sent on)\s+$/;
const WRITTEN_ON = new RegExp(`\\b(${WRITES})\\s+(?:(?:you|her|him|them|me|us)\\s+)?(?:back\\s+)?on\\s+$`);

/** "On 20 Oct he wrote ...", "he texted you on 20 Oct": a date that is the day of a writing, not of
 *  what it says; the writing verb's span, or null. The date opens its clause ("finished the repair
 *  on 6 November, he said ..." dates the repair). */
export function writingDay(text: string, start: number, end: number): { start: number; end: number } | null {
  if (!DATE_WORDS.test(text.slice(start, end))) return null;
  const upTo = text.slice(0, start) + (/^on\s/.test(text.slice(start, end)) ? "on " : "");
  const after = WRITER_AFTER.exec(text.slice(end));
  if (after && /\bon\s+$/.test(upTo) && clauseBefore(text, start).replace(/^[^:]*:\s*$|^on$/, "") === "") {
    const at = end + after[0].length - after[1]!.length;
    return { start: at, end: at + after[1]!.length };
  }
  // "his message from Oct 20", "the email of 3 Nov", "her call on 18 Nov": the writing (or call)
  // named by its noun.
  const noun = MESSAGE_DATED.exec(upTo);
  if (noun) return { start: noun.index, end: noun.index + noun[1]!.length };
  const before = WRITTEN_ON.exec(upTo);
  if (!before) return null;
  const at = before.index + before[0].indexOf(before[1]!);
  return { start: at, end: at + before[1]!.length };
}

const MESSAGE_AFTER = /^(?:'s)?\s+(?:[a-z-]+\s+)?(?:whatsapps?|e-?mails?|texts?|messages?|sms|voicemails?|replies|reply|newsletters?|letters?|dms?)\b/;

/** Inside quotation marks: someone's words, or a message's text, not the assistant's claim. */
function quoted(text: string, start: number, end: number): boolean {
  const before = text.slice(0, start);
  if ((before.match(/"/g) ?? []).length % 2 === 1) return true;
  return /(?:^|[\s(])'[^']*$/.test(before) && /^[^']*'(?:\s|[,.;:)!?]|$)/.test(text.slice(end));
}

/** Whether a wrong value standing at [start, end) is excused: not asserted as current, quoted, in
 *  another place's clock (`time`: when the text was written, with the user's offset), offered or
 *  supposed. */
export function wrongValueExcused(text: string, start: number, end: number, wasTrue: boolean, time?: string,
  isSubject?: (speaker: string) => boolean, unsourced = false): boolean {
  const stance = stanceAt(text, start, end, wasTrue, isSubject);
  // A value nobody in the data says is the assistant's own claim, whoever it is attributed to; one
  // that held once is truly reported of that time ("last time's reminder said to skip breakfast").
  const ownClaim = unsourced && stance === "reported" && !(wasTrue && PAST_REPORT.test(clauseBefore(text, start)));
  if ((stance !== "asserted" && !ownClaim) || deniedAfter(text.slice(end))) return true;
  if (quoted(text, start, end) || OTHER_CLOCK.test(text.slice(end)) || (time !== undefined && inOtherPlace(text.slice(end), time))) return true;
  // "his Oct 20 WhatsApp", "the 13 Nov email": the date of a message, not a value of what it says
  // ("Rosa sent 3 texts", "a 6pm text tomorrow" are not excused).
  if (MESSAGE_AFTER.test(text.slice(end)) && OWNED_BEFORE.test(text.slice(0, start)) && DATE_WORDS.test(text.slice(start, end))) return true;
  // A table's cell under a place's column ("brisbane (elliot): 10:00pm") is on that place's clock.
  const label = /(?:^|;|::)\s*([^;:]*):\s*[^;:]*$/.exec(text.slice(0, start))?.[1];
  if (label !== undefined && time !== undefined && inOtherPlace(label, time)) return true;
  const sentence = statementSoFar(text, start);
  if (conditionalInstruction(sentence, text.slice(start)) || BRACKETED_OLD.test(sentence)) return true;
  // A line whose label marks it old ("Old time: Sunday 22 November, 8:00-9:00", "Before: 8am")
  // gives the old value, past the commas after its label.
  const lineLabel = LINE_LABEL.exec(sentence)?.[1];
  if (lineLabel !== undefined && (corrected(lineLabel) || OLD_LABEL.test(lineLabel))) return true;
  if (scheduleTime(text, start, end)) return true;
  const before = clauseBefore(text, start);
  // A value named as a boundary is not the one asserted: "after this morning's 8am slot, the next is 8pm".
  if (/\b(?:after|since)\s+(?:\S+\s+){0,2}$/.test(before + " ")) return true;
  const after = text.slice(end).split(/[,;:()]|\s[\u2013\u2014-]\s|\.\s/)[0] ?? "";
  // "the Friday you may be thinking of": a supposition right after the value, as before it.
  // So is a hedge on whether it is done yet: "confirming 4pm with Don Ernesto if you haven't yet".
  // A value restated in brackets keeps the mood of the value it restates: "whether she could start at
  // 15:00 GMT (8am for you)".
  const outer = restatedFrom(text, start);
  if (HYPOTHETICAL.test(before) || (outer !== undefined && HYPOTHETICAL.test(clauseBefore(text, outer)))
    || /^\s*(?:\S+\s+){0,4}?(?:would|could|may|might)\b/.test(after) || NOT_DONE_YET.test(after)) return true;
  // An offer or a supposition goes on after "or": "I can add the 12th at 7.30, or set up a weekly
  // Thursday rehearsal"; "you could be up for 6:30, or ask her to call at 9 so it stays at 7:30".
  if (/^or\b/.test(before) && HYPOTHETICAL.test(clauseBeforeClause(text, text.lastIndexOf(before, start)))) return true;
  const rest = text.slice(0, start) + " \u0000 " + text.slice(end);
  // What holds back a wrong value anywhere in a clause: a negation, a correction cue, or the dating
  // of a value contrasted with what holds now.
  const heldBack = (clause: string) => deniedBefore(clause, 1000) || corrected(clause) || (hasCue(clause, CUES.dating) && hasCue(rest, CUES.contrast));
  if (heldBack(before)) return true;
  // A value in brackets is read as what it annotates: "it was meant to be this Tuesday (6 Oct) at
  // Helen's, but ... moved it".
  const paren = openBracket(text, start);
  return paren >= 0 && heldBack(clauseBefore(text, paren));
}
