import { z } from "zod";
import {
  agentMessageBody, agentMessageReply, createEpisodeBody, episodeCreated, episodeStatusByRole, errorBody, healthBody, protagonistList,
  scenarioBody, scenarioList, scoreReport, stateBody, stepAck, toolCallResult, toolFormat, toolList, trajectoryBody,
  userMessageBody,
} from "./api-schemas.js";
import { DEFAULT_LIMITS } from "../episode/limits.js";
import { SCORE_ENCODINGS, SCORE_JSON, SCORE_JSONL, scoreScenarioQuery } from "./score-body.js";

// The OpenAPI document served at /openapi.json, generated from the zod schemas that validate the
// request bodies and type the responses. One table of operations; every error status a route can
// answer is listed with the one error body.

type Role = "public" | "harness" | "agent";

interface Operation {
  method: "get" | "post" | "delete";
  path: string;
  id: string;
  summary: string;
  role: Role;
  tag: "service" | "scenarios" | "episodes" | "agent" | "scoring" | "mcp";
  params?: { name: string; in: "path" | "query" | "header"; description: string; schema: Record<string, unknown>; required?: boolean }[];
  body?: z.ZodType;
  /** Media types other than JSON the body may come as (POST /score's JSONL log), by type. */
  moreBodies?: Record<string, Record<string, unknown>>;
  ok: { status: number; description: string; schema?: z.ZodType; content?: string };
  errors: number[];
}

const ERRORS: Record<number, string> = {
  400: "malformed JSON, or a body or query parameter that does not fit (error.field names it)",
  401: "a token is set and the request has no valid credential for this route",
  403: "the Host or Origin header is not one this server serves (DNS-rebinding protection)",
  404: "no such scenario, episode, step, tool or route",
  405: "the method is not supported on this endpoint",
  406: "MCP: the Accept header must allow application/json and text/event-stream",
  409: "the episode has reached its step limit",
  413: "the body, a message or a log is larger than the server accepts, or a trajectory too large to score",
  415: "the body's Content-Type (on POST /score, or its Content-Encoding) is not one the route accepts",
  422: "the scenario's data cannot be opened",
  500: "unexpected server error",
  503: "the server holds its maximum of live episodes (Retry-After says when to retry)",
};
/** Every route can answer these: the Host/Origin guard, the credential check, an unexpected failure. */
const ALWAYS = [401, 403, 500];

const id = (description: string) => ({ name: "id", in: "path" as const, required: true, description, schema: { type: "string" } });
const episodeId = id("episode id from POST /episodes");
const scenarioId = id("scenario id from GET /scenarios");

function schema(s: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  return z.toJSONSchema(s, { target: "openapi-3.0", io }) as Record<string, unknown>;
}

/** The JSONL log as a body: OpenAPI has no schema for a sequence of lines, so the body is a
 *  string and each line's schema is given beside it (a specification extension). */
function jsonlBody(): Record<string, unknown> {
  return {
    schema: { type: "string", description: "JSON Lines: the log's header line, then one step per line (results may be left out: replay recomputes them); bounded by --max-steps, not by --max-log-bytes" },
    "x-pimbox-lines": { header: schema(SCORE_JSONL.header, "input"), step: schema(SCORE_JSONL.step, "input") },
  };
}

const OPERATIONS: Operation[] = [
  { method: "get", path: "/health", id: "health", tag: "service", role: "public", summary: "liveness, live episodes and capacity", ok: { status: 200, description: "up", schema: healthBody }, errors: [] },
  { method: "get", path: "/openapi.json", id: "openapi", tag: "service", role: "public", summary: "this document", ok: { status: 200, description: "the OpenAPI document" }, errors: [] },
  { method: "get", path: "/metrics", id: "metrics", tag: "service", role: "public", summary: "Prometheus metrics", ok: { status: 200, description: "Prometheus text exposition format", content: "text/plain" }, errors: [] },
  { method: "get", path: "/scenarios", id: "listScenarios", tag: "scenarios", role: "harness", summary: "list scenarios (titles and challenge flags: harness only)",
    params: [{ name: "protagonist", in: "query", description: "only this protagonist's", schema: { type: "string" } }],
    ok: { status: 200, description: "the scenarios", schema: scenarioList }, errors: [] },
  { method: "get", path: "/scenarios/{id}", id: "getScenario", tag: "scenarios", role: "harness", summary: "one scenario; answers only with ?answers=true",
    params: [scenarioId, { name: "answers", in: "query", description: "include milestones, minefields, gold trajectory and the simulated user", schema: { type: "boolean" } }],
    ok: { status: 200, description: "the scenario", schema: scenarioBody }, errors: [404] },
  { method: "get", path: "/protagonists", id: "listProtagonists", tag: "scenarios", role: "harness", summary: "list protagonists", ok: { status: 200, description: "the protagonists", schema: protagonistList }, errors: [] },
  { method: "post", path: "/episodes", id: "createEpisode", tag: "episodes", role: "harness", summary: "create an episode: id, agent_token, system prompt, first user message, tool schemas",
    body: createEpisodeBody, ok: { status: 201, description: "the episode", schema: episodeCreated }, errors: [400, 404, 413, 415, 422, 503] },
  { method: "get", path: "/episodes/{id}", id: "getEpisode", tag: "agent", role: "agent", summary: "episode status (with an agent_token: no scenario_id)", params: [episodeId], ok: { status: 200, description: "status", schema: episodeStatusByRole }, errors: [404] },
  { method: "delete", path: "/episodes/{id}", id: "deleteEpisode", tag: "episodes", role: "harness", summary: "delete the episode (and its journal)", params: [episodeId], ok: { status: 204, description: "deleted" }, errors: [404] },
  { method: "get", path: "/episodes/{id}/tools", id: "listTools", tag: "agent", role: "agent", summary: "tool schemas",
    params: [episodeId, { name: "format", in: "query", description: "schema format (default openai)", schema: z.toJSONSchema(toolFormat, { target: "openapi-3.0" }) as Record<string, unknown> }],
    ok: { status: 200, description: "the tools", schema: toolList }, errors: [400, 404] },
  { method: "post", path: "/episodes/{id}/tools/{name}", id: "callTool", tag: "agent", role: "agent",
    summary: "call a tool as a JSON function; bad arguments are tool errors (ok: false), not HTTP errors",
    params: [episodeId, { name: "name", in: "path", required: true, description: "tool name", schema: { type: "string" } },
      { name: "call_id", in: "query", description: "your tool-call id, kept in the trajectory", schema: { type: "string" } }],
    body: z.record(z.string(), z.unknown()).describe(`the tool's arguments (at most ${DEFAULT_LIMITS.maxArgumentBytes} bytes and ${DEFAULT_LIMITS.maxArgumentDepth} levels by default)`),
    ok: { status: 200, description: "the result, or a tool error the agent can act on", schema: toolCallResult }, errors: [400, 404, 413, 415] },
  { method: "post", path: "/episodes/{id}/messages", id: "postAgentMessage", tag: "agent", role: "agent", summary: "the agent's message; returns the simulated user's reply or ended",
    params: [episodeId], body: agentMessageBody, ok: { status: 200, description: "the reply", schema: agentMessageReply }, errors: [400, 404, 409, 413, 415] },
  { method: "post", path: "/episodes/{id}/user-messages", id: "postUserMessage", tag: "episodes", role: "harness", summary: "a user message from your own simulator or a human",
    params: [episodeId], body: userMessageBody, ok: { status: 200, description: "recorded", schema: stepAck }, errors: [400, 404, 409, 413, 415] },
  { method: "get", path: "/episodes/{id}/trajectory", id: "getTrajectory", tag: "episodes", role: "harness", summary: "the steps so far; ?format=jsonl for the trajectory log",
    params: [episodeId, { name: "format", in: "query", description: "json (default) or jsonl", schema: { type: "string", enum: ["json", "jsonl"] } }],
    ok: { status: 200, description: "the trajectory", schema: trajectoryBody }, errors: [400, 404] },
  { method: "get", path: "/episodes/{id}/state", id: "getState", tag: "episodes", role: "harness", summary: "the database state now, or after ?step=N",
    params: [episodeId, { name: "step", in: "query", description: "a step index", schema: { type: "integer", minimum: 0 } }],
    ok: { status: 200, description: "the state", schema: stateBody }, errors: [400, 404] },
  { method: "get", path: "/episodes/{id}/score", id: "getScore", tag: "scoring", role: "harness", summary: "the score report of the trajectory so far",
    params: [episodeId], ok: { status: 200, description: "the score report", schema: scoreReport }, errors: [404, 413] },
  { method: "post", path: "/score", id: "scoreTrajectory", tag: "scoring", role: "harness",
    summary: "score a whole trajectory by replaying it: {log} or {scenario_id, messages} as JSON, or the JSONL log itself; either may be compressed",
    params: [
      { name: "scenario_id", in: "query", description: scoreScenarioQuery.description ?? "", schema: schema(scoreScenarioQuery, "input") },
      { name: "Content-Encoding", in: "header", description: "the body's compression, decoded as it streams (default identity)",
        schema: { type: "string", enum: Object.keys(SCORE_ENCODINGS), default: "identity" } },
    ],
    body: SCORE_JSON.schema, moreBodies: Object.fromEntries(SCORE_JSONL.types.map((type) => [type, jsonlBody()])),
    ok: { status: 200, description: "the score report", schema: scoreReport }, errors: [400, 404, 413, 415] },
  { method: "post", path: "/episodes/{id}/mcp", id: "episodeMcp", tag: "mcp", role: "agent", summary: "MCP (streamable HTTP, stateless) bound to this episode; errors are JSON-RPC",
    params: [episodeId], body: z.record(z.string(), z.unknown()).describe("a JSON-RPC request"), ok: { status: 200, description: "the JSON-RPC response" }, errors: [400, 404, 405, 406] },
  { method: "post", path: "/scenarios/{id}/mcp", id: "scenarioMcp", tag: "mcp", role: "harness",
    summary: "MCP (streamable HTTP): each session opens a fresh episode; its id comes back in X-Pimbox-Episode-Id",
    params: [scenarioId], body: z.record(z.string(), z.unknown()).describe("a JSON-RPC request"), ok: { status: 200, description: "the JSON-RPC response" }, errors: [400, 404, 406, 503] },
];


const SECURITY: Record<Role, Record<string, string[]>[]> = {
  public: [],
  harness: [{ harnessToken: [] }],
  agent: [{ harnessToken: [] }, { agentToken: [] }],
};

function operation(op: Operation): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    [op.ok.status]: {
      description: op.ok.description,
      ...(op.ok.schema ? { content: { "application/json": { schema: schema(op.ok.schema, "output") } } } : {}),
      ...(op.ok.content ? { content: { [op.ok.content]: { schema: { type: "string" } } } } : {}),
    },
  };
  const errors = op.role === "public" ? [403, 500] : [...new Set([...op.errors, ...ALWAYS])];
  for (const status of errors.sort()) {
    responses[status] = {
      description: ERRORS[status],
      ...(status === 503 ? { headers: { "Retry-After": { description: "seconds until a slot is likely free", schema: { type: "integer" } } } } : {}),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  return {
    operationId: op.id,
    summary: op.summary,
    tags: [op.tag],
    security: SECURITY[op.role],
    ...(op.params ? { parameters: op.params } : {}),
    ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: schema(op.body, "input") }, ...op.moreBodies } } } : {}),
    responses,
  };
}

let built: Record<string, unknown> | undefined;

/** The document; `serverUrl` is where it is served from (the request's own origin). Built once. */
export function openApiDocument(serverUrl = "http://127.0.0.1:8787"): Record<string, unknown> {
  built ??= buildDocument();
  return { ...built, servers: [{ url: serverUrl, description: "this server" }] };
}

function buildDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operation(op);
  return {
    openapi: "3.0.3",
    info: {
      title: "pimbox",
      version: "0.1.0",
      description: "Episodes of personal-data scenarios: 27 tools as JSON functions and over MCP, trajectories, scores. "
        + "Two roles: the harness (the server's token) and the agent under test (an episode's agent_token, which opens only that episode's agent routes). "
        + "Without --token, every route is open.",
      license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
    },
    security: SECURITY.harness,
    tags: [
      { name: "service", description: "health, metrics and this document" },
      { name: "scenarios", description: "the data set (harness only: titles, challenge flags and answers)" },
      { name: "episodes", description: "creating, inspecting and deleting episodes (harness)" },
      { name: "agent", description: "what the agent under test may call" },
      { name: "scoring", description: "score reports (harness)" },
      { name: "mcp", description: "the same tools over MCP streamable HTTP" },
    ],
    components: {
      securitySchemes: {
        harnessToken: { type: "http", scheme: "bearer", description: "the server's --token (PIMBOX_TOKEN)" },
        agentToken: { type: "http", scheme: "bearer", description: "an episode's agent_token from POST /episodes: that episode's agent routes only" },
      },
      schemas: { Error: schema(errorBody, "output") },
    },
    paths,
  };
}
