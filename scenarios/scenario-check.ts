import type { ProtagonistFile } from "./protagonist-format.js";
import type { ScenarioFile } from "./scenario-format.js";
import type { Fault } from "./json-schema.js";
import { parseTime } from "../db/time.js";
import { TOOL_NAMES } from "../tools/registry.js";
import { checkScoringSpec } from "../milestones/index.js";
import { checkProtagonist } from "./protagonist-check.js";
import { applyOverrides } from "../db/snapshot.js";
import { checkDistractorsAgainstData } from "./distractor-check.js";

type Records = { id: string }[] | undefined;
interface Sections {
  contacts?: Records; calendar_events?: Records; emails?: Records; calls?: Records;
  sms?: { conversations?: Records; messages?: Records } | undefined;
  whatsapp?: { chats?: Records; messages?: Records } | undefined;
}

/** Ids of the records in a protagonist's data, or in a scenario's overrides (same sections). */
function idsOf(d: Sections): string[] {
  return [d.contacts, d.calendar_events, d.emails, d.sms?.conversations, d.sms?.messages,
    d.whatsapp?.chats, d.whatsapp?.messages, d.calls].flatMap((list) => (list ?? []).map((r) => r.id));
}

/** Ids of every record of a protagonist, plus those a scenario's overrides add. */
export function recordIds(p: ProtagonistFile, s?: ScenarioFile): Set<string> {
  return new Set([...idsOf(p), ...idsOf(s?.state_overrides?.add ?? {})]);
}

/** The records a scenario's state overrides add get the checks the protagonist's own records
 *  get (times, references, participants), by checking the protagonist's data with them merged;
 *  a fault is reported at the override's own pointer where it can be traced there. */
function checkOverrides(file: string, s: ScenarioFile, p: ProtagonistFile): Fault[] {
  if (!s.state_overrides) return [];
  const merged = applyOverrides(p, s.state_overrides);
  const faults = checkProtagonist(file, { ...p, ...merged, story_events: [], social_network: [] });
  const added = new Set(idsOf(s.state_overrides.add ?? {}));
  const relevant = faults.filter((f) => {
    const [, section, sub, index] = f.pointer.split("/");
    const list = section === "sms" || section === "whatsapp"
      ? (merged[section] as unknown as Record<string, { id: string }[]>)[sub!]
      : (merged as unknown as Record<string, { id: string }[]>)[section!];
    const i = Number(section === "sms" || section === "whatsapp" ? index : sub);
    const row = Number.isInteger(i) ? list?.[i] : undefined;
    return row !== undefined && added.has(row.id);
  });
  return relevant.map((f) => ({ ...f, pointer: `/state_overrides/add${f.pointer}`, message: `${f.message} (in the merged data)` }));
}

/** Every `{"person": id}` value of the scoring spec, with its JSON pointer. */
function personReferences(s: ScenarioFile): [string, string][] {
  const out: [string, string][] = [];
  const walk = (v: unknown, at: string): void => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}/${i}`));
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (Object.keys(o).length === 1 && typeof o.person === "string") out.push([`${at}/person`, o.person]);
      else for (const [k, x] of Object.entries(o)) walk(x, `${at}/${k}`);
    }
  };
  walk(s.milestones, "/milestones");
  walk(s.minefields, "/minefields");
  return out;
}

/** Checks of one scenario that need no replay: names, references, times. */
export function checkScenario(file: string, s: ScenarioFile, p: ProtagonistFile): Fault[] {
  const faults: Fault[] = [];
  const fault = (pointer: string, message: string) => faults.push({ file, pointer, message });
  if (s.protagonist !== p.id) fault("/protagonist", `is "${s.protagonist}" but the file is in ${p.id}'s folder`);

  let now;
  try {
    now = parseTime(s.reference_time, p.timezone);
  } catch {
    fault("/reference_time", `${s.reference_time} is not a real date and time`);
    return faults;
  }
  faults.push(...checkOverrides(file, s, p));
  const start = parseTime(p.data_window.start, p.timezone).startOf("day");
  const end = parseTime(p.data_window.end, p.timezone).endOf("day");
  if (now < start || now > end) fault("/reference_time", `${s.reference_time} is outside ${p.id}'s data window ${p.data_window.start}..${p.data_window.end}`);

  const known = new Set(TOOL_NAMES);
  const allowed = new Set(s.tools ?? TOOL_NAMES);
  (s.tools ?? []).forEach((t, i) => { if (!known.has(t)) fault(`/tools/${i}`, `unknown tool "${t}"`); });
  const checkSteps = (steps: ScenarioFile["gold_trajectory"], at: string) => steps.forEach((step, i) => {
    if ("tool" in step && !allowed.has(step.tool)) {
      fault(`${at}/${i}/tool`, known.has(step.tool) ? `"${step.tool}" is not in the scenario's tool allow-list` : `unknown tool "${step.tool}"`);
    }
  });
  checkSteps(s.gold_trajectory, "/gold_trajectory");
  s.negative_trajectories.forEach((n, i) => checkSteps(n.steps, `/negative_trajectories/${i}/steps`));

  const ids = recordIds(p, s);
  const contacts = new Set([...p.contacts, ...(s.state_overrides?.add?.contacts ?? [])].map((c) => c.id));
  for (const [pointer, person] of personReferences(s)) {
    if (!contacts.has(person)) fault(pointer, `no contact "${person}" in ${p.id}'s data`);
  }
  s.related_entities.forEach((id, i) => { if (!ids.has(id)) fault(`/related_entities/${i}`, `no record "${id}" in ${p.id}'s data`); });
  (s.state_overrides?.remove ?? []).forEach((id, i) => { if (!ids.has(id)) fault(`/state_overrides/remove/${i}`, `no record "${id}"`); });

  if (s.turns === "multi" && !s.user) fault("/user", "a multi-turn scenario needs the simulated user (goal, knowledge, replies)");
  const minefields = new Set((s.minefields?.nodes ?? []).map((m) => m.id));
  s.negative_trajectories.forEach((n, i) => n.fires.forEach((id, j) => {
    if (!minefields.has(id)) fault(`/negative_trajectories/${i}/fires/${j}`, `no minefield "${id}"`);
  }));
  for (const f of checkScoringSpec({ milestones: s.milestones, minefields: s.minefields })) fault(f.pointer, f.message);
  faults.push(...checkDistractorsAgainstData(file, s, p));
  return faults;
}
