import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ScenarioCatalog } from "../scenarios/catalog.js";
import { buildReport, reportHtml, reportMarkdown } from "../report/report.js";
import { DEFAULT_POOL } from "../report/episode-pool.js";
import { scorePath, trajectoryPath } from "../run/run-dir.js";
import { writeRunDir, type Variant } from "../tests/report/run-fixture.js";
import { launchChromium } from "../tests/report/chromium.js";
import type { BenchResult } from "./sandbox.js";

// The report of every shipped scenario x 3 trials x 3 synthetic models (gold trajectories and
// their degraded variants, scored by the real scorer): generation time against reading and
// JSON.stringify-ing the same files, and the page's first contentful paint in Chromium against
// an almost empty page's, both from the browser's own performance timeline. The synthetic
// models repeat trajectories (there are three scripts per scenario), so generation is measured
// twice: as shipped (each distinct log replayed once) and replaying every log, as a run whose
// trajectories all differ would.

const VARIANTS: Variant[] = ["gold", "drop-step", "wrong-answer"];
const MODELS: { label: string; variant: (trial: number, i: number) => Variant }[] = [
  { label: "model-a", variant: () => "gold" },
  { label: "model-b", variant: (t) => VARIANTS[t - 1]! },
  { label: "model-c", variant: (t, i) => VARIANTS[(t + i) % 3]! },
];

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchReport(dataDir: string): Promise<BenchResult[]> {
  const { catalog } = ScenarioCatalog.load(dataDir);
  const ids = catalog.list().map((s) => s.id);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-bench-report-"));
  try {
    const dirs = MODELS.map((m) => {
      const dir = path.join(root, m.label);
      writeRunDir(dir, catalog, { label: m.label, trials: 3, scenarioIds: ids, variant: m.variant });
      return dir;
    });
    const episodes = ids.length * 3 * MODELS.length;

    const baseline = () => {
      const t0 = process.hrtime.bigint();
      const data = dirs.map((dir) => ({
        results: fs.readFileSync(path.join(dir, "results.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as unknown),
        episodes: ids.flatMap((id) => [1, 2, 3].map((t) => ({
          log: fs.readFileSync(path.join(dir, trajectoryPath(id, t)), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as unknown),
          score: JSON.parse(fs.readFileSync(path.join(dir, scorePath(id, t)), "utf8")) as unknown,
        }))),
      }));
      return { time: ms(t0), bytes: JSON.stringify(data).length };
    };
    const generate = async (reuse: boolean) => {
      const t0 = process.hrtime.bigint();
      const cpu0 = process.cpuUsage();
      const report = buildReport(dirs);
      reportMarkdown(report);
      const html = await reportHtml(report, dataDir, undefined, { ...DEFAULT_POOL, reuse });
      // CPU time of every thread: on a shared machine it shows what wall time hides.
      const cpu = process.cpuUsage(cpu0);
      return { time: ms(t0), cpu: (cpu.user + cpu.system) / 1e3, html };
    };
    baseline();
    const base = baseline();
    const steps = (text: string) => text.slice(text.indexOf("\n") + 1);
    const distinct = new Set(dirs.flatMap((dir) => ids.flatMap((id) => [1, 2, 3].map((t) => id + steps(fs.readFileSync(path.join(dir, trajectoryPath(id, t)), "utf8")))))).size;
    const gen = await generate(true);
    const every = await generate(false);
    const file = path.join(root, "report.html");
    fs.writeFileSync(file, gen.html);
    const empty = path.join(root, "empty.html");
    fs.writeFileSync(empty, "<!doctype html><html><head><meta charset=\"utf-8\"></head><body><p>pimbox</p></body></html>");

    const browser = await launchChromium();
    const fcp = async (f: string) => {
      const page = await browser.context.newPage();
      await page.goto(`file://${f}`);
      const t = await page.evaluate(() => new Promise<number>((resolve) => {
        const seen = performance.getEntriesByName("first-contentful-paint")[0];
        if (seen) return resolve(seen.startTime);
        new PerformanceObserver((l) => resolve(l.getEntries()[0]!.startTime)).observe({ type: "paint", buffered: true });
      }));
      await page.close();
      return t;
    };
    const emptyFcp: number[] = [];
    const reportFcp: number[] = [];
    try {
      await fcp(empty);
      for (let i = 0; i < 3; i++) { emptyFcp.push(await fcp(empty)); reportFcp.push(await fcp(file)); }
    } finally {
      await browser.close();
    }
    const e = median(emptyFcp);
    const r = median(reportFcp);
    const generation = (what: string, g: { time: number; cpu: number; html: string }): BenchResult => ({
      name: `report: generation, ${ids.length} scenarios x 3 trials x ${MODELS.length} models (${episodes} episodes), ${what}`,
      ratio: g.time / base.time,
      target: "< 10 s (issue 10); ratio: generation / reading + JSON.stringify of the same run files",
      pass: g.time < 10_000,
      detail: `${(g.time / 1000).toFixed(2)} s (CPU ${(g.cpu / 1000).toFixed(2)} s over ${DEFAULT_POOL.threads} worker threads and this one) for ${(g.html.length / 1e6).toFixed(1)} MB of HTML; baseline ${base.time.toFixed(0)} ms for ${(base.bytes / 1e6).toFixed(1)} MB of JSON`,
    });
    return [generation(`each of the ${distinct} distinct logs replayed once`, gen), generation("every log replayed (worst case)", every), {
      name: "report: first contentful paint of that HTML in Chromium (performance timeline)",
      ratio: r / e,
      target: "< 2 s (issue 10); ratio: report FCP / FCP of an almost empty page",
      pass: r < 2000,
      detail: `median of 3: ${r.toFixed(0)} ms; empty page ${e.toFixed(0)} ms`,
    }];
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
