import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { CLI, FIXTURE_DATA, call, openEpisode } from "../helpers.js";
import { writeLog } from "../../episode/log.js";

function pimbox(args: string[], input?: string) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", input, env: { ...process.env, PIMBOX_DATA: FIXTURE_DATA } });
}

test("every command has --help and exits 0", () => {
  for (const cmd of [[], ["serve"], ["mcp"], ["scenarios"], ["score"], ["validate"]]) {
    const r = pimbox([...cmd, "--help"]);
    assert.equal(r.status, 0, cmd.join(" "));
    assert.match(r.stdout, /Usage: pimbox/);
  }
});

test("usage errors exit 2 with a message on stderr", () => {
  for (const args of [["frobnicate"], ["mcp"], ["serve", "--port", "http"], ["mcp", "--scenario", "no-such-scenario"], ["scenarios", "--bogus"],
    ["serve", "--data", "/nonexistent/pimbox-data"], ["serve", "--max-steps", "lots"], ["serve", "--max-episodes", "0"]]) {
    const r = pimbox(args);
    assert.equal(r.status, 2, args.join(" "));
    assert.ok(r.stderr.length > 0, args.join(" "));
  }
});

test("an unknown command exits 2 with or without --help, naming the command", () => {
  for (const args of [["typo"], ["typo", "--help"], ["--help", "typo"], ["typo", "-h"], ["scenarioz", "--help", "--json"]]) {
    const r = pimbox(args);
    assert.equal(r.status, 2, args.join(" "));
    assert.match(r.stderr, /unknown command '(typo|scenarioz)'/, args.join(" "));
    assert.equal(r.stdout, "", args.join(" "));
  }
  assert.match(pimbox(["scenarioz"]).stderr, /Did you mean scenarios\?/);
  assert.equal(pimbox(["help", "typo"]).status, 2);
  assert.equal(pimbox(["--help"]).status, 0);
});

test("pimbox scenarios --json prints id, protagonist and reference_time", () => {
  const r = pimbox(["scenarios", "--json"]);
  assert.equal(r.status, 0);
  const list = JSON.parse(r.stdout) as { id: string; protagonist: string; reference_time: string }[];
  const s = list.find((x) => x.id === "test-move-dinner")!;
  assert.equal(s.protagonist, "test-person");
  assert.equal(s.reference_time, "2026-10-28T20:00:00");
});

test("pimbox score reads a JSONL log and prints the report; --json prints JSON; a bad log exits 1 naming the line", () => {
  const e = openEpisode();
  call(e, "search_calendar_events", { query: "Jess" });
  call(e, "modify_calendar_event", { event_id: "evt_dinner_jess", start: "2026-10-30T19:00:00" });
  e.agentMessage("Moved it to Friday.");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-"));
  const file = path.join(dir, "run.jsonl");
  fs.writeFileSync(file, writeLog(e.scenario.id, e.options, e.trajectory().steps));
  const json = pimbox(["score", file, "--json"]);
  assert.equal(json.status, 0, json.stderr);
  assert.equal(JSON.parse(json.stdout).score, 1);
  const table = pimbox(["score", file]);
  assert.equal(table.status, 0);
  assert.match(table.stdout, /moved/);
  fs.writeFileSync(file, fs.readFileSync(file, "utf8") + "{not json}\n");
  const bad = pimbox(["score", file]);
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /run\.jsonl: line \d+: not JSON/);
  assert.doesNotMatch(bad.stderr, /\n\s+at /, "a stack trace");
});

test("pimbox score takes a folder and several files: one process, a summary table, exit 1 if one fails", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-logs-"));
  const good = openEpisode();
  call(good, "search_calendar_events", { query: "Jess" });
  call(good, "modify_calendar_event", { event_id: "evt_dinner_jess", start: "2026-10-30T19:00:00" });
  good.agentMessage("Moved it to Friday.");
  fs.writeFileSync(path.join(dir, "a.jsonl"), writeLog(good.scenario.id, good.options, good.trajectory().steps));
  const idle = openEpisode("test-ask-sam");
  fs.mkdirSync(path.join(dir, "more"));
  fs.writeFileSync(path.join(dir, "more", "b.jsonl"), writeLog(idle.scenario.id, idle.options, idle.trajectory().steps));
  const ok = pimbox(["score", dir]);
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /a\.jsonl\s+test-move-dinner\s+1\.000\s+yes/);
  assert.match(ok.stdout, /b\.jsonl\s+test-ask-sam\s+0\.000\s+no/);
  assert.match(ok.stdout, /2 file\(s\): 2 scored, 0 failed; mean score 0\.500; passed 1\/2/);
  fs.writeFileSync(path.join(dir, "broken.jsonl"), "nope\n");
  const json = pimbox(["score", dir, path.join(dir, "a.jsonl"), "--json"]);
  assert.equal(json.status, 1);
  const rows = JSON.parse(json.stdout) as { file: string; report?: { score: number }; error?: string }[];
  assert.deepEqual(rows.map((r) => [path.basename(r.file), r.report?.score ?? r.error!.slice(0, 6)]), [["a.jsonl", 1], ["broken.jsonl", "line 1"], ["b.jsonl", 0], ["a.jsonl", 1]]);
});

test("typos exit 2 and list the valid values, the same in every command, with no stack trace", () => {
  const cases: [string[], RegExp][] = [
    [["validate", "--protagonist", "test"], /no protagonist "test"; valid: test-person/],
    [["scenarios", "--protagonist", "test"], /no protagonist "test"; valid: test-person/],
    [["replay", "test-move-diner"], /no scenario "test-move-diner"; valid: test-ask-sam, test-move-dinner/],
    [["mcp", "--scenario", "test-move-diner"], /no scenario "test-move-diner"; valid:/],
    [["score", "-", "--scenario", "test-move-diner"], /no scenario "test-move-diner"; valid:/],
    [["replay", "test-move-dinner", "--negative", "7"], /--negative: .* valid: /],
    [["score", "/nonexistent/run.jsonl"], /no file or folder/],
    [["mcp", "--scenario", "test-move-dinner", "--log", "/nonexistent/dir/run.jsonl"], /--log: the folder of/],
    [["validate", "--data", "/nonexistent/data"], /--data: .* is not a folder/],
  ];
  for (const [args, message] of cases) {
    const r = pimbox(args, "");
    assert.equal(r.status, 2, args.join(" "));
    assert.match(r.stderr, message, args.join(" "));
    assert.doesNotMatch(r.stderr, /\n\s+at /, args.join(" "));
  }
});

test("replay --answer tries another wording of the final answer against the scenario's checks", () => {
  const markdown = "## Dinner with Jess\n\n- **Moved:** to *Friday* 30 October\n- 7-9pm at Luca's";
  const passed = pimbox(["replay", "test-move-dinner", "--answer", "-", "--json"], markdown);
  assert.equal(passed.status, 0, passed.stderr);
  const report = JSON.parse(passed.stdout);
  assert.equal(report.steps.at(-1).content, markdown);
  assert.equal(report.report.score, 1);
  const failed = JSON.parse(pimbox(["replay", "test-move-dinner", "--answer", "Done, it is moved.", "--json"]).stdout);
  assert.ok(failed.report.score < 1);
});

test("output into a closed pipe ends quietly (EPIPE)", () => {
  const r = spawnSync("/bin/sh", ["-c", `"${process.execPath}" "${CLI}" scenarios --json --data "${FIXTURE_DATA}" | head -c 10`], { encoding: "utf8" });
  assert.equal(r.stderr, "");
  assert.equal(r.stdout.length, 10);
});

test("pimbox validate passes on the fixture data", () => {
  const r = pimbox(["validate", "--json"]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const out = JSON.parse(r.stdout) as { scenarios: number; failures: unknown[] };
  assert.equal(out.failures.length, 0);
  assert.ok(out.scenarios >= 2);
});

test("pimbox serve listens on the port it prints and stops on SIGTERM", async () => {
  const child = spawn(process.execPath, [CLI, "serve", "--port", "0", "--data", FIXTURE_DATA], { stdio: ["ignore", "pipe", "pipe"] });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once("line", resolve));
  const url = /listening on (http:\/\/\S+)/.exec(line)![1]!;
  const health = await (await fetch(`${url}/health`)).json() as { ok: boolean };
  assert.equal(health.ok, true);
  const code = await new Promise<number | null>((resolve) => { child.once("exit", resolve); child.kill("SIGTERM"); });
  assert.equal(code, 0);
});

test("pimbox mcp --log writes the trajectory when the client disconnects, and pimbox score scores it", async () => {
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-"));
  const log = path.join(dir, "run.jsonl");
  const transport = new StdioClientTransport({
    command: process.execPath, args: [CLI, "mcp", "--scenario", "test-move-dinner", "--data", FIXTURE_DATA, "--log", log], stderr: "pipe",
  });
  const client = new Client({ name: "t", version: "1" });
  await client.connect(transport);
  await client.callTool({ name: "search_calendar_events", arguments: { query: "Jess" } });
  await client.callTool({ name: "modify_calendar_event", arguments: { event_id: "evt_dinner_jess", start: "2026-10-30T19:00:00" } });
  await client.close();
  for (let i = 0; i < 50 && !fs.existsSync(log); i++) await new Promise((r) => setTimeout(r, 100));
  const lines = fs.readFileSync(log, "utf8").trim().split("\n");
  assert.equal(lines.length, 5);
  const r = pimbox(["score", log, "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout) as { milestones: { id: string; similarity: number }[] };
  assert.deepEqual(report.milestones.map((m) => [m.id, m.similarity]), [["found", 1], ["moved", 1], ["told", 0]]);
});
