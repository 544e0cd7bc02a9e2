import fs from "node:fs";
import path from "node:path";
import { DateTime } from "luxon";
import { coveragePlanFile, type CoveragePlan } from "./coverage-plan-format.js";
import { zodFaults, type Fault } from "./json-schema.js";
import { goldCalls, type ScenarioFile } from "./scenario-format.js";
import { TOOL_NAMES } from "../tools/registry.js";

// What the data holds against the coverage plan: one row per target, with the target and the
// achieved count side by side.

export const COVERAGE_PLAN_FILE = "coverage-plan.json";

/** The data folder's coverage plan: undefined when it has none (a lab's own small dataset). */
export function readCoveragePlan(dataDir: string): { plan?: CoveragePlan; faults: Fault[] } {
  const file = path.join(dataDir, COVERAGE_PLAN_FILE);
  if (!fs.existsSync(file)) return { faults: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    return { faults: [{ file, pointer: "/", message: `not JSON: ${(e as Error).message}` }] };
  }
  const parsed = coveragePlanFile.safeParse(raw);
  return parsed.success ? { plan: parsed.data, faults: [] } : { faults: zodFaults(file, parsed.error) };
}

export interface CoverageRow {
  /** What is counted, e.g. "scenarios", "multi-turn", "tool send_email". */
  item: string;
  target: number;
  achieved: number;
  /** "count" targets compare numbers of scenarios; "share" targets a fraction of all of them. */
  unit: "count" | "share";
  met: boolean;
}

export interface CoverageInput {
  scenarios: readonly ScenarioFile[];
  protagonists: readonly { id: string; timezone: string; country?: string }[];
}

// Countries whose land and people lie mainly south of the equator (ISO 3166-1 alpha-2).
const SOUTHERN = new Set([
  "AO", "AR", "AU", "BO", "BR", "BW", "CL", "FJ", "ID", "LS", "MG", "MU", "MW", "MZ", "NA", "NZ", "PE", "PG", "PY", "SB", "SZ",
  "TO", "TZ", "UY", "VU", "WS", "ZA", "ZM", "ZW",
]);

/** A zone offset by part of an hour at some time of the year (Asia/Kolkata, Australia/Adelaide). */
function offTheHour(zone: string): boolean {
  const now = DateTime.now().setZone(zone);
  if (!now.isValid) return false;
  return [1, 7].some((month) => DateTime.fromObject({ year: now.year, month, day: 1 }, { zone }).offset % 60 !== 0);
}

export function coverageRows(plan: CoveragePlan, data: CoverageInput): CoverageRow[] {
  const all = data.scenarios;
  const n = all.length;
  const rows: CoverageRow[] = [];
  const count = (item: string, target: number, achieved: number) => rows.push({ item, target, achieved, unit: "count", met: achieved >= target });
  const share = (item: string, target: number, hits: number) => {
    const achieved = n === 0 ? 0 : hits / n;
    rows.push({ item, target, achieved, unit: "share", met: achieved >= target });
  };
  const perProtagonist = new Map(data.protagonists.map((p) => [p.id, 0]));
  for (const s of all) perProtagonist.set(s.protagonist, (perProtagonist.get(s.protagonist) ?? 0) + 1);

  count("scenarios", plan.scenarios, n);
  count("protagonists", plan.protagonists, data.protagonists.length);
  for (const [id, k] of [...perProtagonist].sort()) count(`scenarios of ${id}`, plan.per_protagonist, k);
  count("protagonists in a zone off the hour", plan.zones.off_the_hour, data.protagonists.filter((p) => offTheHour(p.timezone)).length);
  count("protagonists south of the equator", plan.zones.southern, data.protagonists.filter((p) => p.country !== undefined && SOUTHERN.has(p.country)).length);
  share("multi-turn", plan.multi_turn, all.filter((s) => s.turns === "multi").length);
  share("misinformation", plan.challenges.misinformation, all.filter((s) => s.challenges.misinformation).length);
  share("insufficient context", plan.challenges.insufficient_context, all.filter((s) => s.challenges.insufficient_context).length);
  for (const [goal, target] of Object.entries(plan.goal_types)) share(`goal ${goal}`, target, all.filter((s) => s.goal_type === goal).length);
  for (const dimension of ["informational", "referential", "functional"] as const) {
    for (const level of plan.complexity.levels) count(`${dimension} ${level}`, plan.complexity.per_level, all.filter((s) => s.complexity[dimension] === level).length);
  }
  for (const tool of TOOL_NAMES) {
    count(`tool ${tool}`, plan.tools.gold_scenarios, all.filter((s) => goldCalls(s, tool)).length);
  }
  const infeasible = all.filter((s) => s.infeasible !== undefined);
  count("infeasible requests", plan.infeasible.scenarios, infeasible.length);
  count("infeasible requests with a feasible twin", plan.infeasible.with_twin, infeasible.filter((s) => s.twin !== undefined).length);
  return rows;
}
