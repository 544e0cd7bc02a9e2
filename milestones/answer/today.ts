import type { Statement } from "./parse.js";

// What an answer says today is: "Tonight (Tuesday 3 November) ...", "today is Sunday", "It's
// Sunday today", "It's Sunday now". An answer that puts itself on the wrong day stands on it
// whole (its "tonight", "tomorrow" and "this week" all shift), so a wrong today fails the answer,
// whatever scenario it answers. Only these explicit forms are read: "It's Sunday" alone may name
// when an event is.

// The calendar's words as an answer writes them (also read by `weekdays.ts`), lower-cased.
export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
export const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
export const WEEKDAY = "(sun|mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?)(?:day)?";
export const MONTH = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?";
// "today is Sunday", "today (Tuesday 3 November)", "tonight, Tue 3 Nov,", "today: Monday",
// "today (Wed 10/28)". A bracket must hold the day alone: in "Diego proposed today (Wed the 11th
// at 8 pm)" it gives what was proposed.
const DATE_TAIL = `(?:,?\\s+(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)?(?:\\s+(?:of\\s+)?${MONTH})?|,?\\s+${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?|\\s+\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?)?`;
// "today is X" and "today (X)" name today; after a comma or colon a date must follow the weekday
// ("today, Wed 11 Nov,"): "free tonight, Saturday and Sunday" lists days.
const TODAY = "\\b(?:today|tonight|this (?:morning|afternoon|evening))\\s*";
const SAID_TODAY = [
  new RegExp(`${TODAY}(?:is\\s+|\\((?=[^)]*\\))\\s*)${WEEKDAY}\\b(${DATE_TAIL})(?=\\s*(?:[).,;:!]|$))`),
  new RegExp(`${TODAY}[,:]\\s*${WEEKDAY}\\b(${DATE_TAIL.replace(/\)\?$/, ")")})(?=\\s*(?:[).,;:!]|$))`),
  // "It's Sunday today" and "It's Sunday now": the day named outright as today's. "The party?
  // It's Saturday, so you still have today" names when an event is.
  new RegExp(`^(?:it's|it is)\\s+${WEEKDAY}\\s+(?:today|now)\\b()`),
];

const WHEN_DONE = /(?:\d(?:\s*(?:am|pm|a\.m\.|p\.m\.))?|\b(?:earlier|later|already|just))\s+$/;
// "The party from Keiko's email today is Tuesday 15 December": "today" dates a writing, and what
// "is" that day is the thing the sentence names.
const WRITING_TODAY = /\b(?:e-?mails?|texts?|messages?|whatsapps?|sms|calls?|notes?|replies|reply|posts?|updates?|letters?|invites?|invitations?|confirmations?|chats?|news)\s+$/;

export interface WrongToday { said: string; statement: string; today: string }

/** The first statement that names a day other than `localDate` (YYYY-MM-DD, the protagonist's
 *  date when the answer was written) as today. Questions and quotes say nothing. */
export function wrongToday(statements: readonly Statement[], localDate: string): WrongToday | null {
  const [y, m, d] = localDate.split("-").map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
  const today = `${weekday} ${d} ${MONTHS[m - 1]}`;
  for (const s of statements) {
    if (s.question || s.kind === "quote" || s.kind === "code" || s.kind === "section") continue;
    const said = SAID_TODAY.map((re) => re.exec(s.text)).find((m) => m !== null);
    if (!said) continue;
    // "Yamato confirmed it at 12:14 today: Wednesday 11 November, 19:00-21:00": "today" dates the
    // confirming, and the colon brings what was confirmed.
    if (WHEN_DONE.test(s.text.slice(0, said.index)) || WRITING_TODAY.test(s.text.slice(0, said.index))) continue;
    const named = WEEKDAYS.find((w) => w.startsWith(said[1]!.slice(0, 3)))!;
    let wrong = named !== weekday;
    const tail = said[2] ?? "";
    // "10/28" or "28/10": wrong only when neither reading is today.
    const slash = /(\d{1,2})\/(\d{1,2})/.exec(tail);
    if (slash) {
      const [a, b] = [Number(slash[1]), Number(slash[2])];
      if (!((a === m && b === d) || (a === d && b === m))) wrong = true;
      if (wrong) return { said: said[0].trim(), statement: s.text, today };
      continue;
    }
    const dm = /(\d{1,2})(?:st|nd|rd|th)?(?:\s+(?:of\s+)?([a-z]{3}))?/.exec(tail);
    const md = new RegExp(`^,?\\s+${MONTH}\\s+(\\d{1,2})`).exec(tail);
    const day = md ? Number(md[2]) : dm ? Number(dm[1]) : undefined;
    const month = md ? md[1] : dm?.[2];
    if (day !== undefined && day !== d) wrong = true;
    if (month !== undefined && MONTHS.indexOf(month) >= 0 && MONTHS.indexOf(month) !== m - 1) wrong = true;
    if (wrong) return { said: said[0].trim(), statement: s.text, today };
  }
  return null;
}
