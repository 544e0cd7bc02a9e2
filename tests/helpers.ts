import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ScenarioCatalog } from "../scenarios/catalog.js";
import { Episode } from "../episode/episode.js";
import { PACKAGE_ROOT } from "../scenarios/paths.js";
import { loadProtagonistFile } from "../scenarios/protagonist-load.js";

export const FIXTURE_DATA = path.join(PACKAGE_ROOT, "tests", "fixtures", "data");
export const CLI = path.join(PACKAGE_ROOT, "dist", "cli", "main.js");

let cached: ScenarioCatalog | undefined;

/** The test catalog: a small protagonist with the special cases the tests need. */
export function fixtureCatalog(): ScenarioCatalog {
  if (!cached) {
    const { catalog, faults } = ScenarioCatalog.load(FIXTURE_DATA);
    if (faults.length) throw new Error(`fixture data has faults: ${JSON.stringify(faults, null, 2)}`);
    cached = catalog;
  }
  return cached;
}

export function openEpisode(scenarioId = "test-move-dinner", tickSeconds = 5): Episode {
  const scenario = fixtureCatalog().get(scenarioId);
  if (!scenario) throw new Error(`no fixture scenario ${scenarioId}`);
  return new Episode(`test-${scenarioId}`, scenario, { tickSeconds });
}

/** Calls a tool and returns its result, failing the test with the tool error if it failed. */
export function call<T = Record<string, unknown>>(episode: Episode, tool: string, args: Record<string, unknown> = {}): T {
  const step = episode.callTool(tool, args);
  if (!step.ok) throw new Error(`${tool} failed: ${JSON.stringify(step.error)}`);
  return step.result as T;
}

/** Loads a changed copy of the fixture protagonist as validate would, from a folder of its own. */
export function loadChangedProtagonist(p: unknown): ReturnType<typeof loadProtagonistFile> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-p-"));
  fs.mkdirSync(path.join(dir, "test-person"));
  const file = path.join(dir, "test-person", "protagonist.json");
  fs.writeFileSync(file, JSON.stringify(p));
  return loadProtagonistFile(file);
}
