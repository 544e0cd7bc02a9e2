import { Model } from "../run/model.js";
import { ScenarioCatalog } from "../scenarios/catalog.js";
import { coverageRows, readCoveragePlan } from "../scenarios/coverage.js";
import { authorDrafts } from "../author/author.js";
import { CellError, cellBehind, parseCell, type Cell } from "../author/cell.js";
import { CommandFailure, UsageError, apiKeyFrom, intFlag, unknownName } from "./usage.js";

export interface AuthorCommandOptions {
  protagonist: string; cell: string; count: string; repairs: string; model: string; baseUrl?: string; apiKeyEnv: string;
  out: string; data: string; timeout: string; maxRetries: string; temperature?: string; json?: boolean;
}

/** `pimbox author`: a model drafts scenarios of a cell of the coverage plan; each is verified by
 *  every gate and written for review. Exit 0 when at least one draft is ready, 1 when none is. */
export async function authorCommand(o: AuthorCommandOptions): Promise<number> {
  const count = intFlag("--count", o.count, 1, 200);
  const repairs = intFlag("--repairs", o.repairs, 0, 5);
  const timeoutMs = intFlag("--timeout", o.timeout, 1, 3600) * 1000;
  const maxRetries = intFlag("--max-retries", o.maxRetries, 0, 20);
  const temperature = o.temperature === undefined ? null : Number(o.temperature);
  if (temperature !== null && !(temperature >= 0 && temperature <= 2)) throw new UsageError(`--temperature must be from 0 to 2, got "${o.temperature}"`);
  const apiKey = apiKeyFrom(o.apiKeyEnv, o.baseUrl);
  const { catalog } = ScenarioCatalog.load(o.data);
  if (!catalog.protagonists.has(o.protagonist)) throw unknownName("protagonist", o.protagonist, [...catalog.protagonists.keys()], "see pimbox scenarios");
  const { cell, cellText } = chooseCell(o.cell, o.data, catalog);

  const model = new Model({ model: o.model, baseUrl: o.baseUrl ?? null, apiKey: apiKey ?? "none", temperature, seed: null, timeoutMs, maxRetries });
  const results = await authorDrafts({ dataDir: o.data, protagonist: o.protagonist, cell, cellText, count, repairs, model, out: o.out }, (r) => {
    if (o.json) return;
    const failed = r.checks.filter((c) => !c.ok);
    process.stdout.write(`${r.id}: ${r.ready ? `ready for review${r.attempts > 1 ? ` after ${r.attempts - 1} repair(s)` : ""}` : `refused (${failed.map((c) => `${c.check}: ${c.detail}`).join("; ")})`}  ${r.file}\n`);
  });
  const ready = results.filter((r) => r.ready).length;
  if (o.json) process.stdout.write(JSON.stringify({ cell: cellText, drafts: results }, null, 2) + "\n");
  else process.stdout.write(`${ready} of ${results.length} draft(s) ready for review in ${o.out}/ready (cell: ${cellText})\n`);
  return ready > 0 ? 0 : 1;
}

/** The cell asked for, or with "auto" the target of the coverage plan furthest behind. */
function chooseCell(spec: string, dataDir: string, catalog: ScenarioCatalog): { cell: Cell; cellText: string } {
  if (spec !== "auto") {
    try {
      return { cell: parseCell(spec), cellText: spec };
    } catch (e) {
      if (e instanceof CellError) throw new UsageError(e.message);
      throw e;
    }
  }
  const { plan, faults } = readCoveragePlan(dataDir);
  if (!plan) throw new UsageError(faults.length ? `--cell auto: ${faults[0]!.file}#${faults[0]!.pointer}: ${faults[0]!.message}` : `--cell auto needs ${dataDir}/coverage-plan.json; or name a cell, e.g. --cell tool=modify_contact`);
  const rows = coverageRows(plan, { scenarios: catalog.list().map((s) => s.file), protagonists: [...catalog.protagonists.values()] });
  const behind = cellBehind(rows);
  if (!behind) throw new CommandFailure("--cell auto: every target of the coverage plan a scenario can serve is met");
  const cellText = Object.entries(behind.cell).map(([k, v]) => `${k}=${v}`).join(",");
  return { cell: behind.cell, cellText };
}
