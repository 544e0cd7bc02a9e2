import type { Statement } from "./parse.js";

// The yes or no an answer opens with. "Did the book ever turn up?" "Not yet, by the look of it.
// ... a courier text came in on Friday" answers no, whatever words of arrival follow; a check that
// wants "yes" (or one of its words) is then contradicted by the opening, not met by a later "came".
// Only a verdict standing alone at the start is read: "No," "Nope." "Not yet" "Not completely"
// "Yes -" "Yep!". "No clashes tomorrow" and "No new messages" name what there is none of, and "Yes"
// inside a sentence may be someone's reply ("Bev said yes").

export type Verdict = "yes" | "no";

const NO = /^(?:no|nope|nah)(?:\s*[,.!;:\u2013\u2014-]|$)|^not\s+(?:yet|quite|completely|fully|entirely|really|as far as i can (?:see|tell))\b/;
const YES = /^(?:yes|yeah|yep|yup)(?:\s*[,.!;:\u2013\u2014-]|$)/;

export interface OpeningVerdict { verdict: Verdict; statement: string }

/** The verdict of the first statement of the reply, when it opens with one. A title heading gives no
 *  verdict of its own ("## Your flight home tonight"): then the first statement under it is read
 *  ("**Yes, that's right.**"); a heading that opens with one gives it ("## Yes, 9 AM again"). */
export function openingVerdict(statements: readonly Statement[]): OpeningVerdict | null {
  for (const s of statements) {
    if (s.kind === "code" || s.kind === "quote" || s.kind === "section" || s.question) continue;
    const text = s.text.replace(/^[\s*_>#"'(]+/, "");
    if (NO.test(text)) return { verdict: "no", statement: s.text };
    if (YES.test(text)) return { verdict: "yes", statement: s.text };
    if (s.kind !== "heading") return null;
  }
  return null;
}

/** The verdict a check's words ask for: "yes" among them asks for a yes, "no" for a no. */
export function verdictAsked(words: readonly string[]): Verdict | null {
  if (words.includes("yes")) return "yes";
  if (words.includes("no")) return "no";
  return null;
}
