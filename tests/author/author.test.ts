import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CLI, FIXTURE_DATA } from "../helpers.js";
import { startStub, text, type ChatRequest } from "../run/openai-stub.js";
import { nextId } from "../../author/author.js";
import { cellBehind, parseCell, CellError } from "../../author/cell.js";

// `pimbox author` run as a user runs it, in a child process, against a local OpenAI-compatible
// server that plays the model's drafts: one good, one whose gold does not score 1, one that is not
// JSON at all.

const base = JSON.parse(fs.readFileSync(path.join(FIXTURE_DATA, "test-person", "scenarios", "move-dinner.json"), "utf8")) as Record<string, unknown>;
const good = { ...base, id: "whatever-the-model-says", query: "can you shift thursday's dinner with jess to friday? same time", title: "Shift dinner to Friday" };
// The gold's message drops the day the answer must give: the gold no longer scores 1.
const broken = { ...good, query: "jess says friday for dinner instead, sort it", gold_trajectory: [...(base.gold_trajectory as unknown[]).slice(0, 2), { agent: "Done." }] };

function pimbox(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, OPENAI_API_KEY: "" } });
    let stdout = "", stderr = "";
    child.stdout.on("data", (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on("data", (c: Buffer) => { stderr += c.toString(); });
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

test("pimbox author: drafts are verified by every gate; ready ones are written for review, the others with what failed", async () => {
  const replies = [
    `Here is the scenario:\n\n\`\`\`json\n${JSON.stringify(good, null, 2)}\n\`\`\`\n`,
    JSON.stringify(broken),
    "I would rather not.",
  ];
  const stub = await startStub((_req: ChatRequest, n: number) => text(replies[n - 1] ?? "{}"));
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-author-"));
  try {
    const r = await pimbox(["author", "--protagonist", "test-person", "--model", "drafter", "--base-url", stub.url, "--out", out,
      "--cell", "tool=modify_calendar_event,goal=change", "--count", "3", "--repairs", "0", "--data", FIXTURE_DATA]);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^test-001: ready for review/m);
    assert.match(r.stdout, /^test-002: refused \(gold at 1; empty, refusing and negative trajectories fail: /m);
    assert.match(r.stdout, /^test-003: refused \(a JSON scenario: the answer holds no JSON object\)/m);
    assert.match(r.stdout, /1 of 3 draft\(s\) ready for review/);

    const ready = JSON.parse(fs.readFileSync(path.join(out, "ready", "test-001.json"), "utf8")) as Record<string, unknown>;
    assert.equal(ready.id, "test-001", "the pipeline gives the id, not the model");
    assert.deepEqual(Object.keys(ready.origin as object).sort(), ["by", "cell", "date", "model"]);
    assert.equal((ready.origin as { by: string; model: string }).by, "pimbox author");
    const checks = JSON.parse(fs.readFileSync(path.join(out, "ready", "test-001.checks.json"), "utf8")) as { checks: { check: string; ok: boolean }[] };
    assert.deepEqual(checks.checks.map((c) => [c.check, c.ok]), [
      ["schema and data at the reference time", true], ["a new request", true], ["gold at 1; empty, refusing and negative trajectories fail", true],
      ["degenerate agents", true], ["fills the cell", true],
    ]);
    const refused = JSON.parse(fs.readFileSync(path.join(out, "refused", "test-002.checks.json"), "utf8")) as { checks: { check: string; ok: boolean; faults?: { message: string }[] }[] };
    assert.match(refused.checks.find((c) => !c.ok)!.faults![0]!.message, /scores 0\.\d+, not 1; milestones below 1: told=0/);
    assert.equal(fs.readFileSync(path.join(out, "refused", "test-003.json"), "utf8"), "I would rather not.");
    assert.equal(fs.readFileSync(path.join(out, "author.jsonl"), "utf8").trim().split("\n").length, 3);

    // The model was given the cell, the person's data and the format.
    const prompt = stub.requests[0]!.messages.map((m) => m.content ?? "").join("\n");
    assert.match(prompt, /The gold trajectory must call modify_calendar_event/);
    assert.match(prompt, /goal_type must be "change"/);
    assert.match(prompt, /evt_dinner_jess/);
    assert.match(prompt, /The scenario's "id" is "test-001"/);

    // A second run goes on numbering, and a draft asking what an existing scenario asks is refused.
    replies.push(JSON.stringify({ ...good, query: base.query }));
    const again = await pimbox(["author", "--protagonist", "test-person", "--model", "drafter", "--base-url", stub.url, "--out", out,
      "--cell", "goal=change", "--repairs", "0", "--data", FIXTURE_DATA]);
    assert.equal(again.status, 1, "no draft ready");
    assert.match(again.stdout, /^test-004: refused \(a new request: same query and reference time as test-move-dinner\)/m);

    // A refused draft goes back to the model with what failed; the corrected one is ready.
    replies.push(JSON.stringify({ ...broken, query: "move the jess dinner to friday" }), JSON.stringify({ ...good, query: "move the jess dinner to friday" }));
    const repaired = await pimbox(["author", "--protagonist", "test-person", "--model", "drafter", "--base-url", stub.url, "--out", out,
      "--cell", "goal=change", "--repairs", "1", "--data", FIXTURE_DATA]);
    assert.equal(repaired.status, 0, repaired.stdout + repaired.stderr);
    assert.match(repaired.stdout, /^test-005: ready for review after 1 repair\(s\)/m);
    const repairTurn = stub.requests.at(-1)!.messages.at(-1)!.content ?? "";
    assert.match(repairTurn, /does not pass these checks:\n- gold at 1; empty, refusing and negative trajectories fail: .*\n  - \/gold_trajectory: scores/);
    // Two drafts of one run may not ask the same either.
    replies.push(JSON.stringify({ ...good, query: "move the jess dinner to friday", title: "again" }));
    const twice = await pimbox(["author", "--protagonist", "test-person", "--model", "drafter", "--base-url", stub.url, "--out", out,
      "--cell", "goal=change", "--repairs", "0", "--data", FIXTURE_DATA]);
    assert.match(twice.stdout, /^test-006: refused \(a new request: same query and reference time as test-005\)/m);
  } finally {
    await stub.close();
    fs.rmSync(out, { recursive: true, force: true });
  }
});

test("pimbox author refuses a bad cell and a missing key with a sentence", async () => {
  const bad = await pimbox(["author", "--protagonist", "test-person", "--model", "m", "--base-url", "http://127.0.0.1:9", "--out", os.tmpdir(), "--cell", "tool=fly", "--data", FIXTURE_DATA]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--cell: tool: /);
  const nokey = await pimbox(["author", "--protagonist", "test-person", "--model", "m", "--out", os.tmpdir(), "--data", FIXTURE_DATA]);
  assert.equal(nokey.status, 2);
  assert.match(nokey.stderr, /set OPENAI_API_KEY/);
});

test("cells: parsed from key=value, or the coverage target furthest behind; ids go on from the person's numbering", () => {
  assert.deepEqual(parseCell("tool=modify_contact, goal=change"), { tool: "modify_contact", goal: "change" });
  assert.throws(() => parseCell("colour=blue"), CellError);
  const row = (item: string, target: number, achieved: number) => ({ item, target, achieved, unit: "count" as const, met: achieved >= target });
  assert.deepEqual(cellBehind([row("scenarios", 1250, 310), row("tool send_email", 20, 13), row("tool modify_contact", 20, 3), row("functional high", 60, 15)])?.cell, { tool: "modify_contact" });
  assert.equal(cellBehind([row("tool send_email", 20, 20)]), undefined);
  assert.equal(nextId("ravi-menon", ["ravi-001", "ravi-062", "ravi-009"]), "ravi-063");
  assert.equal(nextId("test-person", ["test-move-dinner"]), "test-001");
});
