import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ScenarioCatalog, protagonistDirs } from "../scenarios/catalog.js";
import { goldCalls, type ScenarioFile } from "../scenarios/scenario-format.js";
import type { Fault } from "../scenarios/json-schema.js";
import { duplicateQueries, verifyScenario } from "../episode/verify.js";
import { DEGENERATE_MAX_MEAN, runDegenerateAgents } from "../episode/degenerate.js";
import type { Cell } from "./cell.js";

// A draft verified by the gates every shipped scenario passes, mechanically: the schema and the
// data at its reference time (references, times, typed facts and distractors against the data),
// a request not already asked, gold at 1 with empty, refusing and negative trajectories failing,
// the degenerate agents passing nothing, and the cell it was drafted for.

export interface DraftCheck {
  check: string;
  ok: boolean;
  /** What was found, in words. */
  detail: string;
  faults?: Fault[];
}

/** The folder of a person in a data folder (its name need not be the person's id). */
export function protagonistDir(dataDir: string, protagonist: string): string | undefined {
  return protagonistDirs(dataDir).find((d) => {
    try {
      return (JSON.parse(fs.readFileSync(path.join(dataDir, d, "protagonist.json"), "utf8")) as { id?: unknown }).id === protagonist;
    } catch {
      return false;
    }
  });
}

/** Runs the gates on the draft in a scratch copy of the person's folder, beside their scenarios
 *  and the drafts already `ready` (files), so that two drafts of one run do not ask the same. */
export function verifyDraft(dataDir: string, protagonist: string, draft: Record<string, unknown>, cell: Cell, ready: readonly string[] = []): DraftCheck[] {
  const dir = protagonistDir(dataDir, protagonist);
  if (!dir) return [{ check: "the person", ok: false, detail: `no protagonist "${protagonist}" in ${dataDir}` }];
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-author-"));
  try {
    const home = path.join(scratch, dir);
    fs.mkdirSync(path.join(home, "scenarios"), { recursive: true });
    for (const f of ["protagonist.json", "STORY.md"]) {
      if (fs.existsSync(path.join(dataDir, dir, f))) fs.copyFileSync(path.join(dataDir, dir, f), path.join(home, f));
    }
    fs.cpSync(path.join(dataDir, dir, "scenarios"), path.join(home, "scenarios"), { recursive: true });
    for (const f of ready) fs.copyFileSync(f, path.join(home, "scenarios", path.basename(f)));
    const file = path.join(home, "scenarios", `${String(draft.id)}.json`);
    if (fs.existsSync(file)) return [{ check: "a new id", ok: false, detail: `${String(draft.id)} already exists` }];
    fs.writeFileSync(file, JSON.stringify(draft, null, 1));
    return gates(scratch, file, String(draft.id), cell);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function gates(scratch: string, file: string, id: string, cell: Cell): DraftCheck[] {
  const { catalog, faults } = ScenarioCatalog.load(scratch);
  const own = (fs: readonly Fault[]) => fs.filter((f) => f.file === file).map((f) => ({ ...f, file: `${id}.json` }));
  const loadFaults = own(faults);
  const checks: DraftCheck[] = [{
    check: "schema and data at the reference time", ok: loadFaults.length === 0, faults: loadFaults,
    detail: loadFaults.length === 0 ? "the file is well-formed; every id, time, typed fact and distractor agrees with the data" : `${loadFaults.length} fault(s)`,
  }];
  const scenario = catalog.get(id);
  if (!scenario) return checks;
  // The fault falls on whichever of the two files is read second.
  const duplicate = duplicateQueries(catalog).filter((f) => f.file === file || f.message.endsWith(` as ${id}`)).map((f) => ({ ...f, file: path.basename(f.file) }));
  checks.push({ check: "a new request", ok: duplicate.length === 0, faults: duplicate, detail: duplicate.length === 0 ? "no scenario asks the same at the same time" : duplicate[0]!.message });
  const replay = own(verifyScenario(scenario));
  checks.push({
    check: "gold at 1; empty, refusing and negative trajectories fail", ok: replay.length === 0, faults: replay,
    detail: replay.length === 0 ? "the gold scores 1 and every negative fires its minefield" : `${replay.length} fault(s)`,
  });
  // Validate holds each degenerate agent to no pass anywhere and a mean below its limit over the
  // whole data set; one scenario is held to the first, and its scores are shown.
  const degenerate = runDegenerateAgents([scenario]);
  const passing = degenerate.filter((d) => d.passed.length > 0);
  const scores = degenerate.map((d) => `${d.agent} ${d.mean.toFixed(3)}`).join(", ");
  checks.push({
    check: "degenerate agents", ok: passing.length === 0,
    detail: passing.length === 0 ? `none passes (${scores}; the data set's mean must stay below ${DEGENERATE_MAX_MEAN})` : `${passing.map((d) => d.agent).join(", ")} pass${passing.length === 1 ? "es" : ""} it (${scores})`,
  });
  const misses = cellMisses(scenario.file, cell);
  checks.push({ check: "fills the cell", ok: misses.length === 0, detail: misses.length === 0 ? "the scenario is of the cell asked for" : misses.join("; ") });
  return checks;
}

/** Where the scenario is not of the cell it was drafted for. */
export function cellMisses(s: ScenarioFile, cell: Cell): string[] {
  const out: string[] = [];
  if (cell.tool && !goldCalls(s, cell.tool)) out.push(`the gold trajectory does not call ${cell.tool}`);
  if (cell.goal && s.goal_type !== cell.goal) out.push(`goal_type is "${s.goal_type}", not "${cell.goal}"`);
  for (const d of ["informational", "referential", "functional"] as const) {
    if (cell[d] && s.complexity[d] !== cell[d]) out.push(`complexity.${d} is "${s.complexity[d]}", not "${cell[d]}"`);
  }
  if (cell.turns && s.turns !== cell.turns) out.push(`turns is "${s.turns}", not "${cell.turns}"`);
  if (cell.challenge && !s.challenges[cell.challenge]) out.push(`challenges.${cell.challenge} is not set`);
  if (cell.infeasible && s.infeasible === undefined) out.push("the scenario does not say why it is infeasible");
  return out;
}
