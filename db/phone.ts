import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

// Phone numbers as people write them: "+81 78-811-5904", "078-811-5904", "(078) 811 5904" and
// "+81788115904" are one number in Japan. libphonenumber-js parses each, with the protagonist's
// country as the region for numbers written without a country code, into E.164; two numbers are
// the same when their E.164 forms are. What it cannot parse (short codes, typos) is compared by
// its digits.

export type Region = CountryCode;

// Parsing costs microseconds and the same few numbers are compared over and over (every message
// rendered looks its sender up), so parses are remembered; the cache is bounded and pure.
const cache = new Map<string, string>();
const CACHE_LIMIT = 50_000;

/** E.164 ("+81788115904") when the number parses as a possible number, else its digits. */
export function canonicalPhone(number: string, region?: Region): string {
  const key = `${region ?? ""}|${number}`;
  let value = cache.get(key);
  if (value === undefined) {
    const parsed = parsePhoneNumberFromString(withoutLegacyPrefix(number, region), region ? { defaultCountry: region } : undefined);
    value = parsed?.isPossible() ? parsed.number : phoneDigits(number);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, value);
  }
  return value;
}

/** Mexico dropped its mobile "1" after +52 and its 01/044/045 dialling prefixes in 2019-2020, but
 *  people and old contact cards still write them; the current metadata no longer knows them. */
function withoutLegacyPrefix(number: string, region: Region | undefined): string {
  const t = number.trim();
  if (/^\+\s*52[\s.-]*1[\s.-]*\d{2}/.test(t)) return t.replace(/^\+\s*52[\s.-]*1/, "+52 ");
  if (region === "MX" && /^0(1|44|45)[\s.-]*\d/.test(t)) return t.replace(/^0(1|44|45)/, "");
  return t;
}

export function phoneDigits(number: string): string {
  return number.replace(/\D/g, "");
}

export function samePhone(a: string, b: string, region?: Region): boolean {
  const ca = canonicalPhone(a, region);
  return ca.replace(/\D/g, "").length > 0 && ca === canonicalPhone(b, region);
}

/** The country of an international number ("+81 ..." -> "JP"), for the protagonist's region. */
export function regionOfNumber(number: string): Region | undefined {
  return parsePhoneNumberFromString(number)?.country;
}

/** The protagonist's region: the data's `country` when given, else the country of the
 *  protagonist's own number. */
export function protagonistRegion(data: { country?: string; contacts: readonly { is_self?: boolean; phone_numbers: readonly { number: string }[] }[] }): Region | undefined {
  if (data.country) return data.country as Region;
  const self = data.contacts.find((c) => c.is_self);
  for (const p of self?.phone_numbers ?? []) {
    const region = regionOfNumber(p.number);
    if (region) return region;
  }
  return undefined;
}
