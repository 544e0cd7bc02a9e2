import fs from "node:fs";
import path from "node:path";

// The Dockerfile and .dockerignore read the way Docker reads them, so that a test can build the
// image's tree without a container engine: the same copies from the same context, the same
// exclusions. Only what pimbox's Dockerfile uses is supported; anything else is an error saying
// so, rather than a silently different tree.

export interface Instruction { keyword: string; args: string; line: number }
export interface Stage { from: string; name: string | null; instructions: Instruction[] }

/** The stages of a Dockerfile: continuation lines joined, comments dropped. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const start = i + 1;
    let line = lines[i]!.trim();
    if (line === "" || line.startsWith("#")) continue;
    while (line.endsWith("\\") && i + 1 < lines.length) line = `${line.slice(0, -1).trimEnd()} ${lines[++i]!.trim()}`;
    const m = /^(\S+)\s*(.*)$/.exec(line)!;
    const keyword = m[1]!.toUpperCase();
    const args = m[2]!;
    if (keyword === "FROM") {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!from) throw new Error(`Dockerfile line ${start}: FROM ${args}: not "image [AS name]"`);
      stages.push({ from: from[1]!, name: from[2] ?? null, instructions: [] });
      continue;
    }
    if (stages.length === 0) throw new Error(`Dockerfile line ${start}: ${keyword} before the first FROM`);
    stages.at(-1)!.instructions.push({ keyword, args, line: start });
  }
  return stages;
}

/** An instruction's words: the JSON array form, or words separated by white space. */
export function words(args: string): string[] {
  return args.startsWith("[") ? (JSON.parse(args) as string[]) : args.split(/\s+/).filter(Boolean);
}

interface IgnoreRule { exclude: boolean; pattern: RegExp; text: string }

/** .dockerignore: one pattern a line, # comments, ! exceptions, a leading / dropped; `*` and `?`
 *  stay inside one path segment, `**` spans any number of them; the last matching rule wins; a
 *  rule that matches a folder matches everything in it. */
export class DockerIgnore {
  private readonly rules: IgnoreRule[];

  constructor(text: string) {
    this.rules = text.split("\n").map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("#")).map((l) => {
      const exclude = !l.startsWith("!");
      const raw = path.posix.normalize((exclude ? l : l.slice(1).trim()).replace(/^\/+/, "")).replace(/\/$/, "");
      return { exclude, pattern: patternRegex(raw), text: l };
    });
  }

  /** true when the path (relative to the context, with /) is left out of the context. */
  excludes(rel: string): boolean {
    const parts = rel.split("/");
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join("/"));
    let excluded = false;
    for (const rule of this.rules) {
      if (prefixes.some((p) => rule.pattern.test(p))) excluded = rule.exclude;
    }
    return excluded;
  }

  get hasExceptions(): boolean { return this.rules.some((r) => !r.exclude); }
}

function patternRegex(p: string): RegExp {
  let re = "";
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === "*" && p[i + 1] === "*") {
      i++;
      if (p[i + 1] === "/") { i++; re += "(?:.*/)?"; } else re += ".*";
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = p.indexOf("]", i + 1);
      if (end < 0) throw new Error(`.dockerignore: unclosed [ in "${p}"`);
      re += p.slice(i, end + 1).replace(/^\[!/, "[^");
      i = end;
    } else if (c === "\\") re += `\\${p[++i] ?? "\\"}`;
    else re += c.replace(/[.+^${}()|/]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

/** Every file of the context folder that the ignore file lets through, relative, with /. */
export function contextFiles(contextDir: string, ignore: DockerIgnore): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const d of fs.readdirSync(path.join(contextDir, rel), { withFileTypes: true })) {
      const child = rel === "" ? d.name : `${rel}/${d.name}`;
      // A folder that is excluded is skipped whole, unless an exception might bring part back.
      if (d.isDirectory()) { if (!ignore.excludes(child) || ignore.hasExceptions) walk(child); continue; }
      if (!ignore.excludes(child)) out.push(child);
    }
  };
  walk("");
  return out.sort();
}

/** Copies the context into `root` (the image's `/`) as the stage's COPY instructions say, and
 *  returns the stage's working directory inside `root`. */
export function stageCopies(stage: Stage, contextDir: string, ignore: DockerIgnore, root: string): string {
  let workdir = "/";
  const files = contextFiles(contextDir, ignore);
  for (const ins of stage.instructions) {
    if (ins.keyword === "WORKDIR") { workdir = path.posix.resolve(workdir, ins.args.trim()); continue; }
    if (ins.keyword !== "COPY" && ins.keyword !== "ADD") continue;
    const all = words(ins.args);
    const flags = all.filter((w) => w.startsWith("--"));
    if (ins.keyword === "ADD" || flags.some((f) => f.startsWith("--from"))) throw new Error(`Dockerfile line ${ins.line}: ${ins.keyword} ${ins.args}: the build stage may only COPY from the context`);
    const [dest, ...sources] = all.filter((w) => !w.startsWith("--")).reverse();
    const target = path.posix.resolve(workdir, dest!);
    for (const source of sources.reverse()) {
      if (/[*?[]/.test(source)) throw new Error(`Dockerfile line ${ins.line}: wildcard source "${source}" is not supported by this test's stager`);
      const src = path.posix.normalize(source).replace(/^\.\/?$/, "").replace(/^\/+|\/+$/g, "");
      const under = files.filter((f) => src === "" || f.startsWith(`${src}/`));
      if (files.includes(src)) {
        const to = dest!.endsWith("/") ? path.posix.join(target, path.posix.basename(src)) : target;
        copy(path.join(contextDir, src), path.join(root, to));
      } else if (under.length > 0) {
        for (const f of under) copy(path.join(contextDir, f), path.join(root, target, src === "" ? f : f.slice(src.length + 1)));
      } else {
        throw new Error(`Dockerfile line ${ins.line}: COPY ${source}: not in the context (missing, or excluded by .dockerignore)`);
      }
    }
  }
  return path.join(root, workdir);
}

function copy(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(from, to);
  fs.chmodSync(to, fs.statSync(from).mode);
}

/** The stage's ENV instructions (`KEY=value` or `KEY value`). */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const ins of stage.instructions.filter((i) => i.keyword === "ENV")) {
    const eq = /^(\w+)=(.*)$/.exec(ins.args.trim());
    const sp = /^(\w+)\s+(.*)$/.exec(ins.args.trim());
    const [, key, value] = eq ?? sp ?? [];
    if (!key) throw new Error(`Dockerfile line ${ins.line}: ENV ${ins.args}: not KEY=value`);
    env[key] = value!.replace(/^"(.*)"$/, "$1");
  }
  return env;
}
