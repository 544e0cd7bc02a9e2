// Phone numbers are compared by their digits, allowing a missing country prefix:
// "+1 (415) 555-0134", "415-555-0134" and "14155550134" are the same number.
export function phoneDigits(number: string): string {
  return number.replace(/\D/g, "");
}

export function samePhone(a: string, b: string): boolean {
  const da = phoneDigits(a);
  const db = phoneDigits(b);
  if (da.length < 5 || db.length < 5) return da === db;
  if (da === db) return true;
  const [shorter, longer] = da.length < db.length ? [da, db] : [db, da];
  return shorter.length >= 7 && longer.endsWith(shorter);
}
