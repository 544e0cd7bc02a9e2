import fs from "node:fs";
import path from "node:path";
import { loadProtagonistFile } from "../scenarios/protagonist-load.js";
import type { Fault } from "../scenarios/json-schema.js";

export interface ValidateOptions { data: string; json?: boolean; protagonist?: string }

export function validateCommand(opts: ValidateOptions): number {
  const faults: Fault[] = [];
  const dirs = fs.readdirSync(opts.data, { withFileTypes: true })
    .filter((d) => d.isDirectory() && (!opts.protagonist || d.name === opts.protagonist))
    .map((d) => d.name).sort();
  let protagonists = 0;
  for (const dir of dirs) {
    const result = loadProtagonistFile(path.join(opts.data, dir, "protagonist.json"));
    if (result.ok) protagonists++;
    else faults.push(...result.faults);
  }
  if (opts.json) process.stdout.write(JSON.stringify({ protagonists, failures: faults }, null, 2) + "\n");
  else {
    for (const f of faults) process.stdout.write(`${f.file}#${f.pointer}: ${f.message}\n`);
    process.stdout.write(`${protagonists} protagonist(s) valid, ${faults.length} failure(s)\n`);
  }
  return faults.length ? 1 : 0;
}
