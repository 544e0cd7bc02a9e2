import { includesWords, wordOccurrences } from "./text.js";

// Reading the agent's answer to the user as statements, not as a bag of words: where one claim's
// facts stand together, whether a tempting wrong value is asserted or only mentioned as
// corrected, how long the answer is, and which actions it says were done.
// Texts here are already normalized (replyText in constraints.ts): lower case, one space.

/** A phrase, or alternatives for it ("7pm", "7 pm", "19:00"). */
export type Phrase = string | readonly string[];

const alternatives = (p: Phrase): readonly string[] => (typeof p === "string" ? [p] : p);

/** Sentences: split after . ! ? and at line breaks, bullets and semicolons, but not inside
 *  "9.30", "a.m.", "Dr." or "e.g.". */
export function sentences(text: string): string[] {
  return text
    .replace(/\b(a\.m|p\.m|e\.g|i\.e|dr|mr|mrs|ms|st|approx|etc|vs)\./g, (m) => m.replace(/\./g, "\u0000"))
    .split(/(?<=[.!?])\s+|\n+|\s*;\s*|\s+[\u2022*]\s+|\s+-\s+(?=[a-z0-9])/)
    .map((s) => s.replace(/\u0000/g, ".").trim())
    .filter((s) => s.length > 0);
}

/** Clauses of a sentence: split at commas (not inside "19,700"), dashes, colons, brackets and the
 *  conjunctions that join two statements ("but", "however", "whereas", "although", "though",
 *  "while"). A date such as "Tuesday, 24 November" is split too; claims are therefore read per
 *  sentence, and only negation and correction cues per clause. */
export function clauses(sentence: string): string[] {
  return sentence
    .split(/\s*(?<!\d),\s*|\s*,(?!\d{3}\b)\s*|\s+[\u2013\u2014-]\s+|\s*:\s+|\s*\(\s*|\s*\)\s*|\s+(?=(?:but|however|whereas|although|though|while)\b)/)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

/** Words that, shortly before a fact, deny it: "not at 9am", "no longer on Monday". */
export const NEGATION_CUES = [
  "not", "no longer", "isn't", "aren't", "wasn't", "weren't", "won't", "isnt", "never", "instead of",
  "rather than", "used to", "originally", "previously", "no", "nothing", "n't",
];

/** Words that by themselves mark a mention of a wrong value as corrected: "not 8am any more",
 *  "it was moved from 8am", "the old time (8am)". */
export const CORRECTION_CUES = [
  ...NEGATION_CUES, "had been", "changed", "moved", "old", "earlier", "outdated", "wrong", "incorrect",
  "mistake", "mistaken", "misread", "typo", "replaced", "superseded", "original", "initially", "rather",
  "instead", "rescheduled", "updated", "no longer",
];

/** Words that attribute a value to a source ("Jess said 8am", "your calendar says 8:00", "you
 *  wrote the 18th"): reporting it is not asserting it ("said yes" is not an attribution). */
export const ATTRIBUTION_CUES = ["said", "says", "say", "wrote", "writes", "written", "claimed", "claims", "mentioned", "thought", "thinks", "believed", "believes", "according to"];
/** Words that date a value ("it was at 8am", "from 8am"): a mention next to one is a correction
 *  only when the sentence also contrasts it with what holds now ("..., but it's 9am"). Alone,
 *  "that was Alex" is still an assertion. */
export const DATING_CUES = ["was", "were", "from"];
export const CONTRAST_CUES = ["but", "however", "actually", "now", "instead", "although", "though", "whereas", "really", "in fact", "correct", "right"];

const NEGATION_WINDOW = 4;

/** A phrase stated affirmatively in the clause: present, and no negation cue in the few words
 *  before it. */
function affirmedIn(clause: string, phrase: string): boolean {
  return wordOccurrences(clause, phrase).some((at) => {
    const before = clause.slice(0, at).split(" ").slice(-NEGATION_WINDOW - 1).join(" ");
    return !hasCue(before, NEGATION_CUES);
  });
}

/** A cue counts as a word of its own: "no" is a cue, the "no" of "no-shop" is not. */
function hasCue(text: string, cues: readonly string[]): boolean {
  return cues.some((cue) => (cue === "n't" ? text.includes("n't")
    : wordOccurrences(text, cue).some((at) => text[at - 1] !== "-" && text[at + cue.length] !== "-")));
}

/** A claim holds when one sentence states every one of its phrases (one of each group's
 *  alternatives), none of them denied. Returns the sentence, or null. */
export function claimSentence(text: string, claim: readonly Phrase[]): string | null {
  for (const sentence of sentences(text)) {
    const parts = clauses(sentence);
    if (claim.every((p) => alternatives(p).some((alt) => parts.some((c) => affirmedIn(c, alt))))) return sentence;
  }
  return null;
}

/** Whether the mention of `phrase` in `clause` is corrected or reported rather than asserted.
 *  The phrase itself is taken out first, so a distractor such as "no clash" is not excused by
 *  its own "no". */
function correctedIn(clause: string, phrase: string, sentence: string): boolean {
  const rest = clause.split(phrase).join(" \u0000 ").replace(/\b(said|says|say) (yes|no|so)\b/g, " ");
  if (hasCue(rest, CORRECTION_CUES) || hasCue(rest, ATTRIBUTION_CUES)) return true;
  return hasCue(rest, DATING_CUES) && hasCue(sentence.split(phrase).join(" \u0000 "), CONTRAST_CUES);
}

/** The distractors stated as fact: each occurs in some clause where it is not corrected. A
 *  mention next to a cue ("not 8am any more", "moved from 8am", "Jess said 8am, but it's 9am")
 *  is a correction, not an assertion. */
export function assertedDistractors(text: string, distractors: readonly Phrase[]): { phrase: string; clause: string }[] {
  const found: { phrase: string; clause: string }[] = [];
  for (const d of distractors) {
    for (const sentence of sentences(text)) {
      const hit = clauses(sentence).flatMap((c) => alternatives(d)
        .filter((alt) => includesWords(c, alt) && !correctedIn(c, alt, sentence)).map((alt) => ({ phrase: alt, clause: c })))[0];
      if (hit) { found.push(hit); break; }
    }
  }
  return found;
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
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
  emailed: "email", replied: "email", responded: "email", forwarded: "email", drafted: "email",
  sent: "send", told: "tell", notified: "tell", informed: "tell",
  saved: "contact",
  scheduled: "calendar", booked: "calendar", created: "add", added: "add", put: "add", popped: "add", noted: "add", logged: "add",
  moved: "change", rescheduled: "change", updated: "change", changed: "change", edited: "change", renamed: "change", corrected: "change", fixed: "change",
  deleted: "remove", removed: "remove", cleared: "remove", trashed: "remove", cancelled: "remove", canceled: "remove",
};

const ADVERBS = "(?:(?:'ve|'d|have|had|just|also|now|already|then|successfully|gone ahead and|went ahead and|quickly)\\s*)*";
const VERB = `(${Object.keys(VERBS).join("|")})`;
// "I've texted", "I just called", "we have sent"; "I'm calling"; "has been sent", "is now saved".
const FIRST_PERSON = new RegExp(`\\b(?:i|we)(?:'ve|'m| am| have)?\\s+${ADVERBS}${VERB}\\b`, "g");
const PASSIVE = new RegExp(`\\b(?:has|have) (?:now |also |just )?been ${VERB}\\b|\\b(?:is|are) now (saved|scheduled|booked|updated|moved|cancelled|canceled|deleted|removed)\\b`, "g");
// What follows the verb when it is not a write on the phone: "I added up the costs", "as I told
// you", "I've put together", "I cleared up the mix-up".
const NOT_AN_ACTION = /^\s+(?:you\b|up\b|together\b|through\b|out\b(?! to))/;
// "I've called the pharmacy and texted Jess": further verbs joined to a first-person claim.
const CONJOINED = new RegExp(`(?:\\band|\\bthen|,)\\s+(?:also |then |just )?${VERB}\\b`, "g");
// A sentence that opens with the action, as a status line: "Calling the pharmacy now.", "Sent!"
const OPENING = new RegExp(`^(?:done[!.]?\\s*)?(calling|texted|sent|emailed|saved|added|scheduled|booked|moved|rescheduled|updated|deleted|removed|cancelled|canceled)\\b`);
// "I let Jess know" is telling.
const LET_KNOW = /\b(?:i|we)(?:'ve| have)?\s+(?:just |also |already )?let \w+(?: \w+)? know\b/;

export interface ClaimedAction { kind: ActionKind; words: string }

/** The actions an answer reports as done, read from first-person past or present forms
 *  ("I've texted Jess", "Calling the pharmacy now", "the event has been moved"). Questions,
 *  offers and denials ("Shall I call her?", "I haven't sent it") report nothing. */
export function claimedActions(text: string): ClaimedAction[] {
  const out: ClaimedAction[] = [];
  for (const sentence of sentences(text)) {
    if (sentence.endsWith("?")) continue;
    for (const re of [FIRST_PERSON, PASSIVE]) {
      for (const m of sentence.matchAll(re)) {
        const verb = m[1] ?? m[2];
        const conditional = /\bif\b|\bwould\b|\bshould\b|\bcan\b|\bcould\b|\bwant me\b|\bshall\b/.test(sentence.slice(Math.max(0, m.index - 20), m.index));
        if (verb && !conditional && !NOT_AN_ACTION.test(sentence.slice(m.index + m[0].length))) {
          out.push({ kind: VERBS[verb] ?? "change", words: m[0] });
        }
      }
    }
    if (out.some((a) => sentence.includes(a.words))) {
      for (const m of sentence.matchAll(CONJOINED)) out.push({ kind: VERBS[m[1]!] ?? "change", words: m[0] });
    }
    const opening = OPENING.exec(sentence);
    if (opening) out.push({ kind: VERBS[opening[1]!]!, words: opening[0] });
    const letKnow = LET_KNOW.exec(sentence);
    if (letKnow) out.push({ kind: "tell", words: letKnow[0] });
  }
  return out;
}
