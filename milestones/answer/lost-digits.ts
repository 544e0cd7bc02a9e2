import { blankQuotes, type Statement } from "./parse.js";

// An amount that has lost its leading digits: "he owes you 0", "tickets 0 each", "a Lyft up to 0",
// "up to .5m", "a 0k cap". The figure the user reads is false whatever it was meant to be ($70,
// $20, $2.5m, $50k): a pipeline that treats "$7" as a variable, or renders "$...$" as maths, eats
// the currency sign with the digits after it. Nobody writes a real zero amount this way ("nothing",
// "free", "$0"), so such a figure fails the answer wherever it stands, as a wrong today does. Only
// these shapes are read: a bare fraction or a zero with a magnitude, a zero per unit, and a zero
// after a verb or noun of paying.

const BARE = "(?<![\\w$£€¥.,])";
const NOT_A_MEASURE = "(?![.,]\\d|[\\d:%°]|\\s*(?:%|percent|degrees?|min|minutes?|hours?|hrs?|days?|weeks?|months?|years?|km|miles?|kg|am|pm|[ap]\\.m\\.)\\b)";
const SHAPES = [
  // ".5m", ".5 million": a fraction of a million with no units digit.
  new RegExp(`${BARE}\\.\\d+\\s?(?:k|m|bn|million|billion)\\b`, "i"),
  // "0k", "0.0M", "0bn"
  new RegExp(`${BARE}0(?:\\.0+)?\\s?(?:k|m|bn|million|billion)\\b`, "i"),
  // "0 each", "0 per ticket", "0 plus tax"
  new RegExp(`${BARE}0 (?:each|apiece|a head|per (?:person|ticket|head|night)|plus tax|\\+ tax)\\b(?! way)`, "i"),
  // "up to 0", "owes you 0", "paid 0", "a cap of 0"
  new RegExp(`\\b(?:up to|owes?(?: (?:you|me|him|her|them|us))?(?: the)?|costs?|costing|paid|charged?|priced at|(?:refund|fee|cap|deposit|total|balance) of|capped at)\\s+0${NOT_A_MEASURE}`, "i"),
];

export interface LostDigits { said: string; statement: string }

/** The first statement giving an amount whose leading digits are gone. Quotes and code are someone
 *  else's words. */
export function lostDigits(statements: readonly Statement[]): LostDigits | null {
  for (const s of statements) {
    if (s.kind === "quote" || s.kind === "code") continue;
    const text = blankQuotes(s.text);
    for (const re of SHAPES) {
      const m = re.exec(text);
      if (m) return { said: m[0].trim(), statement: s.text };
    }
  }
  return null;
}
