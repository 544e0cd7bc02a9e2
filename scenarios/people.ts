import type { ProtagonistFile } from "./protagonist-format.js";
import type { Handles } from "../milestones/answer/actions.js";

// The names that name a person of the data, for `{"person": id}` checks: the full name, and the
// first name, the last name (and a double family name's first word, "Fernández" of "Fernández
// Ortega") where no other contact has it: "Jo" names neither of two Jos.

/** Each contact's numbers and addresses (the owner's own left out): whom a message or call that
 *  an answer reports must have reached. */
export function peopleHandles(p: ProtagonistFile): Handles {
  return new Map(p.contacts.filter((c) => !c.is_self).map((c) => [c.id, [
    ...c.phone_numbers.map((n) => n.number), ...(c.emails ?? []).map((e) => e.address.toLowerCase()),
  ]]));
}

export function peopleNames(p: ProtagonistFile): ReadonlyMap<string, readonly string[]> {
  const forms = p.contacts.map((c) => {
    const first = c.first_name.trim(), last = c.last_name?.trim() ?? "";
    const full = last ? `${first} ${last}` : first;
    const parts = last ? [first, last, ...(last.includes(" ") ? [last.split(" ")[0]!] : [])] : [];
    return { id: c.id, full, parts: parts.filter((n) => n.length >= 2 && n !== full) };
  });
  const holders = new Map<string, number>();
  for (const f of forms) for (const n of new Set([f.full, ...f.parts].map((x) => x.toLowerCase()))) holders.set(n, (holders.get(n) ?? 0) + 1);
  return new Map(forms.map((f) => [f.id, [f.full, ...f.parts.filter((n) => holders.get(n.toLowerCase()) === 1)]]));
}
