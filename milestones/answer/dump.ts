import type { Statement } from "./parse.js";

// A dump is no answer, whatever its length: raw records (JSON, "field: value" lines, record ids,
// ISO timestamps) or a listing of records far longer than any question here asks for. A long,
// correct answer in prose, bullets or a table is not a dump.

const RAW_MARKS: readonly [string, RegExp][] = [
  ["JSON", /[{[]\s*"[^"]+"\s*:|"[a-z_]+"\s*:\s*["\d[{tfn]/],
  ["ISO timestamp", /\b\d{4}-\d{2}-\d{2}t\d{2}:\d{2}/],
  ["record id", /\b(?:ct|evt|em|sms|wa|call|thr|msg|conv|draft)_[a-z0-9_]{3,}\b/],
  ["field: value line", /(?:^|\n|;\s)[a-z]+_[a-z_]+\s*[:=]\s*\S/],
];

// A message as a transcript shows it: its time, its sender, a colon ("8:15pm diego: ...", "10:20 you: ...").
const TRANSCRIPT_LINE = /^(?:[a-z]{3}\s+\d{1,2}\s+[a-z]{3},?\s+)?\d{1,2}[:.]\d{2}\s*(?:am|pm|a\.m\.|p\.m\.)?\s*[-\u2013\u2014]?\s*(?:you|me|[a-z][\p{L}.'-]*(?:\s[a-z][\p{L}.'-]*)?)\s*:\s/u;
/** Fewest such lines that make a reply a transcript (and at least half its statements). */
const MIN_TRANSCRIPT = 6;

/** Longest listing of records an answer may be: a question here needs a handful. */
export const MAX_RECORD_ITEMS = 24;

export interface DumpReading { reason: string; statements: number }

export function readDump(message: string, statements: readonly Statement[], maxItems = MAX_RECORD_ITEMS): DumpReading | null {
  const raw = statements.filter((s) => RAW_MARKS.some(([, re]) => re.test(s.text)));
  const marks = RAW_MARKS.filter(([, re]) => re.test(message)).map(([name]) => name);
  const jsonKeys = (message.match(/"[a-z_]+"\s*:/g) ?? []).length;
  if (jsonKeys >= 6 || (raw.length >= 3 && raw.length >= statements.length / 4)) {
    return { reason: `raw records, not an answer (${marks.join(", ")} in ${raw.length} of ${statements.length} statements)`, statements: raw.length };
  }
  // A transcript pasted as the reply: "8:15pm Diego: Dr. Lena Park at ...", line after line.
  const said = statements.filter((s) => s.kind !== "section" && s.kind !== "heading");
  const transcript = said.filter((s) => TRANSCRIPT_LINE.test(s.text));
  if (transcript.length >= MIN_TRANSCRIPT && transcript.length >= said.length / 2) {
    return { reason: `a transcript of ${transcript.length} messages, not an answer`, statements: transcript.length };
  }
  const listing = statements.filter((s) => s.kind === "item" || s.kind === "row");
  if (listing.length > maxItems) {
    return { reason: `a listing of ${listing.length} records, not an answer (at most ${maxItems} list items or table rows)`, statements: listing.length };
  }
  return null;
}
