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
  assert.match(bad.stderr, /:\d+: line \d+: not JSON/);
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
