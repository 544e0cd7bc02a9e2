import { Lexer, type Token, type Tokens } from "marked";

// An agent's message as statements a person reads: the sentences of paragraphs, list items with
// their parent item or heading as context, table rows with their header, headings. Markdown marks
// (emphasis, links, code) are plain text, so "owes you **$40**" reads as "owes you $40".
// The message comes in with its capitals (sentence breaks need them); statements come out lower-cased.

export type StatementKind = "sentence" | "item" | "row" | "heading" | "quote" | "code" | "section";

export interface Statement {
  /** What the statement itself says. */
  text: string;
  /** What it is said under: the heading, the lead-in sentence or the parent item, the previous
   *  sentence when it opens with a pronoun. Empty when none. */
  context: string;
  kind: StatementKind;
  /** A sentence ending in "?" asserts nothing. */
  question: boolean;
}

/** A sentence ending in "?" (before closing quotes or brackets). */
// A statement that quotes a question asks nothing: 'Sent to Cami: "can you join at 1?"'; nor does
// one cut inside a quotation at the quoted question ('He wrote: "Cineteca wed 11 at 8pm? they're
// showing ..."' is cut after "8pm?").
export const isQuestion = (text: string) =>
  /\?["')\]]*$/.test(text) && !/^[^"\u201c]*:\s*["\u201c][^"\u201c\u201d]*\?["\u201d]\W*$/.test(text) && !openQuote(text.replace(/\?["')\]]*$/, ""));

/** The text with its quotations blanked, offsets kept: someone else's words, not the assistant's. */
export const blankQuotes = (text: string) => text.replace(/"[^"]*"|\u201c[^\u201d]*\u201d/g, (q) => " ".repeat(q.length));

/** Whether a quotation is still open at the end of the text: an odd count of straight double
 *  quotes, or a last opening curly quote with no closing one after it. */
function openQuote(text: string): boolean {
  if ((text.match(/"/g)?.length ?? 0) % 2 === 1) return true;
  return text.lastIndexOf("\u201c") > text.lastIndexOf("\u201d");
}

/** The text a reader binds: the context, then the statement. */
export const bound = (s: Statement) => (s.context ? `${s.context} :: ${s.text}` : s.text);

const SENTENCES = new Intl.Segmenter("en", { granularity: "sentence" });
// Abbreviated months and weekdays.
const DAYS = "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun";
// A segment ending in one of these is not a sentence end: "Dr. Tan", "7 a.m. on", "Oct. 12", "e.g. Jess".
const ABBREVIATION = new RegExp(`(?:^|[\\s(])(?:a\\.m|p\\.m|e\\.g|i\\.e|dr|mr|mrs|ms|st|approx|etc|vs|no|ch|${DAYS})\\.\\s*$`);
// A day's or month's abbreviation: a sentence may end on it ("Tue + Wed. Drop them back Thu").
const DAY_ABBREVIATION = new RegExp(`(?:^|[\\s(])(?:${DAYS})\\.\\s*$`);
// A day named in words: a weekday, a month or a relative day ("5:30pm" names none).
const DAY_WORD = /\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(?:today|tomorrow|tonight|yesterday)\b/i;
// A writing named with "the", pointing back at the one the sentence before named ("I emailed Lars").
const WRITING = "e-?mail|text|message|reply|draft";
// "The email says ...", "What the text says: ..." point back as "it" does, at the writing named before.
const PRONOUN_START = new RegExp(`^(?:it|it's|its|that|that's|this|these|those|they|they're|she|she's|he|he's|her|his|their|there|(?:what )?the (?:${WRITING})\\b)`);
// The longest list read as one section: beyond that a list is a listing, bound item by item.
const SECTION_ITEMS = 8;
const SECTION_SENTENCES = 5;
const SECTION_ROWS = 10;
// The most statements under one heading read together with it.
const SECTION_UNDER_HEADING = 12;

/** Sentences of a run of prose: Unicode sentence breaks and line breaks, never inside "9.30",
 *  "a.m." or "Dr.", never at a dash ("Mon 19 Oct - a long day, 7:30am to 8pm" is one statement). */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    let pending = "";
    const segments = [...SENTENCES.segment(line)].map((x) => x.segment);
    for (const [i, segment] of segments.entries()) {
      pending += segment;
      const lower = pending.toLowerCase(), next = segments[i + 1] ?? "";
      // "Tue + Wed. Drop them back Thu" ends at "Wed.": a day's abbreviation before a capitalised
      // word that is no date ("Wed. 4 Nov", "Oct. 12" go on).
      const dayEnds = DAY_ABBREVIATION.test(lower) && /^[A-Z][a-z]/.test(next) && !DAY_WORD.test(next.split(/\s/)[0]!);
      if (dayEnds || !ABBREVIATION.test(lower)) {
        if (pending.trim()) out.push(pending.trim());
        pending = "";
      }
    }
    if (pending.trim()) out.push(pending.trim());
  }
  return out;
}

/** Plain text of inline tokens: emphasis, links and code spans give their text. */
function plain(tokens: readonly Token[] | undefined, fallback = ""): string {
  if (!tokens) return fallback;
  return tokens.map((t) => {
    if (t.type === "br") return "\n";
    if (t.type === "image") return (t as Tokens.Image).text;
    if ("tokens" in t && Array.isArray(t.tokens) && t.type !== "list") return plain(t.tokens as Token[], "text" in t ? String(t.text) : "");
    if (t.type === "list") return "";
    return "text" in t ? String(t.text) : "";
  }).join("");
}

const decode = (s: string) => s.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'");

// `heading` is what the walk stands under. A sub-heading that names only a part of a day
// ("Afternoon", "Evening") is read with the heading above it when that names a day ("Friday 13
// November :: Afternoon"): the day is the parent's. Any other sub-heading stands alone, as a title's words ("Both texts
// sent") say nothing of the sections under it.
const PART_OF_DAY = /^\W*(?:(?:early|late|mid)[\s-]?)?(?:morning|afternoon|evening|night|lunch(?:time)?|midday|noon|am|pm|a\.m\.|p\.m\.|all[\s-]day|daytime|overnight)\W*$/i;
// A heading naming a day: a weekday, a month, a relative day or a number ("Friday 13 November",
// "Tomorrow", "13/11"); "Not going ahead" names none.
const NAMES_A_DAY = new RegExp(`${DAY_WORD.source}|\\d`, "i");
// Singular personal pronouns only: "After that" and "This week" point at time, and "Don't mix them up"
// at several things. "The email", "the text" in a short lead-in ("What the email says:") point back
// as "it" does: at the writing the sentence before named ("I emailed Lars").
const REFERS_BACK = new RegExp(`\\b(?:it|its|he|him|his|she|her|the (?:${WRITING}|note|sms|whatsapp))\\b`, "i");
/** A short heading or lead-in with such a pronoun ("What it says", "Here's what she wrote:") is
 *  about what the sentence before it named. */
const refersBack = (text: string) => REFERS_BACK.test(text) && text.split(/\s+/).length <= 6;
interface Walk { out: Statement[]; heading: string; headings: { depth: number; text: string; full: string }[] }

function push(w: Walk, text: string, context: string, kind: StatementKind) {
  const t = decode(text).replace(/[^\S\n]+/g, " ").trim();
  if (!t) return;
  w.out.push({ text: t, context, kind, question: isQuestion(t) });
}

/** Sentences of a paragraph; each opening with a pronoun gets the previous one as context (two,
 *  when the previous one is a short aside). A
 *  short paragraph is also one statement: a person reads "You told her at 13:50. She'll do the
 *  call with Michiko." as one account. */
function prose(w: Walk, text: string, context: string, kind: StatementKind): string {
  return proseRead(w, text, context, kind).last;
}

/** `prose`, also giving the sentence before the last one. */
function proseRead(w: Walk, text: string, context: string, kind: StatementKind, carried = ""): { last: string; before: string } {
  // The first sentence may point back past its paragraph: "I emailed Lars." then "What the email
  // says: ..." (a reply sent as several messages is several paragraphs).
  let previous = carried, before = "";
  const all = sentences(decode(text));
  for (const s of all) {
    // A short aside ("Fiona was thrilled about it.") does not change what "it" is.
    const topic = before && previous.split(" ").length <= 8 ? `${before} ${previous}` : previous;
    const ctx = [context, PRONOUN_START.test(s.toLowerCase()) ? topic : ""].filter(Boolean).join(" :: ");
    push(w, s, ctx, kind);
    before = previous;
    previous = s;
  }
  if (all.length > 1 && all.length <= SECTION_SENTENCES) push(w, all.join(" "), context, "section");
  return { last: previous, before };
}

function list(w: Walk, token: Tokens.List, context: string) {
  // "4417. It's the key safe code" opens a message, not a list numbered from 4417.
  if (token.ordered && token.items.length === 1 && Number(token.start) > 9) {
    prose(w, `${token.start}. ${plain(token.items[0]!.tokens, token.items[0]!.text)}`, context, "sentence");
    return;
  }
  const items: string[] = [];
  for (const item of token.items) {
    const own = item.tokens.filter((t) => t.type !== "list");
    const text = own.map((t) => plain("tokens" in t ? (t.tokens as Token[]) : undefined, "text" in t ? String(t.text) : "")).join("\n").trim();
    const last = prose(w, text, context, "item");
    items.push(text);
    for (const nested of item.tokens.filter((t): t is Tokens.List => t.type === "list")) {
      list(w, nested, [context, last || text].filter(Boolean).join(" :: "));
    }
  }
  // A short list under its lead-in is also one statement, so that "Dinner with Jess:" then
  // "- Friday" and "- 7pm" bind; a long one is a listing, bound item by item.
  if (items.length > 1 && items.length <= SECTION_ITEMS) push(w, items.join("; ").replace(/\n/g, " "), context, "section");
}

const FIELD_CORNER = /^(?:|fields?|details?|items?|what|info)$/i;

function table(w: Walk, token: Tokens.Table, context: string) {
  const header = token.header.map((h) => plain(h.tokens, h.text).trim());
  // Each cell's plain text, read once: the rows and the columns below are two readings of it.
  const grid = token.rows.map((row) => row.map((c) => plain(c.tokens, c.text).trim()));
  const rows: string[] = [];
  let key = "";
  for (const [r, row] of token.rows.entries()) {
    const cells = row.map((_c, i) => {
      let value = grid[r]![i]!;
      // A row whose first cell is empty goes on under the row above's ("Thu 29 Oct | 8am" then
      // " | 2pm"), as a merged cell reads.
      if (i === 0) value = key = value || (row.slice(1).some((o) => o.text.trim()) ? key : "");
      // A first column headed by a day ("Tonight (Tue 6 Oct)") titles the table; a row that gives
      // its own day ("Not tonight: moved to Tue 13 Oct", "Tomorrow: haircut at 5:30pm") is not on it.
      if (i === 0 && DAY_WORD.test(header[0] ?? "") && row.slice(1).some((o) => DAY_WORD.test(o.text))) return value;
      return header[i] && value ? `${header[i]}: ${value}` : value;
    }).filter(Boolean);
    push(w, cells.join("; "), context, "row");
    rows.push(cells.join("; "));
  }
  // A short table is one record read across its rows ("Who: Dr. Park", "Where: 24th & Bryant").
  if (rows.length > 1 && rows.length <= SECTION_ROWS) push(w, rows.join("; "), context, "section");
  // A table whose first column names fields under a blank or generic corner ("| | To Vancouver |
  // Back |" over "Kenji | 21A | 35A" and "Michiko | 21C | 35B") is read down its columns too: each
  // column is one record of its header, as a reader takes it.
  if (header.length > 2 && FIELD_CORNER.test(header[0] ?? "") && token.rows.length > 1 && token.rows.length <= SECTION_ROWS) {
    for (let j = 1; j < header.length; j++) {
      const cells = grid.map((row) => [row[0] ?? "", row[j] ?? ""] as const)
        .filter(([, value]) => value).map(([label, value]) => (label ? `${label}: ${value}` : value));
      if (header[j] && cells.length > 1) push(w, `${header[j]}: ${cells.join("; ")}`, context, "section");
    }
  }
}

/** What stands under a heading, read with it as one statement when it is short. */
function closeHeading(w: Walk, from: number) {
  if (from < 0) return;
  const under = w.out.slice(from + 1).filter((s) => s.kind !== "section");
  if (under.length > 0 && under.length <= SECTION_UNDER_HEADING) {
    w.out.push({ text: under.map((s) => s.text).join("; "), context: bound(w.out[from]!), kind: "section", question: false });
  }
}

function block(w: Walk, tokens: readonly Token[], context: string) {
  let leadIn = "", previous = "";
  let headingAt = -1;
  for (const t of tokens) {
    const ctx = [context, w.heading, leadIn].filter(Boolean).join(" :: ");
    switch (t.type) {
      case "heading": {
        closeHeading(w, headingAt);
        const { depth } = t as Tokens.Heading;
        w.headings = w.headings.filter((h) => h.depth < depth);
        const text = plain((t as Tokens.Heading).tokens, (t as Tokens.Heading).text).trim();
        // The parent's own reading, so "#### Late afternoon" under "### Afternoon" keeps the day.
        const above = w.headings[w.headings.length - 1]?.full ?? "";
        const parent = PART_OF_DAY.test(text) && NAMES_A_DAY.test(above) ? above : "";
        // A short heading with a pronoun ("What it says", "Her reply") is about what the sentence
        // before it named, as a sentence opening with one is.
        const referent = !parent && refersBack(text) ? previous : "";
        w.heading = [parent, referent, text].filter(Boolean).join(" :: ");
        w.headings.push({ depth, text, full: w.heading });
        push(w, text, [context, parent].filter(Boolean).join(" :: "), "heading");
        headingAt = w.out.length - 1;
        leadIn = "";
        break;
      }
      case "paragraph":
      case "text": {
        // A paragraph under a lead-in that ends in a colon is what it introduces: "I posted this in
        // the family group:" then the message's text on its own line.
        const under = /:\s*$/.test(leadIn) ? leadIn : "";
        const read = proseRead(w, plain((t as Tokens.Paragraph).tokens, (t as Tokens.Paragraph).text), [context, w.heading, under].filter(Boolean).join(" :: "), "sentence", previous);
        // A short lead-in with a pronoun ("Here's what it says:", "She wrote:") introduces what the
        // sentence before it named, as such a heading does.
        const referent = /:\s*$/.test(read.last) && refersBack(read.last) ? read.before || previous : "";
        leadIn = [referent, read.last].filter(Boolean).join(" :: ");
        previous = read.last;
        break;
      }
      case "list": list(w, t as Tokens.List, ctx); leadIn = ""; break;
      case "table": table(w, t as Tokens.Table, ctx); leadIn = ""; break;
      case "blockquote": {
        const inner: Walk = { out: [], heading: "", headings: [] };
        block(inner, (t as Tokens.Blockquote).tokens, "");
        for (const s of inner.out) w.out.push({ ...s, context: ctx, kind: "quote" });
        leadIn = "";
        break;
      }
      case "code": push(w, (t as Tokens.Code).text, ctx, "code"); leadIn = ""; break;
      case "html": prose(w, (t as Tokens.HTML).text.replace(/<[^>]*>/g, " "), ctx, "sentence"); break;
      default: break;
    }
  }
  closeHeading(w, headingAt);
}

// A line flush left after a list item, not itself an item, is read as a paragraph of its own, as it
// looks: markdown would carry it on as the item's text ("- Sarah: no reply yet" / "That's 6 guests
// confirmed" sums up the list, it is not said of Sarah).
const LAZY_LINE = /^([ \t]{0,3}(?:[-*+]|\d{1,3}[.)])[ \t]+\S[^\n]*)\n(?=[^\s\-*+>|#\d])/gm;

/** The statements of a message, in reading order, lower-cased after they are found. */
export function statements(message: string): Statement[] {
  const w: Walk = { out: [], heading: "", headings: [] };
  block(w, new Lexer({ gfm: true }).lex(message.replace(LAZY_LINE, "$1\n\n")), "");
  return w.out.map((s) => ({ ...s, text: s.text.toLowerCase(), context: s.context.toLowerCase() }));
}
