import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CLI } from "../helpers.js";
import { readResults } from "../../run/run-files.js";
import { startStub, text, type Stub } from "./openai-stub.js";

const stubs: Stub[] = [];
after(async () => { await Promise.all(stubs.map((s) => s.close())); });
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-run-cli-"));
const pimbox = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", env: { ...process.env, OPENAI_API_KEY: "" } });

/** The CLI as a child process, without blocking this process (the stub model lives here). */
function pimboxAsync(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args]);
    let stdout = ""; let stderr = "";
    child.stdout.on("data", (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on("data", (d: Buffer) => { stderr += d.toString(); });
    child.on("exit", (status) => resolve({ status, stdout, stderr }));
  });
}

test("pimbox run: usage errors exit 2 naming the flag", () => {
  const out = tmp();
  for (const [args, message] of [
    [["run", "--out", out], /--model: required unless --agent gold/],
    [["run", "--out", out, "--agent", "gold", "--via", "smoke"], /--via/],
    [["run", "--out", out, "--agent", "gold", "--shard", "4/3"], /--shard must be I\/N/],
    [["run", "--out", out, "--agent", "gold", "--trials", "0"], /--trials/],
    [["run", "--out", out, "--agent", "gold", "--augment", "shuffled"], /--augment/],
    [["run", "--out", out, "--agent", "gold", "--scenario", "no-such-scenario"], /no scenario "no-such-scenario"/],
    [["run", "--out", out, "--model", "m"], /set OPENAI_API_KEY/],
    [["combine", "--out", path.join(out, "all"), path.join(out, "no-such-shard")], /no-such-shard.*run\.json/],
  ] as [string[], RegExp][]) {
    const r = pimbox(args);
    assert.equal(r.status, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
  }
});

test("kill -9 midway, then the same command resumes: finished episodes are kept, the rest are redone", async () => {
  const stub = await startStub(() => text("Sorry, I cannot do that."), { delayMs: 120 });
  stubs.push(stub);
  const out = tmp();
  const args = [CLI, "run", "--model", "stub", "--base-url", stub.url, "--out", out, "--protagonist", "kenji-watanabe", "--limit", "12", "--concurrency", "2"];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] });
  const results = path.join(out, "results.jsonl");
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      const lines = fs.existsSync(results) ? fs.readFileSync(results, "utf8").split("\n").filter(Boolean).length : 0;
      if (lines >= 4) { clearInterval(timer); child.kill("SIGKILL"); resolve(); }
    }, 20);
    child.on("exit", () => { clearInterval(timer); reject(new Error("the run finished before it was killed")); });
  });
  await new Promise((resolve) => child.once("exit", resolve));
  const before = readResults(out);
  assert.ok(before.length >= 4 && before.length < 12, `${before.length} finished before the kill`);
  // Whatever was being written when it died still reads line by line.
  for (const dir of fs.readdirSync(path.join(out, "trajectories"))) {
    for (const line of fs.readFileSync(path.join(out, "trajectories", dir, "trial-1.jsonl"), "utf8").split("\n").filter(Boolean)) JSON.parse(line);
  }
  const requestsBefore = stub.requests.length;
  const again = await pimboxAsync([...args.slice(1), "--json"]);
  assert.equal(again.status, 0, again.stderr);
  const summary = JSON.parse(again.stdout) as { ran: number; skipped: number; summary: { episodes: number } };
  assert.equal(summary.skipped, before.length);
  assert.equal(summary.ran, 12 - before.length);
  assert.equal(summary.summary.episodes, 12);
  // Only the unfinished episodes called the model again (multi-turn ones more than once).
  const asked = new Set(stub.requests.slice(requestsBefore).map((r) => r.messages.find((m) => m.role === "user")!.content));
  assert.equal(asked.size, 12 - before.length);
  const after = readResults(out);
  assert.equal(after.length, 12);
  for (const r of before) assert.deepEqual(after.find((a) => a.scenario_id === r.scenario_id), r, "a finished episode is not redone");
  for (const r of after) {
    const head = JSON.parse(fs.readFileSync(path.join(out, "trajectories", r.scenario_id, "trial-1.jsonl"), "utf8").split("\n")[0]!);
    assert.equal(head.agent.complete, true, r.scenario_id);
  }
  // Another configuration in the same directory is refused.
  const other = await pimboxAsync(["run", "--model", "other", "--base-url", stub.url, "--out", out, "--protagonist", "kenji-watanabe", "--limit", "12"]);
  assert.equal(other.status, 2);
  assert.match(other.stderr, /holds another run: "model"/);
});


test("pimbox run --label names the run in run.json, the logs and the report; the report's clash error names --label", () => {
  const root = tmp();
  const dir = (name: string) => path.join(root, name);
  const gold = (out: string, ...more: string[]) => pimbox(["run", "--agent", "gold", "--scenario", "kenji-001", "--scenario", "kenji-002", "--out", out, "--json", ...more]);
  for (const [out, more] of [["a", []], ["c", ["--label", "gold, second try"]]] as [string, string[]][]) {
    const r = gold(dir(out), ...more);
    assert.equal(r.status, 0, r.stderr);
  }
  fs.cpSync(dir("a"), dir("b"), { recursive: true }); // a second run of the same label
  const manifest = (name: string) => JSON.parse(fs.readFileSync(path.join(dir(name), "run.json"), "utf8")) as { label: string; config: { label: string | null } };
  assert.equal(manifest("a").label, "gold");
  assert.deepEqual([manifest("c").label, manifest("c").config.label], ["gold, second try", "gold, second try"]);
  const head = JSON.parse(fs.readFileSync(path.join(dir("c"), "trajectories", "kenji-001", "trial-1.jsonl"), "utf8").split("\n")[0]!);
  assert.equal(head.agent.label, "gold, second try");

  const clash = pimbox(["report", dir("a"), dir("b")]);
  assert.equal(clash.status, 1);
  assert.match(clash.stderr, /both hold kenji-00\d trial 1 of "gold"; give each run its own label \(`pimbox run --label NAME`/);
  const report = pimbox(["report", dir("a"), dir("c"), "--json"]);
  assert.equal(report.status, 0, report.stderr);
  assert.deepEqual((JSON.parse(report.stdout) as { runs: { label: string }[] }).runs.map((x) => x.label), ["gold", "gold, second try"]);

  // The label is part of the run: resuming under another one is refused, naming it.
  const other = gold(dir("c"), "--label", "third");
  assert.equal(other.status, 2);
  assert.match(other.stderr, /holds another run: "label" was "gold, second try", now "third"/);
  const blank = gold(dir("d"), "--label", " ");
  assert.equal(blank.status, 2);
  assert.match(blank.stderr, /--label: /);
});
