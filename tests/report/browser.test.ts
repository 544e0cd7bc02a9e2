import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { CLI } from "../helpers.js";
import { ScenarioCatalog } from "../../scenarios/catalog.js";
import { DEFAULT_DATA_DIR } from "../../scenarios/paths.js";
import { loadRuns } from "../../report/load.js";
import { reportTables } from "../../report/tables.js";
import { writeFixtureRuns } from "./run-fixture.js";
import { BROWSER_SKIP, CHROMIUM, launchChromium } from "./chromium.js";

// The HTML report opened from disk in real headless Chromium, as a reader would use it. Without
// Chromium every test is skipped (BROWSER_SKIP names the package), except under CI.

let root: string;
let dirs: string[];
let file: string;
type Estimate = { value: number | null; lo: number | null; hi: number | null };
let json: { models: {
  model: string;
  table4: { overall: { value: number }; macro: { value: number }; tranches: Record<string, Record<string, Estimate>> };
  table5: Record<string, { value: number | null }>;
}[] };
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const consoleErrors: string[] = [];
const requests: string[] = [];

before(async () => {
  if (BROWSER_SKIP) return; // every test below is skipped (node:test runs a file's hooks regardless)
  assert.ok(fs.existsSync(CHROMIUM), `${CHROMIUM} is missing (CI=${process.env.CI}): install Debian's chromium package (apt-get install chromium)`);
  root = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-report-html-"));
  const runs = writeFixtureRuns(root, ScenarioCatalog.load(DEFAULT_DATA_DIR).catalog);
  dirs = [runs.gold, ...runs.shards];
  file = path.join(root, "report.html");
  const r = spawnSync(process.execPath, [CLI, "report", ...dirs, "--html", file, "--json"], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  json = JSON.parse(r.stdout);
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") consoleErrors.push(m.text()); });
  page.on("pageerror", (e) => consoleErrors.push(e.message));
  page.on("request", (r) => { if (r.url() !== `file://${file}`) requests.push(r.url()); });
  await page.goto(`file://${file}`);
  await page.waitForSelector("body[data-ready]");
});

after(async () => {
  await browser?.close();
});

const cellValues = (table: string, model: string) => page.$$eval(`#${table} tbody tr`, (trs, m) => {
  const tr = trs.find((t) => t.querySelector("td")!.textContent === m)!;
  return [...tr.querySelectorAll("td")].slice(1).map((td) => (td.getAttribute("data-value") === null ? null : Number(td.getAttribute("data-value"))));
}, model);

test("the tables show the numbers of --json", { skip: BROWSER_SKIP }, async () => {
  for (const m of json.models) {
    const t4 = await cellValues("table4", m.model);
    assert.equal(t4[0], m.table4.macro.value);
    assert.equal(t4[1], m.table4.overall.value);
    const t5 = await cellValues("table5", m.model);
    const keys = ["turns", "milestone_similarity", "retrieval", "response", "payload", "task_success", "question_answering", "entity_changes"];
    assert.deepEqual(t5, keys.map((k) => m.table5[k]!.value));
  }
  assert.equal(await page.locator("#chart-tranche svg").count(), 1);
  assert.equal(await page.locator("#chart-passk svg").count(), 1);
});

test("every chart point carries its 95% interval as an error bar, drawn from the tables' intervals", { skip: BROWSER_SKIP }, async () => {
  // Each error bar is a rule (lo to hi) with two caps; its tooltip names the point.
  const bars = (chart: string) => page.$$eval(`#${chart} g.mark-rule.role-mark line`, (lines) => lines.map((l) => ({
    label: l.getAttribute("aria-label") ?? "",
    top: l.getBoundingClientRect().top,
    bottom: l.getBoundingClientRect().bottom,
  })));
  const caps = (chart: string) => page.locator(`#${chart} g.mark-rect.role-mark:not(.layer_0_marks) path`).count();
  const abbrev: Record<string, string> = { Ref: "referential", Fun: "functional", Inf: "informational" };
  const tranche = await bars("chart-tranche");
  const expected = json.models.flatMap((m) => Object.values(m.table4.tranches).flatMap((levels) => Object.values(levels)).filter((e) => e.lo !== null));
  assert.equal(tranche.length, expected.length);
  assert.equal(await caps("chart-tranche"), 2 * tranche.length);
  // The y axis runs from 0 (bottom) to 1 (top): the bar's ends sit where its interval's ends do.
  const axis = await page.$eval("#chart-tranche g.mark-rule.role-axis-grid", (g) => {
    const ys = [...g.querySelectorAll("line")].map((l) => l.getBoundingClientRect().top);
    return { top: Math.min(...ys), bottom: Math.max(...ys) };
  });
  const at = (v: number) => axis.bottom - v * (axis.bottom - axis.top);
  let wide = 0;
  for (const bar of tranche) {
    const [, model, x] = /model: ([^;]+); x: ([^;]+);/.exec(bar.label)!;
    const [dim, level] = x!.split(" ");
    const e = json.models.find((m) => m.model === model)!.table4.tranches[abbrev[dim!]!]![level!]!;
    assert.ok(Math.abs(bar.top - at(e.hi!)) < 1.5 && Math.abs(bar.bottom - at(e.lo!)) < 1.5, `${bar.label}: drawn ${bar.top}-${bar.bottom}, interval ${at(e.hi!)}-${at(e.lo!)}`);
    assert.match(bar.label, new RegExp(`95% from: ${e.lo!.toFixed(3)}; 95% to: ${e.hi!.toFixed(3)}`));
    if (e.hi! - e.lo! > 0.05) wide++;
  }
  assert.ok(wide > 0, "some interval has a visible length");
  for (const chart of ["chart-challenge", "chart-passk"]) {
    const n = (await bars(chart)).length;
    assert.ok(n > 0, chart);
    assert.equal(await caps(chart), 2 * n, chart);
  }
});

test("a table wider than the window scrolls inside its own box; the page never scrolls sideways", { skip: BROWSER_SKIP }, async () => {
  const measure = () => page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    tables: [...document.querySelectorAll<HTMLElement>("#tables .wide")].map((box) => {
      const last = box.querySelector("thead th:last-child")!;
      const first = box.querySelector("tbody td:first-child")!;
      box.scrollLeft = box.scrollWidth;
      const r = box.getBoundingClientRect();
      const c = last.getBoundingClientRect();
      const shown = c.left >= r.left - 1 && c.right <= r.right + 1;
      // The row's name stays in view while the numbers scroll past it.
      const nameKept = Math.abs(first.getBoundingClientRect().left - r.left) < 2;
      box.scrollLeft = 0;
      const hint = getComputedStyle(box.nextElementSibling!, "::before").content;
      return {
        id: box.closest("section")!.id, overflows: box.scrollWidth > box.clientWidth + 1, marked: box.classList.contains("overflows"),
        scrollable: getComputedStyle(box).overflowX === "auto", lastShownAtEnd: shown, nameKept, hint,
      };
    }),
  }));
  try {
    for (const width of [1400, 640]) {
      await page.setViewportSize({ width, height: 900 });
      // The page marks overflowing tables on its resize event: wait until the marks agree with the layout.
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>("#tables .wide")]
        .every((box) => box.classList.contains("overflows") === box.scrollWidth > box.clientWidth + 1));
      const m = await measure();
      assert.ok(m.page <= 0, `at ${width} px the page scrolls sideways by ${m.page} px`);
      assert.ok(m.tables.length >= 3);
      for (const t of m.tables) {
        assert.ok(t.scrollable && t.lastShownAtEnd && t.nameKept, `${width} px: ${JSON.stringify(t)}`);
        assert.equal(t.marked, t.overflows, `${width} px: ${JSON.stringify(t)}`);
        assert.equal(/scroll sideways/.test(t.hint), t.overflows, `${width} px: ${JSON.stringify(t)}`);
      }
      if (width === 640) assert.ok(m.tables.find((t) => t.id === "table4")!.overflows, "Table 4 is wider than 640 px");
    }
  } finally {
    await page.setViewportSize({ width: 1400, height: 900 });
  }
});

test("filtering by protagonist recomputes the tables like the command; sorting reorders rows", { skip: BROWSER_SKIP }, async () => {
  await page.selectOption("#filters [name=protagonist]", "amara-okafor");
  await page.waitForFunction(() => document.querySelector("#shown")!.textContent !== "all episodes");
  const loaded = loadRuns(dirs);
  const rows = loaded.rows.filter((r) => r.protagonist === "amara-okafor");
  const expected = reportTables(rows);
  assert.equal(await page.textContent("#shown"), `${rows.length} of ${loaded.rows.length} episodes`);
  for (const m of expected.models) assert.equal((await cellValues("table4", m.model))[1], m.table4.overall.value);
  assert.equal(await page.locator("#scenarios tbody tr").count(), new Set(rows.map((r) => r.scenario_id)).size);

  await page.selectOption("#filters [name=challenge]", "misinformation");
  const both = loaded.rows.filter((r) => r.protagonist === "amara-okafor" && r.challenges.misinformation);
  assert.equal(await page.textContent("#shown"), `${both.length} of ${loaded.rows.length} episodes`);
  await page.click("#filters button[type=reset]");
  await page.waitForFunction(() => document.querySelector("#shown")!.textContent === "all episodes");

  const sloppyColumn = 7; // scenario, protagonist, 3 tranches, challenge, gold, sloppy
  const column = () => page.$$eval("#scenarios tbody tr", (trs, c) => trs.map((t) => Number(t.querySelectorAll("td")[c]!.getAttribute("data-value"))), sloppyColumn);
  await page.click(`#scenarios th[data-col="${sloppyColumn}"]`);
  const asc = await column();
  assert.deepEqual(asc, [...asc].sort((a, b) => a - b));
  await page.click(`#scenarios th[data-col="${sloppyColumn}"]`);
  const desc = await column();
  assert.deepEqual(desc, [...asc].sort((a, b) => b - a));
});

test("a click opens a trajectory: its steps, the diff of each write, the matched milestones; side by side", { skip: BROWSER_SKIP }, async () => {
  await page.click('#scenarios td.ep[data-model="sloppy"][data-scenario="amara-026"]');
  const pane = page.locator('.pane[data-model="sloppy"][data-scenario="amara-026"][data-trial="1"]');
  await pane.waitFor();
  assert.ok(await pane.locator(".step").count() >= 5);
  const write = pane.locator(".step.write");
  assert.equal(await write.locator(".head b").textContent(), "send_message");
  assert.match(await write.locator(".diff").textContent() ?? "", /sms_messages changed.*\+ sms_new\d/);
  assert.match(await write.locator(".badge.milestone").textContent() ?? "", /milestone texted 1\.00/);
  assert.match(await pane.locator("table.nodes").textContent() ?? "", /milestone lookup.*retrieval/);

  await page.selectOption("#picker [name=trial]", "2");
  await page.selectOption("#picker [name=compare]", "gold");
  await page.locator('.pane[data-model="gold"][data-trial="2"]').waitFor();
  assert.equal(await page.locator(".pane").count(), 2);
  const left = page.locator('.pane[data-model="sloppy"]');
  assert.match(await left.textContent() ?? "", /not passed/);
  assert.equal(await left.locator(".step.write").count(), 0); // trial 2 dropped the write
  assert.match(await page.locator('.pane[data-model="gold"]').textContent() ?? "", /passed/);
  const shot = path.join(root, "viewer.png");
  await page.screenshot({ path: shot, fullPage: true });
  assert.ok(fs.statSync(shot).size > 10_000);
});

test("unaccounted changes are listed; a link opens an episode; no console error, no network request", { skip: BROWSER_SKIP }, async () => {
  await page.goto(`file://${file}#sloppy/amara-017/3`);
  await page.reload();
  await page.waitForSelector('.pane[data-model="sloppy"][data-scenario="amara-017"][data-trial="3"]');
  assert.match(await page.locator(".unaccounted").textContent() ?? "", /added contacts ct_new\d+ by step \d+/);
  assert.deepEqual(consoleErrors, []);
  assert.deepEqual(requests, []);
});

test("the page's Content-Security-Policy stops any other script and any request", { skip: BROWSER_SKIP }, async () => {
  const outcome = await page.evaluate(async () => {
    const w = window as unknown as { injected?: number };
    document.body.insertAdjacentHTML("beforeend", '<img src="data:," onerror="window.injected = 1">');
    const s = document.createElement("script");
    s.textContent = "window.injected = 2";
    document.body.append(s);
    let fetched = "no error";
    try { await fetch("http://127.0.0.1:9/"); } catch (e) { fetched = (e as Error).name; }
    await new Promise((r) => setTimeout(r, 100));
    return { injected: w.injected ?? null, fetched };
  });
  assert.deepEqual(outcome, { injected: null, fetched: "TypeError" });
  assert.deepEqual(requests, []); // without the policy the fetch would be a request (refused by the port)
  assert.ok(consoleErrors.some((m) => /Content Security Policy/.test(m)), consoleErrors.join("\n"));
});
