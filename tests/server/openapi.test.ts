import { test, after } from "node:test";
import assert from "node:assert/strict";
import request from "supertest";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { testApp } from "./start.js";
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
