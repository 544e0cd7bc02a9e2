import { test, after } from "node:test";
import assert from "node:assert/strict";
import request from "supertest";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { Ajv } from "ajv";
import { startServer, testApp } from "./start.js";
import {
  agentMessageReply, episodeCreated, episodeStatus, errorBody, healthBody, protagonistList, scenarioList, scoreReport, stateBody,
  toolCallResult, toolList, trajectoryBody,
} from "../../server/api-schemas.js";

const { app, store } = testApp();
after(() => store.close());

test("the OpenAPI document passes Redocly's recommended rules with no error and no warning", async () => {
  const doc = (await request(app).get("/openapi.json").expect(200)).body as { servers: { url: string }[]; components: { securitySchemes: object } };
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: "openapi.json", config: await createConfig({ extends: ["recommended"] }) });
  assert.deepEqual(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ""}`), []);
  assert.match(doc.servers[0]!.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.deepEqual(Object.keys(doc.components.securitySchemes), ["harnessToken", "agentToken"]);
});

test("every documented operation is served, and the responses fit the schemas the document shows", async () => {
  const doc = (await request(app).get("/openapi.json")).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  const created = await request(app).post("/episodes").send({ scenario_id: "test-move-dinner" }).expect(201);
  episodeCreated.parse(created.body);
  const id = created.body.episode_id as string;
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods)) {
      const url = path.replace("{id}", path.startsWith("/scenarios") ? "test-move-dinner" : id).replace("{name}", "get_all_calendars");
      if (method === "delete") continue;
      const r = await (request(app) as unknown as Record<string, (u: string) => request.Test>)[method]!(url).set("content-type", "application/json").send(method === "get" ? undefined : "{}");
      assert.notEqual(r.body?.error?.code, "route_not_found", `${method} ${path}`);
      assert.ok(String(r.status) in methods[method]!.responses, `${method} ${path} answered ${r.status}, which the document does not list`);
    }
  }
  healthBody.parse((await request(app).get("/health")).body);
  scenarioList.parse((await request(app).get("/scenarios")).body);
  protagonistList.parse((await request(app).get("/protagonists")).body);
  episodeStatus.parse((await request(app).get(`/episodes/${id}`)).body);
  toolList.parse((await request(app).get(`/episodes/${id}/tools`)).body);
  toolCallResult.parse((await request(app).post(`/episodes/${id}/tools/search_contacts`).send({ name: "Jess" })).body);
  toolCallResult.parse((await request(app).post(`/episodes/${id}/tools/search_contacts`).send({ name: 7 })).body);
  agentMessageReply.parse((await request(app).post(`/episodes/${id}/messages`).send({ content: "done" })).body);
  trajectoryBody.parse((await request(app).get(`/episodes/${id}/trajectory`)).body);
  stateBody.parse((await request(app).get(`/episodes/${id}/state`)).body);
  scoreReport.parse((await request(app).get(`/episodes/${id}/score`)).body);
  errorBody.parse((await request(app).get("/episodes/nope")).body);
  await request(app).delete(`/episodes/${id}`).expect(204);
});

test("POST /score takes exactly the bodies, encodings and query its document lists", async () => {
  const doc = (await request(app).get("/openapi.json").expect(200)).body as { paths: Record<string, Record<string, {
    parameters: { name: string; in: string; schema: { enum?: string[] } }[];
    requestBody: { content: Record<string, { schema: object; "x-pimbox-lines"?: { header: object; step: object } }> };
    responses: Record<string, unknown>;
  }>> };
  const op = doc.paths["/score"]!.post!;
  const id = (await request(app).post("/episodes").send({ scenario_id: "test-move-dinner" }).expect(201)).body.episode_id as string;
  await request(app).post(`/episodes/${id}/tools/search_contacts`).send({ name: "Jess" }).expect(200);
  const log = (await request(app).get(`/episodes/${id}/trajectory?format=jsonl`).expect(200)).text;
  const encode: Record<string, (b: Buffer) => Buffer> = { identity: (b) => b, gzip: gzipSync, "x-gzip": gzipSync, deflate: deflateSync, br: brotliCompressSync };
  const encodings = op.parameters.find((p) => p.in === "header" && p.name === "Content-Encoding")!.schema.enum!;
  assert.deepEqual([...encodings].sort(), Object.keys(encode).sort());
  const types = Object.keys(op.requestBody.content);
  assert.ok(types.includes("application/json") && types.includes("application/x-ndjson"), types.join(", "));
  // Raw bytes on a real server (supertest would serialize a Buffer sent as JSON).
  const server = await startServer();
  after(() => server.close());
  const post = async (type: string, encoding: string, body: Buffer, query = "") => {
    const r = await fetch(`${server.url}/score${query}`, { method: "POST", headers: { "content-type": type, "content-encoding": encoding }, body: new Uint8Array(body) });
    return { status: r.status, body: await r.json() as unknown };
  };
  for (const type of types) {
    const media = op.requestBody.content[type]!;
    const body = Buffer.from(type === "application/json" ? JSON.stringify({ log }) : log);
    if (type !== "application/json") {
      // The line schemas shown accept the log the server writes, line by line.
      const ajv = new Ajv({ strict: false });
      const [header, ...steps] = log.trim().split("\n").map((l) => JSON.parse(l) as unknown);
      const lines = media["x-pimbox-lines"]!;
      assert.ok(ajv.validate(draft7(lines.header), header), `${type}: header ${ajv.errorsText()}`);
      for (const step of steps) assert.ok(ajv.validate(draft7(lines.step), step), `${type}: step ${ajv.errorsText()}`);
    }
    for (const encoding of encodings) {
      const r = await post(type, encoding, encode[encoding]!(body));
      assert.equal(r.status, 200, `${type} ${encoding}: ${JSON.stringify(r.body)}`);
      scoreReport.parse(r.body);
    }
  }
  // What it does not list is refused, with a status it lists.
  for (const [type, encoding] of [["text/plain", "identity"], ["application/xml", "identity"], ["application/x-ndjson", "compress"], ["application/json", "zstd"]] as const) {
    const r = await post(type, encoding, Buffer.from(log));
    assert.equal(r.status, 415, `${type} ${encoding}`);
    assert.ok("415" in op.responses);
  }
  // ?scenario_id= as documented: the log's own scenario is accepted, another refused.
  const query = op.parameters.find((p) => p.in === "query" && p.name === "scenario_id");
  assert.ok(query);
  assert.equal((await post("application/x-ndjson", "identity", Buffer.from(log), "?scenario_id=test-move-dinner")).status, 200);
  assert.equal((await post("application/x-ndjson", "identity", Buffer.from(log), "?scenario_id=test-ask-sam")).status, 400);
  assert.equal((await post("application/x-ndjson", "identity", Buffer.from(log), `?scenario_id=${"x".repeat(201)}`)).status, 400);
  await request(app).delete(`/episodes/${id}`).expect(204);
});

/** An OpenAPI 3.0 schema as ajv's draft 7 reads it: exclusiveMinimum/Maximum are booleans there. */
function draft7(schema: unknown): object {
  return walk(schema) as object;
}

function walk(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(walk);
  if (typeof schema !== "object" || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = walk(v);
  if (out.exclusiveMinimum === true) { out.exclusiveMinimum = out.minimum; delete out.minimum; }
  if (out.exclusiveMaximum === true) { out.exclusiveMaximum = out.maximum; delete out.maximum; }
  return out;
}
