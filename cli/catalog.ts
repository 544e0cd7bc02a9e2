import fs from "node:fs";
import { ScenarioCatalog } from "../scenarios/catalog.js";
import { UsageError } from "./serve.js";

/** Loads the catalog for a command; refused files are reported on stderr, not fatal. A data
 *  folder that does not exist is a usage error (a server with no scenarios is no use). */
export function loadCatalog(dataDir: string, quiet = false): ScenarioCatalog {
  if (!fs.statSync(dataDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`--data: "${dataDir}" is not a folder (expected <protagonist>/protagonist.json and <protagonist>/scenarios/*.json inside)`);
  }
  const { catalog, faults } = ScenarioCatalog.load(dataDir);
  if (faults.length && !quiet) {
    const files = new Set(faults.map((f) => f.file)).size;
    process.stderr.write(`pimbox: refused ${files} file(s) with ${faults.length} fault(s); run \`pimbox validate\` for the list. First: ${faults[0]!.file}#${faults[0]!.pointer}: ${faults[0]!.message}\n`);
  }
  return catalog;
}
