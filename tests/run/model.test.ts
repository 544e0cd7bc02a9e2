import { test, after } from "node:test";
import assert from "node:assert/strict";
import { Model, ModelError } from "../../run/model.js";
import { startStub, text, tools, type Reply, type Stub } from "./openai-stub.js";

const stubs: Stub[] = [];
after(async () => { await Promise.all(stubs.map((s) => s.close())); });

async function model(script: (n: number) => Reply, options: { timeoutMs?: number; maxRetries?: number } = {}) {
  const stub = await startStub((_req, n) => script(n));
  stubs.push(stub);
  return { stub, model: new Model({ model: "stub", baseUrl: stub.url, apiKey: "k", temperature: 0.3, seed: 7, timeoutMs: options.timeoutMs ?? 5000, maxRetries: options.maxRetries ?? 3 }) };
}

test("a completion carries parallel tool calls, usage and latency; temperature and seed are passed through", async () => {
  const { stub, model: m } = await model(() => tools(["search_contacts", { name: "Jess" }], ["get_all_calendars", {}]));
  const c = await m.complete([{ role: "user", content: "hi" }], [{ type: "function", function: { name: "search_contacts", parameters: { type: "object" } } }]);
  assert.deepEqual(c.toolCalls.map((t) => t.name), ["search_contacts", "get_all_calendars"]);
  assert.equal(c.toolCalls[0]!.arguments, '{"name":"Jess"}');
  assert.deepEqual(c.usage, { prompt_tokens: 100, completion_tokens: 10 });
  assert.ok(c.latency_ms >= 0);
  assert.equal(stub.requests[0]!.temperature, 0.3);
  assert.equal(stub.requests[0]!.seed, 7);
});

test("a 429 with Retry-After is waited out, then the request succeeds", async () => {
  const { stub, model: m } = await model((n) => n === 1 ? { kind: "status", status: 429, headers: { "retry-after": "0.4" } } : text("ok"));
  const t0 = Date.now();
  const c = await m.complete([{ role: "user", content: "hi" }]);
  assert.equal(c.content, "ok");
  assert.equal(stub.requests.length, 2);
  assert.ok(Date.now() - t0 >= 380, `waited ${Date.now() - t0} ms, Retry-After said 400`);
});

test("a 500 is retried; when it persists the error names the endpoint and the status", async () => {
  const { stub, model: m } = await model(() => ({ kind: "status", status: 500 }), { maxRetries: 2 });
  await assert.rejects(m.complete([{ role: "user", content: "hi" }]), (e: Error) => e instanceof ModelError && /HTTP 500/.test(e.message) && e.message.includes(stub.url));
  assert.equal(stub.requests.length, 3);
});

test("a hang past the timeout is abandoned, retried, then reported", async () => {
  const { stub, model: m } = await model(() => ({ kind: "hang" }), { timeoutMs: 300, maxRetries: 1 });
  await assert.rejects(m.complete([{ role: "user", content: "hi" }]), (e: Error) => e instanceof ModelError && /no answer within 300 ms/.test(e.message));
  assert.equal(stub.requests.length, 2);
});
