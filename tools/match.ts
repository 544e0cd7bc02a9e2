import type { ContactRow } from "../db/schema.js";
import { canonicalPhone, phoneDigits, samePhone, type Region } from "../db/phone.js";

// Search filters are applied in JavaScript over parameterised selects: the agent's text is
// compared as data and never reaches SQL.

function fold(text: string): string {
  // Most text is ASCII, where folding is lower-casing: normalize() is the cost of every search.
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

/** Folded field texts: a search reads the same rows' texts call after call. Bounded: it only
 *  ever holds texts of the loaded scenarios and the agents' queries. */
const foldedTexts = new Map<string, string>();
function foldedText(text: string): string {
  let folded = foldedTexts.get(text);
  if (folded === undefined) {
    if (foldedTexts.size >= 200_000) foldedTexts.clear();
    foldedTexts.set(text, (folded = fold(text)));
  }
  return folded;
}

/** Every word of `query` occurs (case- and accent-insensitively) somewhere in `fields`. */
export function matchesText(query: string, fields: readonly (string | null | undefined)[]): boolean {
  const words = foldedText(query).split(/\s+/);
  return words.every((w) => w === "" || fields.some((f) => f && foldedText(f).includes(w)));
}

/** A text that reads as a phone number ("078-811-5904", "+44 161 496 0123"), not words. */
export function looksLikePhone(text: string): boolean {
  return /^\+?[\d\s().-]{5,}$/.test(text.trim()) && phoneDigits(text).length >= 5;
}

export function fullName(c: Pick<ContactRow, "first_name" | "last_name">): string {
  return c.last_name ? `${c.first_name} ${c.last_name}` : c.first_name;
}

export function contactMatchesName(c: ContactRow, name: string): boolean {
  return matchesText(name, [fullName(c)]);
}

interface DirectoryIndex { phones: Map<string, ContactRow>; emails: Map<string, ContactRow> }

/** Per contacts array (a table version, shared by every read until a write changes it), per region. */
const indexes = new WeakMap<readonly ContactRow[], Map<string, DirectoryIndex>>();

/** Looks up people by phone number and email address, for rendering names beside them. */
export class ContactDirectory {
  /** The protagonist's own card: read for every message rendered, so found once. */
  readonly self: ContactRow | undefined;

  constructor(private readonly contacts: readonly ContactRow[], private readonly region?: Region) {
    this.self = contacts.find((c) => c.is_self);
  }

  /** The first contact with a number or address, by canonical number and lower-cased address:
   *  built once per table version, so rendering m messages costs m lookups, not m scans. */
  private get index(): DirectoryIndex {
    const key = this.region ?? "";
    let byRegion = indexes.get(this.contacts);
    if (!byRegion) indexes.set(this.contacts, (byRegion = new Map()));
    let index = byRegion.get(key);
    if (!index) {
      index = { phones: new Map(), emails: new Map() };
      for (const c of this.contacts) {
        for (const p of c.phone_numbers) {
          const canonical = canonicalPhone(p.number, this.region);
          if (/\d/.test(canonical) && !index.phones.has(canonical)) index.phones.set(canonical, c);
        }
        for (const e of c.emails) {
          const a = e.address.toLowerCase();
          if (!index.emails.has(a)) index.emails.set(a, c);
        }
      }
      byRegion.set(key, index);
    }
    return index;
  }

  byPhone(number: string): ContactRow | undefined {
    if (phoneDigits(number).length === 0) return undefined;
    return this.index.phones.get(canonicalPhone(number, this.region));
  }

  byEmail(address: string): ContactRow | undefined {
    return this.index.emails.get(address.trim().toLowerCase());
  }

  nameForPhone(number: string): string | null {
    const c = this.byPhone(number);
    return c ? fullName(c) : null;
  }

  nameForEmail(address: string): string | null {
    const c = this.byEmail(address);
    return c ? fullName(c) : null;
  }

  /** Contacts whose name matches, for filters that take a person's name. */
  named(name: string): ContactRow[] {
    return this.contacts.filter((c) => contactMatchesName(c, name));
  }

  isSelfPhone(number: string): boolean {
    return this.self?.phone_numbers.some((p) => samePhone(p.number, number, this.region)) ?? false;
  }
}
