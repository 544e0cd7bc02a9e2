import { ScenarioCatalog } from "../scenarios/catalog.js";

/** Loads the catalog for a command; refused files are reported on stderr, not fatal. */
export function loadCatalog(dataDir: string, quiet = false): ScenarioCatalog {
  const { catalog, faults } = ScenarioCatalog.load(dataDir);
  if (faults.length && !quiet) {
    const files = new Set(faults.map((f) => f.file)).size;
    process.stderr.write(`pimbox: refused ${files} file(s) with ${faults.length} fault(s); run \`pimbox validate\` for the list. First: ${faults[0]!.file}#${faults[0]!.pointer}: ${faults[0]!.message}\n`);
  }
  return catalog;
}
