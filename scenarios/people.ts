import type { ProtagonistFile } from "./protagonist-format.js";
import type { Handles } from "../milestones/answer/actions.js";

// The names that name a person of the data, for `{"person": id}` checks: the full name, and the
// first name, the last name (and a double family name's first word, "Fernández" of "Fernández
// Ortega") where no other contact has it: "Jo" names neither of two Jos.

/** Each contact's numbers and addresses (the owner's own left out): whom a message or call that
 *  an answer reports must have reached. Besides the card's, the addresses they wrote from: under
 *  their name, or at a domain of their card no other card has (Bloque Sur writing from
 *  inscripciones@bloquesur.mx, its card holding hola@bloquesur.mx; not gmail.com). */
export function peopleHandles(p: ProtagonistFile): Handles {
  const domain = (a: string) => a.slice(a.lastIndexOf("@") + 1).toLowerCase();
  const holders = new Map<string, Set<string>>();
  for (const c of p.contacts) for (const e of c.emails ?? []) (holders.get(domain(e.address)) ?? holders.set(domain(e.address), new Set()).get(domain(e.address))!).add(c.id);
  return new Map(p.contacts.filter((c) => !c.is_self).map((c) => {
    const full = [c.first_name, c.last_name].filter(Boolean).join(" ").trim().toLowerCase();
    const own = new Set((c.emails ?? []).map((e) => domain(e.address)).filter((d) => holders.get(d)?.size === 1));
    const wroteFrom = p.emails.filter((e) => e.from_name?.trim().toLowerCase() === full || own.has(domain(e.from))).map((e) => e.from.toLowerCase());
    return [c.id, [...new Set([...c.phone_numbers.map((n) => n.number), ...(c.emails ?? []).map((e) => e.address.toLowerCase()), ...wroteFrom])]];
  }));
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
