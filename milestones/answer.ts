import { includesWords, wordOccurrences } from "./text.js";

// Reading the agent's answer to the user as statements, not as a bag of words: where one claim's
// facts stand together, whether a tempting wrong value is asserted or only mentioned as
// corrected, how long the answer is, and which actions it says were done.
// Texts here are already normalized (replyText in constraints.ts): lower case, one space.

/** A phrase, or alternatives for it ("7pm", "7 pm", "19:00"). */
export type Phrase = string | readonly string[];

const alternatives = (p: Phrase): readonly string[] => (typeof p === "string" ? [p] : p);

/** Sentences: split after . ! ? and at line breaks, bullets and semicolons, but not inside
 *  "9.30", "a.m.", "Dr.", "Oct." or "e.g.", nor at the dash of "9 - 9:30". */
export function sentences(text: string): string[] {
  return text
    .replace(/\b(a\.m|p\.m|e\.g|i\.e|dr|mr|mrs|ms|st|approx|etc|vs|ch|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\./g, (m) => m.replace(/\./g, "\u0000"))
    .split(/(?<=[.!?])\s+|\n+|\s*;\s*|\s+[\u2022*]\s+|(?<!\d)\s+-\s+(?=[a-z])/)
    .map((s) => s.replace(/\u0000/g, ".").trim())
    .filter((s) => s.length > 0);
}

// Where a clause begins: after a comma (not the one of "19,700"), a spaced dash, a colon, a
// bracket, or before "but", "however", "although", "though", "whereas", "while".
const CLAUSE_BREAK = /,(?!\d{3}\b)|(?<!\d),|\s[\u2013\u2014-]\s|:\s|[()]|\s(?=(?:but|however|whereas|although|though|while)\b)/g;

/** The clause of `sentence` up to position `at`: what a reader has read of that statement. */
function clauseBefore(sentence: string, at: number): string {
  let start = 0;
  for (const m of sentence.matchAll(CLAUSE_BREAK)) {
    const end = m.index + m[0].length;
    if (end <= at) start = end; else break;
  }
  return sentence.slice(start, at).trim();
}

/** Clauses of a sentence, split where clauseBefore starts one. */
export function clauses(sentence: string): string[] {
  return sentence.split(CLAUSE_BREAK).map((c) => c.trim()).filter((c) => c.length > 0);
}

/** Words that, shortly before a fact, deny it: "not at 9am", "no longer on Monday". */
export const NEGATION_CUES = [
  "not", "no longer", "isn't", "aren't", "wasn't", "weren't", "won't", "isnt", "never", "instead of",
  "rather than", "no", "nothing", "n't",
];
/** Words before a value that mark it as the old or wrong one: "the original 9am", "it used to be
 *  8am", "the outdated 19:00". */
export const CORRECTION_CUES = [
  "used to", "originally", "previously", "initially", "original", "old", "earlier", "outdated", "wrong",
  "incorrect", "mistake", "mistaken", "misread", "typo", "superseded", "replaced", "instead of", "rather than",
  "meant to be", "supposed to be", "was going to", "were going to",
];
/** Words that attribute a value to a source ("Jess said 8am", "your calendar says 8:00", "you
 *  wrote the 18th"): reporting it is not asserting it ("said yes" is not an attribution). */
export const ATTRIBUTION_CUES = ["said", "says", "say", "wrote", "writes", "written", "claimed", "claims", "mentioned", "thought", "thinks", "believed", "believes", "according to"];
/** Words that date a value ("it was at 8am"): a correction only when the sentence also contrasts
 *  it with what holds now ("..., but it's 9am"). Alone, "that was Alex" is an assertion. */
export const DATING_CUES = ["was", "were", "had been"];
export const CONTRAST_CUES = ["but", "however", "actually", "now", "instead", "although", "though", "whereas", "really", "in fact"];

const NEGATION_WINDOW = 4;
// The direction of a change: in "moved from 8am to 9am" the value after "from" is the old one.
const DIRECTION = /\b(from|to|into|now|until|till)\b/g;

/** A cue counts as a word of its own: "no" is a cue, the "no" of "no-shop" is not. */
function hasCue(text: string, cues: readonly string[]): boolean {
  return cues.some((cue) => (cue === "n't" ? text.includes("n't")
    : wordOccurrences(text, cue).some((at) => text[at - 1] !== "-" && text[at + cue.length] !== "-")));
}

const lastWords = (text: string, n: number) => text.split(" ").slice(-n).join(" ");

/** Denied by a negation shortly before it, unless "until"/"before" comes between ("doesn't start
 *  until 8am" states 8am). A clause that opens with "no" or "nope" answers the question ("No it's
 *  6.30 now"); the "no" denies nothing after it. */
function deniedBefore(before: string, words = NEGATION_WINDOW): boolean {
  const window = lastWords(before.replace(/^(no|nope)\b[\s!.]*(?=(it|it's|its|that|that's|he|she|they|you|i|we|there|the)\b)/, ""), words);
  if (!hasCue(window, NEGATION_CUES)) return false;
  return !/\b(until|till|before|after)\b/.test(window.slice(Math.max(0, window.search(/n't|\bnot\b|\bno\b|\bnever\b/))));
}

const CHANGE_VERB = /\b(moved|changed|rescheduled|updated|shifted|pushed|brought|switched|bumped|corrected|went|gone|goes|cut|raised|dropped)\b/;

/** The old value of a change: after a change verb, the last direction word before it is "from"
 *  ("moved from 8am to 9am"); "a call from +1 209..." is no change. */
function isOldValue(before: string): boolean {
  if (!CHANGE_VERB.test(before)) return false;
  let last: string | undefined;
  for (const m of before.matchAll(DIRECTION)) last = m[1];
  return last === "from";
}

/** "Sarah B hasn't replied", "Sarah's the only one who hasn't replied": a verb negated later in
 *  the phrase's clause denies what is said of it. "8am not 9am" negates nothing about 8am. */
function deniedAfter(sentence: string, end: number): boolean {
  const after = sentence.slice(end).split(/[,;:()]| and | or | but /)[0]!.trim();
  // "don't" and "do not" are mostly imperatives ("7am, so don't be late"), not denials.
  return /\b(isn't|aren't|wasn't|weren't|hasn't|haven't|hadn't|didn't|doesn't|won't|can't|couldn't|wouldn't)\b|\b(is|are|was|were|has|have|had|did|does|will|can|could|would) (not|never|no longer)\b/.test(after);
}

/** A phrase stated affirmatively at one of its occurrences in the sentence: not denied, not the
 *  old value of a change, not marked as the old or wrong one. */
function affirmedIn(sentence: string, phrase: string): boolean {
  return wordOccurrences(sentence, phrase).some((at) => {
    const before = clauseBefore(sentence, at);
    return !deniedBefore(before) && !isOldValue(before) && !hasCue(lastWords(before, NEGATION_WINDOW), CORRECTION_CUES);
  });
}

/** Whether the mention of `phrase` at `at` is corrected or reported rather than asserted. Only
 *  what comes before it counts: "8am, not 9am" asserts 8am. */
function correctedAt(sentence: string, phrase: string, at: number): boolean {
  const before = clauseBefore(sentence, at).replace(/\b(said|says|say) (yes|no|so)\b/g, " ");
  // For a wrong value, a negation anywhere before it in its clause counts ("I haven't added the
  // party or told him you'll come").
  if (deniedBefore(before, 1000) || isOldValue(before) || hasCue(before, CORRECTION_CUES) || hasCue(before, ATTRIBUTION_CUES)) return true;
  if (deniedAfter(sentence, at + phrase.length)) return true;
  const rest = sentence.slice(0, at) + " \u0000 " + sentence.slice(at + phrase.length);
  return hasCue(before, DATING_CUES) && hasCue(rest, CONTRAST_CUES);
}

/** A claim holds when one sentence states every one of its phrases (one of each group's
 *  alternatives), none of them denied. Returns the sentence, or null. */
export function claimSentence(text: string, claim: readonly Phrase[]): string | null {
  for (const sentence of sentences(text)) {
    if (claim.every((p) => alternatives(p).some((alt) => affirmedIn(sentence, alt)))) return sentence;
  }
  return null;
}

/** The distractors stated as fact: an occurrence that nothing before it in its clause marks as
 *  corrected, reported or old ("not 8am any more", "moved from 8am", "Jess said 8am"). */
export function assertedDistractors(text: string, distractors: readonly Phrase[]): { phrase: string; sentence: string }[] {
  const found: { phrase: string; sentence: string }[] = [];
  // A question asserts nothing: "Shall I ask who'll bring the pan de muerto?"
  const all = sentences(text).filter((x) => !x.endsWith("?"));
  for (const d of distractors) {
    const hit = all.flatMap((sentence) => alternatives(d)
      .filter((alt) => wordOccurrences(sentence, alt).some((at) => !correctedAt(sentence, alt, at)))
      .map((alt) => ({ phrase: alt, sentence })))[0];
    if (hit) found.push(hit);
  }
  return found;
}

const WORDS = new Intl.Segmenter("und", { granularity: "word" });

/** Words as Unicode segments them: a run of Japanese text or of ids joined by "_" is many words. */
export function wordCount(text: string): number {
  let n = 0;
  for (const s of WORDS.segment(text)) if (s.isWordLike) n++;
  return n;
}

/** Longest answer, in words, that a reply constraint credits unless it sets its own `max_words`:
 *  about four times the longest answer the shipped scenarios need, far below a dump of records. */
export const DEFAULT_MAX_WORDS = 150;

// ---- actions the answer says were done ---------------------------------------------------------

const REMOVALS = [
  "remove_contact", "remove_calendar_event", "remove_email_or_thread", "remove_message_or_conversation",
  "remove_whatapp_message_or_conversation", "remove_phone_call_logs",
] as const;

/** Kinds of action an answer may report, each with the write tools that do it. */
export const ACTION_TOOLS = {
  call: ["create_outgoing_call"],
  message: ["send_message", "send_whatapp_message"],
  email: ["send_email", "modify_draft_email"],
  send: ["send_message", "send_whatapp_message", "send_email", "modify_draft_email"],
  tell: ["send_message", "send_whatapp_message", "send_email", "modify_draft_email", "create_outgoing_call"],
  contact: ["add_contact", "modify_contact"],
  calendar: ["create_calendar_event", "modify_calendar_event"],
  add: ["add_contact", "modify_contact", "create_calendar_event", "modify_calendar_event", "modify_draft_email", "send_email"],
  // "moved" may be an event moved, or an email moved to the trash.
  change: ["modify_calendar_event", "modify_contact", "modify_draft_email", "create_calendar_event", ...REMOVALS],
  remove: [...REMOVALS, "modify_calendar_event"],
} as const satisfies Record<string, readonly string[]>;

export type ActionKind = keyof typeof ACTION_TOOLS;

const VERBS: Record<string, ActionKind> = {
  called: "call", phoned: "call", rang: "call", dialled: "call", dialed: "call", calling: "call", ringing: "call",
  texted: "message", messaged: "message", whatsapped: "message",
  emailed: "email", replied: "send", responded: "send", forwarded: "email", drafted: "email",
  sent: "send", told: "tell", notified: "tell", informed: "tell",
  saved: "contact",
  scheduled: "calendar", booked: "calendar", created: "add", added: "add", put: "add", popped: "add", logged: "add",
  moved: "change", rescheduled: "change", updated: "change", changed: "change", edited: "change", renamed: "change", corrected: "change", fixed: "change",
  deleted: "remove", removed: "remove", cleared: "remove", trashed: "remove", cancelled: "remove", canceled: "remove",
};

const ADVERBS = "(?:(?:'ve|'d|have|had|just|also|now|already|then|successfully|gone ahead and|went ahead and|quickly)\\s*)*";
const VERB = `(${Object.keys(VERBS).join("|")})`;
// "I've texted", "I just called", "we have sent"; "I'm calling"; "has been sent", "is now saved".
const FIRST_PERSON = new RegExp(`\\b(?:i|we)(?:'ve|'m| am| have)?\\s+${ADVERBS}${VERB}\\b`, "g");
// Passives report an action only in the forms an assistant confirms its own work with ("your
// message has been sent", "is now saved"); "the meeting has been moved" is news about others.
const PASSIVE = /\b(?:has|have) (?:now |also |just )?been (sent|saved|added|created|scheduled|booked|forwarded|drafted|texted|emailed)\b|\b(?:is|are) now (saved|scheduled|booked)\b|\b(?:message|text|email|reply|invite|invitation) (sent)\b/g;
// What follows the verb when it is not a write on the phone: "I added up the costs", "as I told
// you", "I've put together", "I cleared up the mix-up".
// A participle followed by "by" ("a plumber sent by Don Ernesto") is someone else's doing.
const NOT_AN_ACTION = /^\s+(?:you\b|up\b|together\b|through\b|by\b|out\b(?! to))/;
// "I've called the pharmacy and texted Jess": further verbs joined to a claim.
const CONJOINED = new RegExp(`(?:\\band|\\bthen|,)\\s+(?:also |then |just )?${VERB}\\b`, "g");
// A sentence that opens with the action, as a status line: "Calling the pharmacy now.", "Sent!",
// "Done: called the pharmacy."
const OPENING = /^(?:(?:all )?done[\s!.:,\u2013\u2014-]*)?(calling|called|phoned|texted|messaged|sent|emailed|replied|forwarded|saved|added|created|scheduled|booked|moved|rescheduled|updated|changed|deleted|removed|cancelled|canceled)\b/;
// "I let Jess know" is telling.
const LET_KNOW = /\b(?:i|we)(?:'ve| have)?\s+(?:just |also |already )?let \w+(?: \w+)? know\b/;
const CONDITIONAL = /\b(?:if|would|should|could|want me|shall|happy to|ready to)\b/;

export interface ClaimedAction { kind: ActionKind; words: string }

/** The actions an answer reports as done, read from first-person past or present forms
 *  ("I've texted Jess", "Calling the pharmacy now", "the event has been moved"). Questions,
 *  offers and denials ("Shall I call her?", "I haven't sent it") report nothing. */
export function claimedActions(text: string): ClaimedAction[] {
  const out: ClaimedAction[] = [];
  // A quoted message is someone's words, not the assistant's report.
  for (const sentence of sentences(text.replace(/"[^"]*"/g, " \u0000 "))) {
    if (sentence.endsWith("?")) continue;
    const found: ClaimedAction[] = [];
    for (const re of [FIRST_PERSON, PASSIVE]) {
      for (const m of sentence.matchAll(re)) {
        const verb = m[1] ?? m[2] ?? m[3];
        const conditional = CONDITIONAL.test(clauseBefore(sentence, m.index));
        if (verb && !conditional && !NOT_AN_ACTION.test(sentence.slice(m.index + m[0].length))) {
          found.push({ kind: VERBS[verb] ?? "send", words: m[0] });
        }
      }
    }
    const opening = OPENING.exec(sentence);
    if (opening) found.push({ kind: VERBS[opening[1]!] ?? "change", words: opening[0] });
    if (found.length > 0) {
      for (const m of sentence.matchAll(CONJOINED)) {
        if (!NOT_AN_ACTION.test(sentence.slice(m.index + m[0].length))) found.push({ kind: VERBS[m[1]!] ?? "change", words: m[0] });
      }
    }
    const letKnow = LET_KNOW.exec(sentence);
    if (letKnow) found.push({ kind: "tell", words: letKnow[0] });
    out.push(...found);
  }
  return out;
}
