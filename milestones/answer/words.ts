const WORDS = new Intl.Segmenter("und", { granularity: "word" });

/** Words as Unicode segments them: a run of Japanese text or of ids joined by "_" is many words. */
export function wordCount(text: string): number {
  let n = 0;
  for (const s of WORDS.segment(text)) if (s.isWordLike) n++;
  return n;
}
