import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Episode } from "../episode/episode.js";
import { logHeader, logHeaderOf, loggedStep, type LoggedStep } from "../episode/log.js";

// `pimbox serve --state-dir DIR`: one journal per live episode, DIR/<episode id>.jsonl, a
// trajectory log (so `pimbox score` reads it as is) whose header also names the episode and the
// hash of its agent credential. Each step is appended before the request that made it is
// answered, so a killed process loses at most the request in flight; on start, every journal is
// replayed into a live episode with the same id, state and score.

export const journalHeader = logHeader.extend({
  episode: z.object({
    id: z.string().regex(/^[0-9a-f-]{36}$/),
    agent_token_sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  }),
});
export type JournalHeader = z.infer<typeof journalHeader>;

export interface Journal { header: JournalHeader; steps: LoggedStep[] }
export type JournalRead = { ok: true; file: string; journal: Journal } | { ok: false; file: string; reason: string };

const JOURNAL_FILE = /^[0-9a-f-]{36}\.jsonl$/;

export class StateDir {
  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  private file(id: string): string {
    return path.join(this.dir, `${id}.jsonl`);
  }

  /** Writes the episode's journal whole (header and every step so far; a temporary file renamed
   *  over the old one, so it is never half-written), then appends each later step. */
  attach(episode: Episode, credentialSha256: string | undefined): void {
    const header: JournalHeader = {
      ...logHeaderOf(episode.scenario.id, episode.options, episode.agent),
      episode: { id: episode.id, ...(credentialSha256 === undefined ? {} : { agent_token_sha256: credentialSha256 }) },
    };
    const file = this.file(episode.id);
    const tmp = `${file}.tmp`;
    fs.writeFileSync(tmp, [header, ...episode.recordedSteps].map((x) => JSON.stringify(x)).join("\n") + "\n");
    fs.renameSync(tmp, file);
    // appendFileSync opens, writes and closes: no descriptor is held per episode, and the line
    // is in the kernel before the caller answers.
    episode.observe({ step: (step) => { fs.appendFileSync(file, `${JSON.stringify(step)}\n`); } });
  }

  remove(id: string): void {
    fs.rmSync(this.file(id), { force: true });
  }

  /** Moves a journal that cannot be restored aside (DIR/unrestorable/), keeping it for a person. */
  setAside(file: string): void {
    const aside = path.join(this.dir, "unrestorable");
    fs.mkdirSync(aside, { recursive: true });
    fs.renameSync(file, path.join(aside, path.basename(file)));
  }

  /** Every journal in the folder, parsed, or why it cannot be. A last line without its newline
   *  is the append that was cut short by a kill: that request was never answered, so it is dropped. */
  read(): JournalRead[] {
    const out: JournalRead[] = [];
    for (const name of fs.readdirSync(this.dir).filter((n) => JOURNAL_FILE.test(n)).sort()) {
      const file = path.join(this.dir, name);
      try {
        out.push({ ok: true, file, journal: parseJournal(fs.readFileSync(file, "utf8"), name.slice(0, -".jsonl".length)) });
      } catch (e) {
        out.push({ ok: false, file, reason: (e as Error).message });
      }
    }
    return out;
  }
}

function parseJournal(text: string, id: string): Journal {
  const lines = text.split("\n");
  lines.pop(); // "" after the last newline, or the torn last line
  if (lines.length === 0) throw new Error("empty journal");
  const header = journalHeader.parse(JSON.parse(lines[0]!));
  if (header.episode.id !== id) throw new Error(`the header names episode ${header.episode.id}, not ${id}`);
  const steps = lines.slice(1).map((line, i) => {
    try {
      return loggedStep.parse(JSON.parse(line));
    } catch (e) {
      throw new Error(`line ${i + 2}: ${(e as Error).message.slice(0, 200)}`);
    }
  });
  return { header, steps };
}
