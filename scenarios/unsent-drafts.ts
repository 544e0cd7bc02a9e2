import { instantOf } from "../db/time.js";
import type { DistractorSpec } from "../milestones/spec.js";
import type { ProtagonistFile } from "./protagonist-format.js";
import { peopleNames } from "./people.js";

// A draft is not a sent email, for the user as for the agent: at a scenario's reference time, an
// email the user drafted to someone they have never sent one to makes "you emailed Fujii-san" (or
// "you've already replied to Keiko") a false claim about the user's own doing, whatever the
// question was. Generated from the data like the stale values, one distractor per such person.

const PEOPLE = ["you", "you've", "you have", "you'd", "you had"];
const ADVERBS = ["", "already ", "also "];
const VERBS = ["emailed", "e-mailed", "replied to", "wrote to", "written to", "sent an email to", "sent the email to", "sent it to", "asked"];
// ...or said of the person: "Fujii-san's been told", "Keiko has already been emailed".
const PASSIVE = ["been told", "been emailed", "been informed", "been notified"].flatMap((v) => ADVERBS.map((a) => `${a}${v}`));
const CLAIMS = [...PEOPLE.flatMap((p) => ADVERBS.flatMap((a) => VERBS.map((v) => `${p} ${a}${v}`))), ...PASSIVE];

/** Claims that the user emailed a person they have only a draft to, at `referenceTime`. */
export function unsentDrafts(protagonist: ProtagonistFile, referenceTime: string): DistractorSpec[] {
  const zone = protagonist.timezone;
  const now = instantOf(referenceTime, zone);
  const before = (t: string) => instantOf(t, zone) <= now;
  const self = new Set(protagonist.contacts.filter((c) => c.is_self).flatMap((c) => (c.emails ?? []).map((e) => e.address.toLowerCase())));
  const sentTo = new Set(protagonist.emails.filter((e) => e.folder === "sent" && before(e.time)).flatMap((e) => [...e.to, ...e.cc]).map((a) => a.toLowerCase()));
  const drafted = new Set(protagonist.emails.filter((e) => e.folder === "drafts" && before(e.time)).flatMap((e) => e.to).map((a) => a.toLowerCase()));
  const names = peopleNames(protagonist);
  const out: DistractorSpec[] = [];
  for (const address of drafted) {
    if (sentTo.has(address) || self.has(address)) continue;
    const contact = protagonist.contacts.find((c) => (c.emails ?? []).some((e) => e.address.toLowerCase() === address));
    // An organisation is named by what it is to the user too: "mother's care home" is "your mum's care home".
    const role = /'s\s+(.+)$/.exec(contact?.relationship ?? "")?.[1];
    const named = contact ? [...(names.get(contact.id) ?? []), ...(role && role.includes(" ") ? [role] : [])] : [];
    if (named.length === 0) continue;
    out.push({ about: [[...named]], value: CLAIMS, unsourced: true });
  }
  return out;
}
