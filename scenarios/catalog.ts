import fs from "node:fs";
import path from "node:path";
import type { ProtagonistFile } from "./protagonist-format.js";
import { scenarioFile, type ScenarioFile } from "./scenario-format.js";
import { calibrationFile, type CalibrationFile } from "./calibration-format.js";
import { compileValidator, readValidated, type Fault, type Loaded } from "./json-schema.js";
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

  /** Whether the snapshot is built (opening an episode then costs a copy of its image). */
  get hasSnapshot(): boolean { return this.derived.has("snapshot"); }

  /** A snapshot built elsewhere (a worker thread) from the same files. */
  adoptSnapshot(snapshot: ScenarioSnapshot): void {
    if (!this.derived.has("snapshot")) this.derived.set("snapshot", snapshot);
  }

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

type Validate = ReturnType<typeof compileValidator> | undefined;

/** Reads and checks one scenario file against its protagonist; with no ajv validator, zod checks
 *  the same schema. */
function readScenario(file: string, protagonist: ProtagonistFile, validate: Validate): Loaded<ScenarioFile> {
  const read = readValidated(file, scenarioFile, validate);
  if (!read.ok) return read;
  const faults = safely(file, () => checkScenario(file, read.value, protagonist));
  return faults.length ? { ok: false, faults } : read;
}

/** The scenario files of a data folder, without reading them; none when the folder cannot be
 *  read. */
export function scenarioFilesIn(dataDir: string): string[] {
  try {
    return protagonistDirs(dataDir).flatMap((d) => scenarioFiles(dataDir, d));
  } catch {
    return [];
  }
}

/** The protagonist folders of a data folder, sorted. */
export function protagonistDirs(dataDir: string): string[] {
  return fs.readdirSync(dataDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

function scenarioFiles(dataDir: string, dir: string): string[] {
  const scenarioDir = path.join(dataDir, dir, "scenarios");
  if (!fs.existsSync(scenarioDir)) return [];
  return fs.readdirSync(scenarioDir).filter((n) => n.endsWith(".json")).sort().map((n) => path.join(scenarioDir, n));
}

function idOf(file: string): unknown {
  try {
    return (JSON.parse(fs.readFileSync(file, "utf8")) as { id?: unknown }).id;
  } catch {
    return undefined;
  }
}

/** Every protagonist and scenario under a data folder: <dir>/<protagonist>/protagonist.json and
 *  <dir>/<protagonist>/scenarios/*.json. Files with faults are refused and reported. A lazy
 *  catalog reads a scenario and its protagonist only when asked for it, so a command that uses
 *  one scenario starts in a fraction of the time. */
export class ScenarioCatalog {
  private readonly lazyFaults: Fault[] = [];

  private constructor(
    /** The folder it was loaded from (a scoring worker loads its own copy from it). */
    readonly dataDir: string,
    readonly protagonists: Map<string, ProtagonistFile>,
    private readonly scenarios: Map<string, Scenario>,
    private readonly lazyDir?: string,
  ) {}

  static load(dataDir: string): CatalogLoad {
    const faults: Fault[] = [];
    const protagonists = new Map<string, ProtagonistFile>();
    const scenarios = new Map<string, Scenario>();
    const validate = compileValidator(scenarioFile);
    if (!fs.existsSync(dataDir)) {
      return { catalog: new ScenarioCatalog(dataDir, protagonists, scenarios), faults: [{ file: dataDir, pointer: "/", message: "data folder does not exist" }] };
    }
    for (const dir of protagonistDirs(dataDir)) {
      const loaded = loadProtagonistFile(path.join(dataDir, dir, "protagonist.json"));
      if (!loaded.ok) { faults.push(...loaded.faults); continue; }
      protagonists.set(loaded.value.id, loaded.value);
      for (const file of scenarioFiles(dataDir, dir)) {
        const read = readScenario(file, loaded.value, validate);
        if (!read.ok) { faults.push(...read.faults); continue; }
        const value = read.value;
        if (scenarios.has(value.id)) {
          faults.push({ file, pointer: "/id", message: `scenario id "${value.id}" is also used by ${scenarios.get(value.id)!.path}` });
          continue;
        }
        scenarios.set(value.id, new Scenario(value, loaded.value, file));
      }
      faults.push(...attachCalibration(path.join(dataDir, dir, "calibration"), scenarios));
    }
    return { catalog: new ScenarioCatalog(dataDir, protagonists, scenarios), faults };
  }

  static lazy(dataDir: string): ScenarioCatalog {
    return new ScenarioCatalog(dataDir, new Map(), new Map(), dataDir);
  }

  get(id: string): Scenario | undefined {
    return this.scenarios.get(id) ?? (this.lazyDir === undefined ? undefined : this.find(this.lazyDir, id));
  }

  list(): Scenario[] { return [...this.scenarios.values()]; }

  /** Every scenario id in the folder (a lazy catalog reads only the ids), for "did you mean". */
  knownIds(): string[] {
    if (this.lazyDir === undefined) return [...this.scenarios.keys()];
    const dir = this.lazyDir;
    return protagonistDirs(dir).flatMap((d) => scenarioFiles(dir, d)).map(idOf).filter((id): id is string => typeof id === "string");
  }

  /** Faults of the files a lazy catalog read (why get() found nothing for an id that exists). */
  get faults(): readonly Fault[] { return this.lazyFaults; }

  /** The file named after the id, else the first file whose id matches (a scan of ids only). */
  private find(dataDir: string, id: string): Scenario | undefined {
    const dirs = fs.existsSync(dataDir) ? protagonistDirs(dataDir) : [];
    const byName = dirs.map((d) => [d, path.join(dataDir, d, "scenarios", `${id}.json`)] as const).filter(([, f]) => fs.existsSync(f) && idOf(f) === id);
    const [dir, file] = byName[0] ?? dirs.flatMap((d) => scenarioFiles(dataDir, d).map((f) => [d, f] as const)).find(([, f]) => idOf(f) === id) ?? [];
    if (dir === undefined || file === undefined) return undefined;
    let protagonist = [...this.protagonists.values()].find((p) => p.id === dir);
    if (!protagonist) {
      const loaded = loadProtagonistFile(path.join(dataDir, dir, "protagonist.json"), "zod");
      if (!loaded.ok) { this.lazyFaults.push(...loaded.faults); return undefined; }
      protagonist = loaded.value;
      this.protagonists.set(protagonist.id, protagonist);
    }
    const read = readScenario(file, protagonist, undefined);
    if (!read.ok) { this.lazyFaults.push(...read.faults); return undefined; }
    const scenario = new Scenario(read.value, protagonist, file);
    this.scenarios.set(id, scenario);
    return scenario;
  }
}
