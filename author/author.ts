import fs from "node:fs";
import path from "node:path";
import type { Model } from "../run/model.js";
import { ScenarioCatalog } from "../scenarios/catalog.js";
import type { ProtagonistFile } from "../scenarios/protagonist-format.js";
import { goldCalls } from "../scenarios/scenario-format.js";
import { draftingMessages } from "./prompt.js";
import { parseDraft } from "./draft.js";
import { protagonistDir, verifyDraft, type DraftCheck } from "./verify-draft.js";
import type { Cell } from "./cell.js";

// `pimbox author`'s loop: plan (the cell), generate (a model drafts), verify (every gate), and
// write each draft for a person to review, with every check's result. Drafts that pass go to
// <out>/ready/, the others to <out>/refused/ with what failed; <out>/author.jsonl logs each one.

export interface AuthorOptions {
  dataDir: string;
  protagonist: string;
  cell: Cell;
  /** The cell as written, for the draft's origin. */
  cellText: string;
  count: number;
  /** Times a refused draft goes back to the model with what failed, for a corrected one. */
  repairs: number;
  model: Model;
  out: string;
  /** When the draft is made (the origin's date); tests pin it. */
  now?: () => Date;
}

export interface DraftResult {
  id: string;
  ready: boolean;
  file: string;
  checks: DraftCheck[];
  /** Model calls it took: 1, plus one per repair. */
  attempts: number;
  latency_ms: number | null;
  usage: { prompt_tokens: number; completion_tokens: number } | null;
}

export async function authorDrafts(o: AuthorOptions, onDraft: (r: DraftResult) => void = () => {}): Promise<DraftResult[]> {
  const { catalog, faults } = ScenarioCatalog.load(o.dataDir);
  const protagonist: ProtagonistFile | undefined = catalog.protagonists.get(o.protagonist);
  if (!protagonist) throw new Error(`no protagonist "${o.protagonist}" in ${o.dataDir}${faults.length ? ` (${faults.length} file(s) refused)` : ""}`);
  const dir = protagonistDir(o.dataDir, o.protagonist)!;
  const story = readOptional(path.join(o.dataDir, dir, "STORY.md"));
  const own = catalog.list().filter((s) => s.file.protagonist === o.protagonist);
  const example = (o.cell.tool && own.find((s) => goldCalls(s.file, o.cell.tool!))) || own[0];
  for (const sub of ["ready", "refused"]) fs.mkdirSync(path.join(o.out, sub), { recursive: true });

  const results: DraftResult[] = [];
  for (let i = 0; i < o.count; i++) {
    const id = nextId(o.protagonist, [...own.map((s) => s.id), ...draftsIn(o.out)]);
    const messages = draftingMessages({ protagonist, story, example: example?.file, cell: o.cell, id, taken: own.map((s) => s.file.query) });
    let text: string | null = null;
    let checks: DraftCheck[] = [];
    let latency: number | null = null, attempts = 0;
    let usage = null as DraftResult["usage"];
    for (; attempts <= o.repairs; ) {
      attempts++;
      try {
        const completion = await o.model.complete(messages);
        text = completion.content;
        latency = (latency ?? 0) + completion.latency_ms;
        if (completion.usage) usage = { prompt_tokens: (usage?.prompt_tokens ?? 0) + completion.usage.prompt_tokens, completion_tokens: (usage?.completion_tokens ?? 0) + completion.usage.completion_tokens };
        const parsed = parseDraft(text, id, o.protagonist, { model: o.model.name, cell: o.cellText, date: (o.now?.() ?? new Date()).toISOString().slice(0, 10) });
        checks = parsed.ok ? gatesOf(o, parsed.draft) : [{ check: "a JSON scenario", ok: false, detail: parsed.error }];
        if (checks.every((c) => c.ok)) { text = JSON.stringify(parsed.ok ? parsed.draft : {}, null, 1) + "\n"; break; }
        // The model sees what failed, as a person would, and answers with the whole file again.
        messages.push({ role: "assistant", content: completion.content ?? "" }, { role: "user", content: repairRequest(checks) });
        if (parsed.ok) text = JSON.stringify(parsed.draft, null, 1) + "\n";
      } catch (e) {
        checks = [{ check: "the model answered", ok: false, detail: (e as Error).message }];
        break;
      }
    }
    const ready = checks.length > 0 && checks.every((c) => c.ok);
    const folder = path.join(o.out, ready ? "ready" : "refused");
    const file = path.join(folder, `${id}.json`);
    // A refused answer is kept as the model wrote it, so a person can see what went wrong.
    fs.writeFileSync(file, text ?? "");
    fs.writeFileSync(path.join(folder, `${id}.checks.json`), JSON.stringify({ id, ready, cell: o.cellText, model: o.model.name, checks }, null, 2) + "\n");
    const result: DraftResult = { id, ready, file, checks, attempts, latency_ms: latency, usage };
    fs.appendFileSync(path.join(o.out, "author.jsonl"), JSON.stringify({ id, ready, cell: o.cellText, model: o.model.name, attempts, failed: checks.filter((c) => !c.ok).map((c) => c.check), latency_ms: latency, usage }) + "\n");
    results.push(result);
    onDraft(result);
  }
  return results;
}

/** The gates, beside the drafts this out folder already holds as ready; a gate that throws is a
 *  failed check naming the error, not the model's fault. */
function gatesOf(o: AuthorOptions, draft: Record<string, unknown>): DraftCheck[] {
  const readyDir = path.join(o.out, "ready");
  const ready = fs.readdirSync(readyDir).filter((n) => n.endsWith(".json") && !n.endsWith(".checks.json")).map((n) => path.join(readyDir, n))
    .filter((f) => { try { return (JSON.parse(fs.readFileSync(f, "utf8")) as { protagonist?: unknown }).protagonist === o.protagonist; } catch { return false; } });
  try {
    return verifyDraft(o.dataDir, o.protagonist, draft, o.cell, ready);
  } catch (e) {
    return [{ check: "the gates ran", ok: false, detail: `checking the draft failed: ${(e as Error).message}` }];
  }
}

function repairRequest(checks: readonly DraftCheck[]): string {
  const failed = checks.filter((c) => !c.ok).map((c) => [`- ${c.check}: ${c.detail}`, ...(c.faults ?? []).map((f) => `  - ${f.pointer}: ${f.message}`)].join("\n"));
  return `The draft does not pass these checks:\n${failed.join("\n")}\n\nFix them and answer with the whole corrected scenario as one JSON object, nothing else.`;
}

const readOptional = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined);

/** Ids already written in the out folder, ready or refused: a second run goes on numbering. */
function draftsIn(out: string): string[] {
  return ["ready", "refused"].flatMap((sub) => {
    const dir = path.join(out, sub);
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith(".json") && !n.endsWith(".checks.json")).map((n) => n.slice(0, -5)) : [];
  });
}

/** The next free id of the person's numbering: "ravi-063" after "ravi-062". The prefix is the
 *  one their scenarios use, or the first word of their id. */
export function nextId(protagonist: string, taken: readonly string[]): string {
  const numbered = taken.map((t) => /^(.*?)-(\d+)$/.exec(t)).filter((m): m is RegExpExecArray => m !== null);
  const prefix = numbered[0]?.[1] ?? protagonist.split("-")[0]!;
  const width = numbered[0]?.[2]!.length ?? 3;
  const max = Math.max(0, ...numbered.filter((m) => m[1] === prefix).map((m) => Number(m[2])));
  return `${prefix}-${String(max + 1).padStart(width, "0")}`;
}
