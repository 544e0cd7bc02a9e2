import { clauseBefore } from "./stance.js";
import { statements } from "./parse.js";
import { samePhone, type Region } from "../../db/phone.js";

// The actions an answer says were done ("I've texted Jess", "Done: called the pharmacy", "message
// sent"), so that an answer reporting an action never done earns nothing. Texts are normalized.

// ---- actions the answer says were done ---------------------------------------------------------

const REMOVALS = [
  "remove_contact", "remove_calendar_event", "remove_email_or_thread", "remove_message_or_conversation",
  "remove_whatapp_message_or_conversation", "remove_phone_call_logs",
] as const;

// A draft is written with the email tools but sends nothing: its writes are told apart, so that
// "I've replied to Fergus" after only a draft was saved reports an action not done.
const DRAFTS = ["send_email (draft)", "modify_draft_email (draft)"] as const;

/** The key under which a successful write counts as an action: the tool, or the tool marked as a
 *  draft when it saved an email without sending it. */
export function actionKey(tool: string, args: Readonly<Record<string, unknown>>): string {
  if (tool === "send_email" && args.save_as_draft === true) return DRAFTS[0];
  if (tool === "modify_draft_email" && args.send !== true) return DRAFTS[1];
  return tool;
}

/** Kinds of action an answer may report, each with the write tools that do it. */
export const ACTION_TOOLS = {
  call: ["create_outgoing_call"],
  message: ["send_message", "send_whatapp_message"],
  email: ["send_email", "modify_draft_email"],
  draft: [...DRAFTS, "send_email", "modify_draft_email"],
  send: ["send_message", "send_whatapp_message", "send_email", "modify_draft_email"],
  tell: ["send_message", "send_whatapp_message", "send_email", "modify_draft_email", "create_outgoing_call"],
  // "saved" may be a contact, an event or a draft.
  save: ["add_contact", "modify_contact", "create_calendar_event", "modify_calendar_event", ...DRAFTS],
  calendar: ["create_calendar_event", "modify_calendar_event"],
  contact: ["add_contact", "modify_contact"],
  // Something named by quoting it was changed: a record by its title ('Deleted "Diego R
  // (Vancouver)"') or words of a text ('Removed "significant"').
  // No text or WhatsApp message: a sent one cannot be edited.
  edit: ["add_contact", "modify_contact", "create_calendar_event", "modify_calendar_event", "modify_draft_email", "send_email", ...DRAFTS, ...REMOVALS],
  // Words added to a message, a draft, or a record's notes.
  compose: ["send_message", "send_whatapp_message", "add_contact", "modify_contact", "create_calendar_event", "modify_calendar_event", "modify_draft_email", "send_email", ...DRAFTS],
  add: ["add_contact", "modify_contact", "create_calendar_event", "modify_calendar_event", "modify_draft_email", "send_email", ...DRAFTS],
  // "moved" may be an event moved, or an email moved to the trash.
  change: ["modify_calendar_event", "modify_contact", "modify_draft_email", "create_calendar_event", ...DRAFTS, ...REMOVALS],
  remove: [...REMOVALS, "modify_calendar_event"],
  // "I put St Agnes Church in the texts": put, popped, logged say little about which write.
  any: ["send_message", "send_whatapp_message", "send_email", "modify_draft_email", "create_outgoing_call", "add_contact", "modify_contact", "create_calendar_event", "modify_calendar_event", ...DRAFTS, ...REMOVALS],
} as const satisfies Record<string, readonly string[]>;

export type ActionKind = keyof typeof ACTION_TOOLS;

const VERBS: Record<string, ActionKind> = {
  called: "call", phoned: "call", rang: "call", dialled: "call", dialed: "call", calling: "call", ringing: "call",
  texted: "message", messaged: "message", whatsapped: "message",
  emailed: "email", replied: "send", responded: "send", forwarded: "email", drafted: "draft",
  sent: "send", told: "tell", notified: "tell", informed: "tell",
  saved: "save",
  scheduled: "calendar", booked: "calendar", created: "add", added: "add", put: "any", popped: "any", logged: "any",
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
// "I called her "Joanne (Jo)"", "called it 'the Friday slot'": naming, not phoning.
const NAMING = /^\s+(?:him|her|them|it|this|that|(?:the|his|her|your|their)\s+\S+)\s+(?:\u0000|["'\u201c\u2018])/;
// "I've called the pharmacy and texted Jess": further verbs joined to a claim.
const CONJOINED = new RegExp(`(?:\\band|\\bthen|,)\\s+(?:also |then |just )?${VERB}\\b`, "g");
// A clause with a third person's subject: "that she's", "who he", "they had".
const OTHER_SUBJECT = /\b(?:that|who|which)\s+(?:she|he|they|it)\b|\b(?:she|he|they)(?:'s|\s+(?:is|was|has|had))\b/;
// A sentence that opens with the action, as a status line: "Calling the pharmacy now.", "Sent!",
// "Done: called the pharmacy."
const OPENING = /^(?:(?:all )?done[\s!.:,\u2013\u2014-]*)?(calling|called|phoned|texted|messaged|sent|emailed|replied|forwarded|saved|added|created|scheduled|booked|moved|rescheduled|updated|changed|deleted|removed|cancelled|canceled|told)\b/;
const OTHERS_LEAD_IN = /\b(?:you|he|she|they)(?:'ve|'d| have| had| also| then)?\s*:\s*$/;
// A table's column of what the assistant did: its cells report ("| Garage | Told Dolores Auto Works
// you're dropping off early |" under "What I did").
const DID_COLUMN = /^(?:what i(?:'ve| have)? (?:did|done|changed|sent)|action(?:s)?(?: taken)?|i did|done by me)$/;
// "Booked in your calendar for 8:00–8:45", "Scheduled for Tue 10 Nov": a record's state, as a
// line of what is on, not a report ("Booked the table for 7" has an object, and reports).
const STATE = /^(?:scheduled|booked)$/;
const STATE_AFTER = /^\s+(?:for|in|on|at|from)\b/;
// "Sent from an ordinary mobile number" describes where a message came from ("Sent from your
// work email" still reports a send).
const ORIGIN = /^\s+from\b(?!\s+(?:your|my|our)\b)/;
/** Whether an opening verb, with what follows it, reports an action: not "sent by Don Ernesto",
 *  not "sent from an ordinary number", not a record's state ("Booked for 8:00"). */
const openingReports = (verb: string, after: string) => !NOT_AN_ACTION.test(after) && !ORIGIN.test(after) && !(STATE.test(verb) && STATE_AFTER.test(after));
// A label ("Saved: Wed 4 Nov"), or a record's field ("Sent to: owen@...", "Added on: 3 Nov").
// So is a participle naming a kind of field ("Booked window: 8am-12pm", "Scheduled time: 9:15").
const LABEL = /^\W*(?!done\b)\w+(?:\s+(?:to|on|at|for|in|by|from|as|under|via|with|window|slot|time|times|date|dates|day|days|hours|period|range|arrival|visit|price|amount|total|status))?\W*:/;
// The label a line opens with, naming what the line is about: "Priya: I texted her the plan".
const LINE_LABEL = /^\W*([\p{L}][\p{L}'. -]{0,38}?)\s*:\s/u;
// "I let Jess know" is telling.
const LET_KNOW = /\b(?:i|we)(?:'ve| have)?\s+(?:just |also |already )?let (\w+(?: \w+)?) know\b/;
const NEGATION = /\b(?:nothing|no|not|never|none|neither|nor)\b(?:\s+\S+){0,3}\s*$/;
// A label answered "no" in its own cell or after its colon reports nothing: "| Email sent | No, he has
// no email address |", "| New email sent now | None |".
// The next cell may carry its column's header: "check: message sent; what i found: none".
const DENIED_CELL = /^\s*(?:(?:now|yet|today|so far|this time)\s*)?[;:|]\s*(?:[\p{L}'][\p{L}' ]{0,30}:\s*)?(?:no|not|none|nothing|not yet|n\/a|\u2014|-|\u2717|\u274c)(?![\w-])/u;
const CONDITIONAL = /\b(?:if|would|should|could|want me|shall|happy to|ready to)\b/;
// "before I put the 12th in", "once I hear back": a clause of something not yet done.
const NOT_YET_CLAUSE = /\b(?:before|until|till|once|unless)\s*$/;

// Words added to a message or draft being written: "I added a thanks for the flowers", "I added
// the water note" (a note may be in a text as much as on a record).
const MESSAGE_CONTENT = /^(?:(?:a|an|the|my|your|quick|short|little)\s+)*(?:[\p{L}'-]+\s+){0,3}(?:thanks|thank[- ]you|line|sentence|p\.?s\.?|mention|word|greeting|sign-?off|question|request|apology|congratulations|note|detail|details|bit|reminder|update|comment|wish|wishes)\b/u;

// "I added that the table's at 7pm": a clause added to a message ("added that event" is a record).
// So is a clause with a subject of its own and a finite verb: "added that water is still fine".
const CONTENT_CLAUSE = /^that\s+(?:the|it|it's|he|he's|she|she's|they|they're|you|you're|we|we're|i|i'm|there|there's|his|her|your|their|our)\b|^that\s+(?:[\p{L}'-]+\s+){1,3}?(?:is|are|was|were|will|would|can|could|should|must|has|have|had|isn't|aren't|wasn't|won't|can't|doesn't|don't|didn't|hasn't|haven't)\b/u;

// The antecedent of "which I added" / "that I added" when it is words of a message.
const RELATIVE_TO_WORDS = /\b(?:message|text|email|draft|reply|note|line|sentence|wording)\b[^.;:!?]*,?\s+(?:which|that)\s*$/;

// A quoted object may be a record's title or words of a text: 'Deleted "Diego R (Vancouver)"' and
// 'Removed "significant"' (from a draft) read alike.
// Only a quote standing alone as the object: 'Added "Dentist" to your calendar' names its record.
const QUOTED_OBJECT = /^(?:(?:the|a|an)\s+)?(?:(?:word|phrase|term|line)\s+)?\u0000\W*$/;

// "I added that so she's not turning up at 7.30": a pronoun alone, or before a reason, names no
// kind of record; what was written, words of a text or a record, any write may be.
const PRONOUN_OBJECT = /^(?:that|this|it)(?:\s+(?:so|because|since|as|in case|too|as well)\b|\s*$)/;

// Where a record was added names its kind: "added it to your calendar" is an event, whatever
// else was written ("added" alone may be words added to an email).
const TO_CALENDAR = /\b(?:to|in|into|on)\s+(?:your|the|her|his|their)\s+(?:[\p{L}'-]+\s+)?(?:calendar|diary)\b/u;
const TO_CONTACTS = /\b(?:to|in|into)\s+(?:your|the)\s+(?:contacts|address book|phone book)\b/;
// "I added the 7:30 time to Mark's text": words added to a message being written.
const TO_MESSAGE = /\b(?:to|in|into)\s+(?:the|your|my|his|her|their|\p{L}+'s)\s+(?:text|message|email|draft|reply|whatsapp)\b/u;

function kindOf(verb: string, object: string, fallback: ActionKind): ActionKind {
  const kind = VERBS[verb] ?? fallback;
  if (kind === "add" || kind === "any" || kind === "save") {
    if (TO_CALENDAR.test(object)) return "calendar";
    if (TO_CONTACTS.test(object)) return "contact";
  }
  if ((kind === "add" || kind === "remove" || kind === "change") && QUOTED_OBJECT.test(object)) return "edit";
  if (kind === "add" && PRONOUN_OBJECT.test(object)) return "any";
  return kind === "add" && (MESSAGE_CONTENT.test(object) || CONTENT_CLAUSE.test(object) || TO_MESSAGE.test(object)) ? "compose" : kind;
}

export interface ClaimedAction {
  kind: ActionKind;
  words: string;
  /** The words after the verb, to the end of the clause: whom or what the action was done to. */
  object: string;
}

// A time's colon or dot ends no object: "the 7:30 time to Mark's text".
const objectAfter = (sentence: string, end: number) => /^(?:[^.;:!?\n]|(?<=\d)[.:](?=\d))*/.exec(sentence.slice(end))![0].trim();

/** The actions an answer reports as done, read from first-person past or present forms
 *  ("I've texted Jess", "Calling the pharmacy now", "the event has been moved"). Questions,
 *  offers and denials ("Shall I call her?", "I haven't sent it") report nothing. */
export function claimedActions(text: string): ClaimedAction[] {
  const out: ClaimedAction[] = [];
  // A quoted message is someone's words, not the assistant's report.
  for (const { text: sentence, kind, context } of statements(text.replace(/(^|[.!?]\s+)([a-z])/g, (_m, a: string, b: string) => a + b.toUpperCase()).replace(/"[^"]*"/g, " \u0000 ")).filter((s) => s.kind !== "section" && s.kind !== "quote")) {
    if (sentence.endsWith("?")) continue;
    const found: ClaimedAction[] = [];
    // "Dolores Auto Works: I texted them that ...": a pronoun after a line's label is the label.
    const label = LINE_LABEL.exec(sentence)?.[1];
    const claim = (verb: string, words: string, end: number, fallback: ActionKind) => {
      let object = objectAfter(sentence, end);
      const pronoun = /^(?:them|him|her)\b/.exec(object);
      if (pronoun && label && end > label.length) object = label + object.slice(pronoun[0].length);
      let kind = kindOf(verb, object, fallback);
      // In a relative clause the thing added stands before it: "the message to Diego says both
      // jugs were finished, which I added" reports words added to a message.
      if (kind === "add" && RELATIVE_TO_WORDS.test(sentence.slice(0, end - words.length))) kind = "compose";
      found.push({ kind, words, object });
    };
    for (const re of [FIRST_PERSON, PASSIVE]) {
      for (const m of sentence.matchAll(re)) {
        const verb = m[1] ?? m[2] ?? m[3];
        const before = clauseBefore(sentence, m.index);
        // "Nothing has been sent to Vale yet", "no reply has been sent": a denial reports nothing.
        const conditional = CONDITIONAL.test(before) || NEGATION.test(before) || NOT_YET_CLAUSE.test(before);
        const rest = sentence.slice(m.index + m[0].length);
        if (verb && !conditional && !NOT_AN_ACTION.test(rest) && !DENIED_CELL.test(rest) && !(verb === "called" && NAMING.test(rest))) claim(verb, m[0], m.index + m[0].length, "send");
      }
    }
    // A table's header ("Sent", "Status") or a heading is a label, not a report.
    // A label, or a record's field, is no report either.
    // An item under a lead-in whose subject is someone else lists what they did: under "In that
    // reply you:", "- told him it's fixed" is the user's telling.
    const othersList = kind === "item" && OTHERS_LEAD_IN.test(context.split(" :: ").pop() ?? "");
    const opening = kind === "row" || kind === "heading" || othersList || LABEL.test(sentence) ? null : OPENING.exec(sentence);
    if (opening && openingReports(opening[1]!, sentence.slice(opening[0].length))) claim(opening[1]!, opening[0], opening[0].length, "change");
    if (kind === "row") {
      let at = 0;
      for (const cell of sentence.split("; ")) {
        const colon = cell.indexOf(": ");
        const value = colon >= 0 ? cell.slice(colon + 2) : "";
        const verb = colon >= 0 && DID_COLUMN.test(cell.slice(0, colon).trim().toLowerCase()) ? OPENING.exec(value.toLowerCase()) : null;
        if (verb && openingReports(verb[1]!, value.slice(verb[0].length))) claim(verb[1]!, verb[0], at + colon + 2 + verb[0].length, "change");
        at += cell.length + 2;
      }
    }
    if (found.length > 0) {
      for (const m of sentence.matchAll(CONJOINED)) {
        // "... with a note that she's Mango's owner and called after hours": a verb after a clause
        // with a subject of its own is that subject's.
        if (OTHER_SUBJECT.test(sentence.slice(0, m.index))) continue;
        if (!NOT_AN_ACTION.test(sentence.slice(m.index + m[0].length))) claim(m[1]!, m[0], m.index + m[0].length, "change");
      }
    }
    const letKnow = LET_KNOW.exec(sentence);
    if (letKnow) found.push({ kind: "tell", words: letKnow[0], object: letKnow[1]! });
    out.push(...found);
  }
  return out;
}

// ---- whom an action was done to ----------------------------------------------------------------

/** Action kinds whose object is a person reached: "texted Jess", "sent Fergus a text", "replied to
 *  Hamish", "let Priya know". "Saved Jess" or "moved the dentist" name no addressee. */
const ADDRESSED: ReadonlySet<ActionKind> = new Set(["call", "message", "email", "send", "tell"]);
// The words between the verb and the person: "sent a quick text to Jess", "replied back to him".
const BEFORE_ADDRESSEE = /^(?:(?:a|an|the|quick|short|brief|new|message|text|note|reply|whatsapp|email|sms|back|over|to|on)\s+)*/;

/** Numbers and addresses by which a write may reach a person, for each of the data's people the
 *  phone's owner may contact (the owner is left out). */
export type Handles = ReadonlyMap<string, readonly string[]>;

/** The person a claimed action names as its addressee, by contact id: the name must open the
 *  action's object. Undefined when none of the data's people is named there, or a thing of theirs
 *  is ("forwarded Julia's email to Nina": Julia is not the addressee). */
export function addressee(claim: ClaimedAction, people: ReadonlyMap<string, readonly string[]>, handles: Handles): string | undefined {
  if (!ADDRESSED.has(claim.kind)) return undefined;
  const object = claim.object.replace(BEFORE_ADDRESSEE, "");
  let found: { id: string; length: number } | undefined;
  for (const [id, names] of people) {
    if (!handles.has(id)) continue;
    // "forwarded Julia Brandt's email": a thing of theirs by any of their names, the full one too.
    if (names.some((name) => object.startsWith(`${name.toLowerCase()}'s`))) continue;
    for (const name of names) {
      const n = name.toLowerCase();
      if (object.startsWith(n) && !/^(?:\w|'(?!\w))/.test(object.slice(n.length)) && n.length > (found?.length ?? 0)) found = { id, length: n.length };
    }
  }
  return found?.id;
}

/** Whether a successful write reached the person: one of their numbers or addresses, or their
 *  name, among the recipients its arguments and result name. */
export function reached(args: Readonly<Record<string, unknown>>, result: unknown, person: { names: readonly string[]; handles: readonly string[] }, region?: Region): boolean {
  const record = (result ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const written = record.message ?? record.email ?? record.call ?? {};
  const recipients: unknown[] = [
    ...[written.to, written.cc, written.bcc, args.to, args.cc, args.bcc].flatMap((x) => (Array.isArray(x) ? x : [x])),
    written.phone_number, written.contact_name, written.conversation_name, args.phone_number,
  ].flatMap((r) => (r !== null && typeof r === "object" ? [(r as Record<string, unknown>).number, (r as Record<string, unknown>).name] : [r]));
  const names = person.names.map((n) => n.toLowerCase());
  return recipients.some((r) => typeof r === "string" && r !== "" && (
    person.handles.some((h) => h === r.toLowerCase() || (!h.includes("@") && samePhone(h, r, region))) ||
    names.some((n) => r.toLowerCase().includes(n))));
}
