import { z } from "zod";

// Argument shapes shared by several tools, each with a description a model can act on.

export const isoTime = (what: string) => z.string().min(1).describe(
  `${what}, ISO 8601 date-time, e.g. "2026-03-14T19:00:00"; without an offset it is read in the user's time zone; a date alone ("2026-03-14") means that whole day`,
);

export const timeFrom = isoTime("Only items at or after this time").optional();
export const timeTo = isoTime("Only items at or before this time").optional();

export const phoneNumber = z.string().min(3).describe(
  'Phone number in any format, e.g. "+1 415 555 0134"; numbers match by their digits',
);

export const textQuery = z.string().regex(/\S/, "must contain at least one word").optional().describe(
  "Words to look for; every word must appear (case-insensitive) in the searchable fields",
);

export const personName = z.string().min(1).optional().describe(
  "A contact's name or part of it (\"Jess\" matches \"Jessica Moore\"); matches their numbers or addresses",
);

/** A modify tool's text field: absent keeps the old value, "" clears it. */
export function orCleared(value: string | undefined, before: string | null): string | null {
  if (value === undefined) return before;
  return value === "" ? null : value;
}

export const id = (what: string) => z.string().min(1).describe(`The ${what} id, as returned by a search or get_all tool`);
