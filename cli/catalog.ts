import fs from "node:fs";
import { protagonistDirs, ScenarioCatalog } from "../scenarios/catalog.js";
import { unknownName, UsageError } from "./usage.js";

/** A data folder that does not exist is a usage error (a command with no scenarios is no use). */
export function checkFolder(dataDir: string): void {
  if (!fs.statSync(dataDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`--data: "${dataDir}" is not a folder (expected <protagonist>/protagonist.json and <protagonist>/scenarios/*.json inside)`);
  }
}

/** Loads the whole catalog for a command; refused files are reported on stderr, not fatal. */
export function loadCatalog(dataDir: string, quiet = false): ScenarioCatalog {
  checkFolder(dataDir);
  const { catalog, faults } = ScenarioCatalog.load(dataDir);
  if (faults.length && !quiet) {
    const files = new Set(faults.map((f) => f.file)).size;
    process.stderr.write(`pimbox: refused ${files} file(s) with ${faults.length} fault(s); run \`pimbox validate\` for the list. First: ${faults[0]!.file}#${faults[0]!.pointer}: ${faults[0]!.message}\n`);
  }
  return catalog;
}

/** A catalog that reads each scenario when first asked for: for commands that use a few. */
export function lazyCatalog(dataDir: string): ScenarioCatalog {
  checkFolder(dataDir);
  return ScenarioCatalog.lazy(dataDir);
}

/** --protagonist must name one of them. */
export function checkProtagonist(dataDir: string, protagonist: string | undefined): void {
  // The protagonist folders are the values --protagonist takes.
  const valid = protagonistDirs(dataDir);
  if (protagonist !== undefined && !valid.includes(protagonist)) {
    throw unknownName("protagonist", protagonist, valid, "--protagonist takes a folder name under --data");
  }
}
