import { ScenarioCatalog } from "../scenarios/catalog.js";
import { duplicateQueries, summarize, verifyScenario, type Summary } from "../episode/verify.js";
import { TOOL_NAMES } from "../tools/registry.js";
import type { Fault } from "../scenarios/json-schema.js";
import { checkFolder, checkProtagonist } from "./catalog.js";

export interface ValidateOptions { data: string; json?: boolean; protagonist?: string }

/** `pimbox validate`: loads everything (schema, references, times), then replays each scenario's
 *  gold, empty, negative and refusing trajectories. Exit 1 when anything fails. */
export function validateCommand(opts: ValidateOptions): number {
  checkFolder(opts.data);
  checkProtagonist(opts.data, opts.protagonist);
  const { catalog, faults: loadFaults } = ScenarioCatalog.load(opts.data);
  const faults: Fault[] = [...loadFaults, ...duplicateQueries(catalog)];
  const scenarios = catalog.list().filter((s) => !opts.protagonist || s.file.protagonist === opts.protagonist);
  for (const scenario of scenarios) faults.push(...verifyScenario(scenario));
  const summary = summarize(scenarios);
  const relevant = opts.protagonist ? faults.filter((f) => f.file.includes(`/${opts.protagonist}/`)) : faults;
  if (opts.json) {
    process.stdout.write(JSON.stringify({ scenarios: scenarios.length, protagonists: catalog.protagonists.size, summary, failures: relevant }, null, 2) + "\n");
  } else {
    for (const f of relevant) process.stdout.write(`${f.file}#${f.pointer}: ${f.message}\n`);
    process.stdout.write(render(summary, catalog.protagonists.size));
    process.stdout.write(`${relevant.length === 0 ? "OK" : "FAILED"}: ${scenarios.length} scenario(s) checked, ${relevant.length} failure(s)\n`);
  }
  return relevant.length ? 1 : 0;
}

function render(s: Summary, protagonists: number): string {
  const lines = [`${protagonists} protagonist(s), ${s.scenarios} scenario(s)`];
  lines.push("per protagonist: " + Object.entries(s.protagonists).map(([k, v]) => `${k} ${v}`).join(", "));
  lines.push("per tranche (informational/referential/functional):");
  for (const [k, v] of Object.entries(s.tranches).sort((a, b) => b[1] - a[1])) lines.push(`  ${k.padEnd(36)} ${v}`);
  lines.push(`flags: misinformation ${s.flags.misinformation}, insufficient context ${s.flags.insufficient_context}, multi-turn ${s.flags.multi_turn}, answer ${s.flags.answer}, change ${s.flags.change}`);
  const unused = TOOL_NAMES.filter((t) => !s.tools[t]);
  lines.push(`tools used by gold trajectories: ${Object.keys(s.tools).length}/27${unused.length ? ` (unused: ${unused.join(", ")})` : ""}`);
  for (const t of TOOL_NAMES) if (s.tools[t]) lines.push(`  ${t.padEnd(40)} ${s.tools[t]} scenario(s)`);
  return lines.join("\n") + "\n";
}
