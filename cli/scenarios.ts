import { summary } from "../server/routes-scenarios.js";
import { checkProtagonist, loadCatalog } from "./catalog.js";

export function scenariosCommand(opts: { data: string; json?: boolean; protagonist?: string }): void {
  checkProtagonist(opts.data, opts.protagonist);
  const catalog = loadCatalog(opts.data);
  const list = catalog.list().filter((s) => !opts.protagonist || s.file.protagonist === opts.protagonist).map(summary);
  if (opts.json) { process.stdout.write(JSON.stringify(list, null, 2) + "\n"); return; }
  for (const s of list) {
    const c = s.complexity;
    process.stdout.write(`${s.id.padEnd(28)} ${s.reference_time.padEnd(20)} ${s.turns.padEnd(6)} R:${c.referential[0]} F:${c.functional[0]} I:${c.informational[0]}  ${s.query.slice(0, 70)}\n`);
  }
  process.stdout.write(`${list.length} scenario(s)\n`);
}
