import { blankQuotes, type Statement } from "./parse.js";
import { MONTH, MONTHS, WEEKDAY, WEEKDAYS } from "./today.js";

// A weekday written with a date it does not fall on: "the party is Saturday 21 December" when the
// 21st is a Monday. Whichever half the user goes by, one of them is false, so such a statement
// fails the answer wherever it stands, a side remark as much as the fact asked for. Only a weekday
// written beside a day and a month name is read ("Sat 21 Dec", "Saturday, December 21st"); a
// date in slashes may be read day-first or month-first, and words in quotation marks are someone
// else's.

const YEAR = "(?:,?\\s+((?:19|20)\\d\\d)\\b)?";
const DAY_MONTH = new RegExp(`\\b${WEEKDAY}\\.?,?\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}(?![a-z])${YEAR}`, "g");
const MONTH_DAY = new RegExp(`\\b${WEEKDAY}\\.?,?\\s+${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?![\\d:.])${YEAR}`, "g");

export interface WrongWeekday { said: string; statement: string; weekday: string }

/** The year a day and month without one is read in: the one that puts it nearest the reference. */
function nearestYear(month: number, day: number, reference: number): number {
  const year = new Date(reference).getUTCFullYear();
  return [year - 1, year, year + 1].reduce((best, y) =>
    Math.abs(Date.UTC(y, month, day) - reference) < Math.abs(Date.UTC(best, month, day) - reference) ? y : best);
}

/** The first statement naming a weekday beside a date that falls on another weekday. `localDate`
 *  (YYYY-MM-DD) is the protagonist's date when the answer was written. */
export function wrongWeekday(statements: readonly Statement[], localDate: string): WrongWeekday | null {
  const reference = Date.parse(`${localDate}T00:00:00Z`);
  for (const s of statements) {
    if (s.kind === "quote" || s.kind === "code" || s.kind === "section") continue;
    const text = blankQuotes(s.text);
    for (const [re, dayFirst] of [[DAY_MONTH, true], [MONTH_DAY, false]] as const) {
      for (const m of text.matchAll(re)) {
        const day = Number(dayFirst ? m[2] : m[3]);
        const month = MONTHS.indexOf((dayFirst ? m[3] : m[2])!.slice(0, 3));
        const year = m[4] ? Number(m[4]) : nearestYear(month, day, reference);
        const date = new Date(Date.UTC(year, month, day));
        if (date.getUTCMonth() !== month) continue; // "31 Nov" is no date
        const named = WEEKDAYS.findIndex((w) => w.startsWith(m[1]!.slice(0, 3)));
        if (date.getUTCDay() !== named) {
          return { said: m[0].trim(), statement: s.text, weekday: date.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }) };
        }
      }
    }
  }
  return null;
}
