import fs from "node:fs";
import path from "node:path";
import type { ProtagonistFile } from "./protagonist-format.js";
import { scenarioFile, type ScenarioFile } from "./scenario-format.js";
import { calibrationFile, type CalibrationFile } from "./calibration-format.js";
import { ajvFaults, compileValidator, type Fault } from "./json-schema.js";
import { loadProtagonistFile } from "./protagonist-load.js";
import { checkScenario } from "./scenario-check.js";
import { buildScenarioSnapshot, type ScenarioSnapshot } from "../db/snapshot.js";
import { protagonistRegion, type Region } from "../db/phone.js";

/** A check that throws (a date that matches the pattern but does not exist, say) refuses the
 *  file instead of stopping the whole load. */
function safely(file: string, check: () => Fault[]): Fault[] {
  try {
    return check();
  } catch (e) {
    return [{ file, pointer: "/", message: `cannot be checked: ${(e as Error).message}` }];
  }
}

/** A loaded, checked scenario with its protagonist; its snapshot is built on first use. */
export class Scenario {
  private readonly derived = new Map<string, unknown>();

  /** Files of trajectories written blind for this scenario, with their expected outcomes. */
  readonly calibration: { file: CalibrationFile; path: string }[] = [];

  constructor(
    readonly file: ScenarioFile,
    readonly protagonist: ProtagonistFile,
    readonly path: string,
  ) {}

  get id(): string { return this.file.id; }
  get zone(): string { return this.protagonist.timezone; }
  get region(): Region | undefined { return this.cached("region", () => protagonistRegion(this.protagonist)); }

  snapshot(): ScenarioSnapshot {
    return this.cached("snapshot", () =>
      buildScenarioSnapshot(this.protagonist, this.zone, this.file.reference_time, this.file.state_overrides));
  }

  /** A value computed once from this scenario (its snapshot, system prompt, reference instant), so
   *  that opening an episode costs little more than copying the database image. */
  cached<T>(key: string, build: () => T): T {
    if (!this.derived.has(key)) this.derived.set(key, build());
    return this.derived.get(key) as T;
  }
}

/** Reads <protagonist>/calibration/*.json and attaches each file to its scenario (a scenario may
 *  have several: <id>.json, and later sets such as <id>.heldout.json). */
function attachCalibration(dir: string, scenarios: ReadonlyMap<string, Scenario>): Fault[] {
  if (!fs.existsSync(dir)) return [];
  const faults: Fault[] = [];
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".json")).sort()) {
    const file = path.join(dir, name);
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (e) {
      faults.push({ file, pointer: "/", message: `not readable JSON: ${(e as Error).message}` });
      continue;
    }
    const parsed = calibrationFile.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) faults.push({ file, pointer: "/" + issue.path.join("/"), message: issue.message });
      continue;
    }
    const scenario = scenarios.get(parsed.data.scenario_id);
    if (!scenario) faults.push({ file, pointer: "/scenario_id", message: `no scenario "${parsed.data.scenario_id}" in this protagonist's folder` });
    else scenario.calibration.push({ file: parsed.data, path: file });
  }
  return faults;
}

export interface CatalogLoad {
  catalog: ScenarioCatalog;
  faults: Fault[];
}

/** Every protagonist and scenario under a data folder: <dir>/<protagonist>/protagonist.json and
 *  <dir>/<protagonist>/scenarios/*.json. Files with faults are refused and reported. */
export class ScenarioCatalog {
  private constructor(
    readonly protagonists: ReadonlyMap<string, ProtagonistFile>,
    private readonly scenarios: ReadonlyMap<string, Scenario>,
  ) {}

  static load(dataDir: string): CatalogLoad {
    const faults: Fault[] = [];
    const protagonists = new Map<string, ProtagonistFile>();
    const scenarios = new Map<string, Scenario>();
    const validate = compileValidator(scenarioFile);
    if (!fs.existsSync(dataDir)) {
      return { catalog: new ScenarioCatalog(protagonists, scenarios), faults: [{ file: dataDir, pointer: "/", message: "data folder does not exist" }] };
    }
    const dirs = fs.readdirSync(dataDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    for (const dir of dirs) {
      const loaded = loadProtagonistFile(path.join(dataDir, dir, "protagonist.json"));
      if (!loaded.ok) { faults.push(...loaded.faults); continue; }
      protagonists.set(loaded.value.id, loaded.value);
      const scenarioDir = path.join(dataDir, dir, "scenarios");
      if (!fs.existsSync(scenarioDir)) continue;
      for (const name of fs.readdirSync(scenarioDir).filter((n) => n.endsWith(".json")).sort()) {
        const file = path.join(scenarioDir, name);
        let raw: unknown;
        try {
          raw = JSON.parse(fs.readFileSync(file, "utf8"));
        } catch (e) {
          faults.push({ file, pointer: "/", message: `not readable JSON: ${(e as Error).message}` });
          continue;
        }
        if (!validate(raw)) { faults.push(...ajvFaults(file, validate.errors)); continue; }
        const value = scenarioFile.parse(raw);
        const own = safely(file, () => checkScenario(file, value, loaded.value));
        if (scenarios.has(value.id)) own.push({ file, pointer: "/id", message: `scenario id "${value.id}" is also used by ${scenarios.get(value.id)!.path}` });
        if (own.length) { faults.push(...own); continue; }
        scenarios.set(value.id, new Scenario(value, loaded.value, file));
      }
      faults.push(...attachCalibration(path.join(dataDir, dir, "calibration"), scenarios));
    }
    return { catalog: new ScenarioCatalog(protagonists, scenarios), faults };
  }

  get(id: string): Scenario | undefined { return this.scenarios.get(id); }
  list(): Scenario[] { return [...this.scenarios.values()]; }
}
