// Text helpers shared by the comparisons and the reply constraints.

/** Case- and space-insensitive form: NFKC, lower case, runs of white space as one space, trimmed. */
export function normalizeText(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

const ALNUM = /[\p{L}\p{N}]/u;
const DIGIT = /\p{N}/u;
// A number may carry an ordinal or a clock suffix: "17" is in "the 17th", "7" in "7pm".
const NUMBER_SUFFIX = /^(st|nd|rd|th|am|pm)(?![\p{L}\p{N}])/u;

/** Whether `needle` occurs in `haystack` (both already normalized) as whole words: a needle that
 *  starts or ends with a letter or digit must not be glued to another one, so "3" is not found in
 *  "13" and "Jess" is not found in "Jessica", while "Jess" is found in "Jess's". A needle ending in
 *  a digit may be followed by an ordinal or am/pm suffix ("17" is found in "17th", "7" in "7pm"). */
export function includesWords(haystack: string, needle: string): boolean {
  return wordOccurrences(haystack, needle).length > 0;
}

/** Character offsets of every whole-word occurrence of `needle` in `haystack` (see includesWords). */
export function wordOccurrences(haystack: string, needle: string): number[] {
  if (needle.length === 0) return [0];
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1];
    const after = haystack[at + needle.length];
    const startOk = !ALNUM.test(needle[0]!) || before === undefined || !ALNUM.test(before);
    const last = needle[needle.length - 1]!;
    const endOk = !ALNUM.test(last) || after === undefined || !ALNUM.test(after) ||
      (DIGIT.test(last) && NUMBER_SUFFIX.test(haystack.slice(at + needle.length)));
    if (startOk && endOk) found.push(at);
  }
  return found;
}

// "hasn't actually confirmed", "can't really tell", "not yet replied": an adverb inside a negation
// leaves the phrase or cue it stands in. One list, for facts and reply cues alike.
export const NEGATION = String.raw`[a-z]+n't|not|never|cannot`;
export const INNER_ADVERB = "actually|really|yet|fully|properly|formally|officially|definitely|explicitly|specifically|exactly|clearly|quite|already|ever|even";
