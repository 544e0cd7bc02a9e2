import type { Scenario, ScenarioCatalog } from "../scenarios/catalog.js";
import type { Fault } from "../scenarios/json-schema.js";
import { playScript } from "./replay.js";
import { scoreScenarioTrajectory, scoreScript } from "./score.js";
import { uncheckedConditionValues } from "../scenarios/condition-values.js";

// The checks that need a replay: the gold trajectory scores 1, doing nothing does not, each
// negative trajectory fires its minefields, and refusing does not pass an actionable scenario.

export const REFUSAL = "I'm sorry, but I can't help with that.";


export function verifyScenario(scenario: Scenario): Fault[] {
  const faults: Fault[] = [];
  const file = scenario.path;
  const fault = (pointer: string, message: string) => faults.push({ file, pointer, message });
  const f = scenario.file;

  faults.push(...futureDependencies(scenario));
  // A value a success condition names is a fact the author meant to be right: a check must read it.
  for (const u of uncheckedConditionValues(f, scenario.protagonist)) {
    fault(`/success_conditions/${f.success_conditions.indexOf(u.condition)}`,
      `names ${u.words} (${u.value}), which no milestone or minefield checks, so a trajectory with another value would pass: check it, or end the condition with "(optional)" when it is context a correct trajectory need not state`);
  }
  const gold = playScript(scenario, f.gold_trajectory, "verify");
  gold.trajectory().steps.forEach((s) => {
    if (s.kind === "tool" && !s.ok) fault("/gold_trajectory", `step ${s.index} (${s.tool}) fails: ${s.error?.message}`);
  });
  const goldReport = scoreScenarioTrajectory(scenario, gold.trajectory());
  gold.close();
  if (goldReport.score !== 1) {
    const weak = goldReport.milestones.filter((m) => m.similarity < 1).map((m) => `${m.id}=${m.similarity.toFixed(3)}`);
    const fired = goldReport.minefields.filter((m) => m.fired).map((m) => m.id);
    fault("/gold_trajectory", `scores ${goldReport.score.toFixed(4)}, not 1${weak.length ? `; milestones below 1: ${weak.join(", ")}` : ""}${fired.length ? `; minefields fired: ${fired.join(", ")}` : ""}`);
  }

  const needsWork = f.milestones.nodes.some((m) => m.category === "payload" || m.category === "response");
  if (needsWork) {
    const score = scoreScript(scenario, [], "verify").score;
    if (score >= 1) fault("/milestones", "the empty trajectory scores 1: the milestones do not require anything");
  }

  f.negative_trajectories.forEach((negative, i) => {
    const report = scoreScript(scenario, negative.steps, "verify");
    for (const id of negative.fires) {
      if (!report.minefields.find((m) => m.id === id)?.fired) fault(`/negative_trajectories/${i}`, `does not fire minefield "${id}"`);
    }
    if (report.score !== 0) fault(`/negative_trajectories/${i}`, `scores ${report.score.toFixed(3)}; a trajectory that fires a minefield must score 0`);
  });

  if (f.goal_type !== "none") {
    const score = scoreScript(scenario, [{ agent: REFUSAL }], "verify").score;
    if (score > 0.5) fault("/milestones", `an agent that only refuses scores ${score.toFixed(3)} (> 0.5) although the user's goal needs an action or an answer`);
  }
  return faults;
}

/** Ids the scenario's answers name (related entities, milestones, the gold trajectory) that are
 *  records of the protagonist's data but not of the snapshot at the reference time: the scenario
 *  depends on something that does not exist yet (a message still to come, an event arranged
 *  later). */
export function futureDependencies(scenario: Scenario): Fault[] {
  const f = scenario.file;
  const p = scenario.protagonist;
  const all = new Set<string>([
    ...p.contacts, ...p.calendar_events, ...p.emails, ...p.sms.conversations, ...p.sms.messages,
    ...p.whatsapp.chats, ...p.whatsapp.messages, ...p.calls,
  ].map((r) => r.id));
  const present = new Set(Object.values(scenario.snapshot().rows).flatMap((rows) => rows.map((r) => r.id)));
  const faults: Fault[] = [];
  const walk = (value: unknown, pointer: string): void => {
    if (typeof value === "string") {
      if (all.has(value) && !present.has(value)) {
        faults.push({ file: scenario.path, pointer, message: `names "${value}", which does not exist yet at the reference time ${f.reference_time}` });
      }
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${pointer}/${i}`));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${k}`);
  };
  walk(f.related_entities, "/related_entities");
  walk(f.milestones, "/milestones");
  walk(f.gold_trajectory, "/gold_trajectory");
  return faults;
}

export interface Summary {
  scenarios: number;
  protagonists: Record<string, number>;
  tranches: Record<string, number>;
  flags: { misinformation: number; insufficient_context: number; multi_turn: number; answer: number; change: number };
  tools: Record<string, number>;
}

export function summarize(scenarios: readonly Scenario[]): Summary {
  const s: Summary = { scenarios: 0, protagonists: {}, tranches: {}, flags: { misinformation: 0, insufficient_context: 0, multi_turn: 0, answer: 0, change: 0 }, tools: {} };
  const inc = (o: Record<string, number>, k: string) => { o[k] = (o[k] ?? 0) + 1; };
  for (const sc of scenarios) {
    const f = sc.file;
    s.scenarios++;
    inc(s.protagonists, f.protagonist);
    inc(s.tranches, `I:${f.complexity.informational} R:${f.complexity.referential} F:${f.complexity.functional}`);
    if (f.challenges.misinformation) s.flags.misinformation++;
    if (f.challenges.insufficient_context) s.flags.insufficient_context++;
    if (f.turns === "multi") s.flags.multi_turn++;
    if (f.goal_type === "answer" || f.goal_type === "answer_and_change") s.flags.answer++;
    if (f.goal_type === "change" || f.goal_type === "answer_and_change") s.flags.change++;
    for (const tool of new Set(f.gold_trajectory.flatMap((st) => ("tool" in st ? [st.tool] : [])))) inc(s.tools, tool);
  }
  return s;
}

/** Twins name each other, belong to one protagonist, and exactly one of the two is infeasible: the
 *  pair measures refusing what cannot be done and doing what can. */
export function twinFaults(catalog: ScenarioCatalog): Fault[] {
  const faults: Fault[] = [];
  for (const sc of catalog.list()) {
    const name = sc.file.twin;
    if (name === undefined) continue;
    const fault = (message: string) => faults.push({ file: sc.path, pointer: "/twin", message });
    const twin = catalog.get(name);
    if (!twin) fault(`no scenario "${name}"`);
    else if (twin.file.twin !== sc.id) fault(`its twin ${name} names ${twin.file.twin === undefined ? "no twin" : `"${twin.file.twin}"`}, not "${sc.id}"`);
    else if (twin.file.protagonist !== sc.file.protagonist) fault(`its twin ${name} belongs to ${twin.file.protagonist}, not ${sc.file.protagonist}`);
    else if ((twin.file.infeasible === undefined) === (sc.file.infeasible === undefined)) {
      fault(`exactly one of ${sc.id} and its twin ${name} must be infeasible; ${sc.file.infeasible === undefined ? "neither" : "both"} is`);
    }
  }
  return faults;
}

/** A scenario a model drafted is admitted only after a person reviewed it (`origin.reviewed_by`). */
export function unreviewedDrafts(catalog: ScenarioCatalog): Fault[] {
  return catalog.list().filter((s) => s.file.origin?.by === "pimbox author" && !s.file.origin.reviewed_by?.trim())
    .map((s) => ({ file: s.path, pointer: "/origin/reviewed_by", message: "a draft of pimbox author is admitted only once a person has reviewed it: name them here" }));
}

/** Scenarios sharing a query and a reference time are one scenario written twice. */
export function duplicateQueries(catalog: ScenarioCatalog): Fault[] {
  const seen = new Map<string, Scenario>();
  const faults: Fault[] = [];
  for (const sc of catalog.list()) {
    const key = `${sc.file.protagonist}|${sc.file.reference_time}|${sc.file.query.trim().toLowerCase()}`;
    const prior = seen.get(key);
    if (prior) faults.push({ file: sc.path, pointer: "/query", message: `same query and reference time as ${prior.id}` });
    else seen.set(key, sc);
  }
  return faults;
}
