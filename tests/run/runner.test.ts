import { test, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runConfig } from "../../run/config.js";
import { runBenchmark } from "../../run/runner.js";
import { readManifest, readResults } from "../../run/run-files.js";
import { parseLog } from "../../episode/log.js";
import { scoreLog } from "../../episode/score-log.js";
import { fixtureCatalog, FIXTURE_DATA } from "../helpers.js";
import { TOOLS } from "../../tools/registry.js";
import { openAIFunction } from "../../tools/export.js";
import { startStub, text, tools, turnOf, type ChatRequest, type Reply, type Stub } from "./openai-stub.js";

const stubs: Stub[] = [];
after(async () => { await Promise.all(stubs.map((s) => s.close())); });
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-run-"));

async function run(script: (req: ChatRequest) => Reply, config: Record<string, unknown>) {
  const stub = await startStub((req) => script(req));
  stubs.push(stub);
  const out = tmp();
  const full = runConfig.parse({ agent: "model", model: "stub-model", base_url: stub.url, concurrency: 2, ...config });
  const outcome = await runBenchmark({ config: full, catalog: fixtureCatalog(), dataDir: FIXTURE_DATA, out, token: null, apiKey: "k", systemPrompt: null, progress: devNull() });
  return { stub, out, outcome, config: full };
}

function devNull(): NodeJS.WriteStream {
  return Object.assign(fs.createWriteStream(os.devNull), { isTTY: false }) as unknown as NodeJS.WriteStream;
}

const logOf = (out: string, id: string, trial = 1) => fs.readFileSync(path.join(out, "trajectories", id, `trial-${trial}.jsonl`), "utf8");

const DONE = "Done: dinner with Jess is now Friday 30 October, 7-9pm at Luca's.";
/** The gold solution of test-move-dinner in the OpenAI wire format, with a parallel first turn
 *  that also holds a malformed call and an unknown tool. */
function moveDinner(final: (req: ChatRequest) => Reply) {
  return (req: ChatRequest): Reply => {
    switch (turnOf(req)) {
      case 0: return tools(["search_calendar_events", { query: "Jess" }], ["get_all_calendars", {}],
        ["search_contacts", '{"name": "Jess"'], ["check_weather", { city: "Lisbon" }]);
      case 1: return tools(["modify_calendar_event", { event_id: "evt_dinner_jess", start: "2026-10-30T19:00:00" }]);
      default: return final(req);
    }
  };
}

test("a model via HTTP: gold calls in OpenAI's wire format, parallel calls, malformed arguments and an unknown tool are recorded; it scores 1", async () => {
  const { stub, out, outcome } = await run(moveDinner(() => text(DONE)), { filters: { scenario: ["test-move-dinner"] } });
  assert.equal(outcome.results.length, 1);
  const r = outcome.results[0]!;
  assert.equal(r.error, null);
  assert.equal(r.score, 1);
  assert.deepEqual(r.usage, { prompt_tokens: 300, completion_tokens: 30 });
  assert.equal(stub.requests[0]!.tools!.length, 27);
  // Every call of the parallel turn is answered under its id, in order.
  const second = stub.requests[1]!.messages.filter((m) => m.role === "tool");
  assert.deepEqual(second.map((m) => m.tool_call_id), ["call_1_0", "call_1_1", "call_1_2", "call_1_3"]);
  assert.match(second[2]!.content!, /invalid_argument/);
  assert.match(second[3]!.content!, /unknown_tool/);
  const log = parseLog(logOf(out, "test-move-dinner"));
  const toolSteps = log.steps.filter((s) => s.kind === "tool");
  assert.equal(toolSteps.length, 5);
  assert.equal((toolSteps[2] as { raw_arguments?: unknown }).raw_arguments, '{"name": "Jess"');
  // The log carries what each step cost, and it scores the same offline.
  const lines = logOf(out, "test-move-dinner").trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines[0].agent.complete, true);
  assert.deepEqual(lines.find((l) => l.kind === "tool").usage, { prompt_tokens: 100, completion_tokens: 10 });
  const offline = scoreLog(fixtureCatalog(), { kind: "jsonl", text: logOf(out, "test-move-dinner") });
  assert.equal(offline.ok && offline.report.score, 1);
  const manifest = readManifest(out);
  assert.equal(manifest.label, "stub-model");
  assert.match(manifest.prompts.general!, /tool-using abilities/);
  assert.deepEqual(manifest.scenario_ids, ["test-move-dinner"]);
});

test("a model via MCP sees 27 tools and send_message_to_user, and answers through it; it scores 1", async () => {
  const { stub, outcome } = await run(moveDinner(() => tools(["send_message_to_user", { content: DONE }])), { via: "mcp", filters: { scenario: ["test-move-dinner"] } });
  const names = stub.requests[0]!.tools!.map((t) => t.function.name);
  assert.equal(names.length, 28);
  assert.ok(names.includes("send_message_to_user"));
  assert.match(stub.requests[0]!.messages[0]!.content!, /28 October 2026/);
  assert.equal(outcome.results[0]!.score, 1);
  assert.equal(outcome.results[0]!.stop, "the conversation ended");
  assert.equal(stub.requests.length, 3);
});

test("the LLM user and the judge against the same endpoint; their outputs are recorded and a second run calls no model", async () => {
  const script = (req: ChatRequest): Reply => {
    const system = req.messages[0]!.content ?? "";
    if (system.includes("expert evaluator")) {
      return text('Verdict: {"scores": {"task_completion": 2, "tool_usage": 2, "information_retrieval": 1, "conversation_effectiveness": 2, "no_hallucination": 2}, "rationale": "fine"}');
    }
    if (system.includes("You are playing a person")) {
      assert.match(system, /Sunday call is still on at 10/);
      return text(turnOf(req) === 1 ? "Tell him Sunday at 10 is still on." : "###STOP###");
    }
    switch (turnOf(req)) {
      case 0: return text("What should I say to Sam?");
      case 1: return tools(["send_message", { to: ["+1 206 555 0150"], body: "Sunday at 10 is still on!" }]);
      default: return text("Sent to Sam.");
    }
  };
  const { stub, out, outcome, config } = await run(script, { user_model: "stub-user", judge_model: "stub-judge", filters: { scenario: ["test-ask-sam"] } });
  const r = outcome.results[0]!;
  assert.equal(r.error, null);
  assert.equal(r.score, 1);
  assert.deepEqual(r.judge, { task_completion: 2, tool_usage: 2, information_retrieval: 1, conversation_effectiveness: 2, no_hallucination: 2 });
  assert.ok(fs.existsSync(path.join(out, "judge", "test-ask-sam", "trial-1.json")));
  const users = parseLog(logOf(out, "test-ask-sam")).steps.filter((s) => s.kind === "user").map((s) => (s as { content: string }).content);
  assert.deepEqual(users, ["Text my brother about the call.", "Tell him Sunday at 10 is still on."]);
  const calls = stub.requests.length;
  const again = await runBenchmark({ config, catalog: fixtureCatalog(), dataDir: FIXTURE_DATA, out, token: null, apiKey: "k", systemPrompt: null, progress: devNull() });
  assert.equal(again.skipped, 1);
  assert.equal(stub.requests.length, calls);
  assert.equal(readResults(out).length, 1);
});

test("trials: pass^k and pass@k from a model that passes every other trial", async () => {
  let episode = 0;
  const script = (req: ChatRequest): Reply => {
    if (turnOf(req) === 0) episode++;
    // Odd episodes solve the task, even ones give up at once.
    return episode % 2 === 1 ? moveDinner(() => text(DONE))(req) : text("I cannot help with that.");
  };
  const { outcome } = await run(script, { trials: 2, concurrency: 1, filters: { scenario: ["test-move-dinner"] } });
  assert.equal(outcome.results.length, 2);
  assert.equal(outcome.summary.pass_rate, 0.5);
  assert.equal(outcome.summary.pass_hat_k["1"], 0.5);
  assert.equal(outcome.summary.pass_hat_k["2"], 0);
  assert.equal(outcome.summary.pass_at_k["2"], 1);
});

test("resuming with more trials runs only the new ones; fewer is refused", async () => {
  const { stub, out, config } = await run(moveDinner(() => text(DONE)), { filters: { scenario: ["test-move-dinner"] } });
  const resume = (trials: number) => runBenchmark({ config: { ...config, trials }, catalog: fixtureCatalog(), dataDir: FIXTURE_DATA, out, token: null, apiKey: "k", systemPrompt: null, progress: devNull() });
  const before = stub.requests.length;
  const more = await resume(3);
  assert.deepEqual([more.ran, more.skipped], [2, 1]);
  assert.equal(stub.requests.length - before, 6);
  assert.equal(readManifest(out).trials, 3);
  assert.equal(more.summary.pass_hat_k["3"], 1);
  await assert.rejects(resume(2), /holds 3 trials per scenario/);
});

test("an endpoint that keeps failing ends the episode with an error line, score 0", async () => {
  const { outcome } = await run(() => ({ kind: "status", status: 500 }), { max_retries: 0, filters: { scenario: ["test-move-dinner"] } });
  const r = outcome.results[0]!;
  assert.match(r.error!, /HTTP 500/);
  assert.equal(r.score, 0);
  assert.equal(outcome.summary.errors, 1);
});

test("augmented tools (scrambled names, renamed arguments) are mapped back: the trajectory is in pimbox's names and scores 1", async () => {
  /** The call a model would write against the augmented schemas it was shown. */
  const shown = (req: ChatRequest, name: string, args: Record<string, unknown>): [string, unknown] => {
    const real = TOOLS.find((t) => t.name === name)!;
    const tool = req.tools!.find((t) => t.function.description === real.description)!;
    const aliases = Object.keys(tool.function.parameters.properties as object);
    const originals = Object.keys((openAIFunction(real).function.parameters.properties as object));
    return [tool.function.name, Object.fromEntries(Object.entries(args).map(([k, v]) => [aliases[originals.indexOf(k)]!, v]))];
  };
  const script = (req: ChatRequest): Reply => {
    switch (turnOf(req)) {
      case 0: return tools(shown(req, "search_calendar_events", { query: "Jess" }));
      case 1: return tools(shown(req, "modify_calendar_event", { event_id: "evt_dinner_jess", start: "2026-10-30T19:00:00" }));
      default: return text(DONE);
    }
  };
  const { stub, out, outcome } = await run(script, { augment: ["scrambled_names", "renamed_arguments"], filters: { scenario: ["test-move-dinner"] } });
  assert.ok(stub.requests[0]!.tools!.every((t) => t.function.name.startsWith("tool_")));
  assert.equal(outcome.results[0]!.score, 1);
  const calls = parseLog(logOf(out, "test-move-dinner")).steps.filter((s) => s.kind === "tool").map((s) => (s as { tool: string }).tool);
  assert.deepEqual(calls, ["search_calendar_events", "modify_calendar_event"]);
  assert.deepEqual(readManifest(out).config.augment, ["scrambled_names", "renamed_arguments"]);
});
