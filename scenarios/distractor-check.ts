import { DateTime } from "luxon";
import type { Fault } from "./json-schema.js";
import type { ProtagonistFile } from "./protagonist-format.js";
import type { ScenarioFile } from "./scenario-format.js";
import type { Value } from "../milestones/answer/values.js";
import { sameValue } from "../milestones/answer/values.js";
import { compileDistractor, normalize, type Group } from "../milestones/answer/facts.js";
import { wordOccurrences } from "../milestones/text.js";
import { protagonistRegion } from "../db/phone.js";
import { instantOf } from "../db/time.js";
import { currentStart } from "./stale-values.js";
import { leafConstraints, type Constraint } from "../milestones/spec.js";

// A distractor is a value that is wrong about its subject. One that equals what the data holds
// for that subject at the reference time (the event's start, the contact's number) would fail a
// correct answer: validate refuses it, unless the distractor says the record is outdated (a later
// message changed what the calendar still holds). The subject is read the way the scorer reads
// it, as phrases every one of which must be named: here, in the event's title or the contact's name.

const named = (text: string, about: readonly Group[]) => {
  const t = normalize(text);
  return about.every((g) => g.alternatives.some((a) => a.words !== "" && wordOccurrences(t, a.words).length > 0));
};

/** What the data holds at `now` for the records a subject names: events' start times and days,
 *  contacts' numbers. The values are worked out only for records a distractor names (luxon's
 *  zone-aware parse is most of a catalog load's time otherwise). */
function subjects(p: ProtagonistFile, now: DateTime): { name: string; title: string; values: () => Value[] }[] {
  const zone = p.timezone;
  const nowMs = now.toMillis();
  const out: { name: string; title: string; values: () => Value[] }[] = [];
  for (const e of p.calendar_events) {
    if (e.created && instantOf(e.created, zone) > nowMs) continue;
    const values = (): Value[] => {
      const start = DateTime.fromISO(currentStart(e, now, zone), { zone });
      const day: Value = { type: "date", known: { year: start.year, month: start.month, day: start.day, weekday: start.weekday }, implied: { year: start.year, month: start.month, day: start.day } };
      return e.all_day ? [day] : [day, { type: "time", hour: start.hour, minute: start.minute, meridiemKnown: true }];
    };
    out.push({ name: `event ${e.id} "${e.title}"`, title: e.title, values });
  }
  for (const c of p.contacts) {
    if (c.created && instantOf(c.created, zone) > nowMs) continue;
    const values: Value[] = c.phone_numbers.map((n) => ({ type: "phone", digits: n.number.replace(/\D/g, ""), raw: n.number }));
    const name = [c.first_name, c.last_name].filter(Boolean).join(" ");
    if (values.length > 0) out.push({ name: `contact ${c.id} "${name}"`, title: name, values: () => values });
  }
  return out;
}

/** Distractors with a subject that equal a value the data holds for that subject at the
 *  scenario's reference time. */
export function checkDistractorsAgainstData(file: string, s: ScenarioFile, p: ProtagonistFile): Fault[] {
  const zone = p.timezone;
  const now = DateTime.fromISO(s.reference_time, { zone });
  if (!now.isValid) return [];
  const ref = { time: now.toISO()!, region: protagonistRegion(p) };
  let records: ReturnType<typeof subjects> | undefined;
  const faults: Fault[] = [];
  const check = (constraints: readonly Constraint[], at: string) => leafConstraints(constraints).forEach(({ c, path }) => {
    if (c.kind !== "response" && c.kind !== "refusal") return;
    (c.distractors ?? []).forEach((spec, k) => {
      if (typeof spec === "string" || Array.isArray(spec) || !("value" in spec) || !spec.about?.length || spec.record_outdated) return;
      const d = compileDistractor(spec, ref);
      for (const r of (records ??= subjects(p, now))) {
        if (!named(r.title, d.about)) continue;
        const values = r.values();
        // A value the distractor excepts is the right one ({"any": "time"} except 08:00).
        const excepted = (v: Value) => d.except?.alternatives.some((a) => a.value && a.value.type === v.type && sameValue(a.value, v)) ?? false;
        const hit = d.value.alternatives.find((a) => a.value && values.some((v) => v.type === a.value!.type && !excepted(v) && sameValue(a.value!, v)));
        if (hit) {
          faults.push({ file, pointer: `${at}/constraints/${path}/distractors/${k}`,
            message: `"${hit.words.trim() || d.label}" is what ${r.name} holds at the reference time: a correct answer would give it` });
          return;
        }
      }
    });
  });
  s.milestones.nodes.forEach((node, i) => check(node.constraints, `/milestones/nodes/${i}`));
  (s.minefields?.nodes ?? []).forEach((node, i) => check(node.constraints, `/minefields/nodes/${i}`));
  return faults;
}
