import { z } from "zod";
import { agentMessageBody, createEpisodeBody, scoreBody, userMessageBody } from "./api-schemas.js";

// The OpenAPI document the server serves at /openapi.json. Request bodies come from the same zod
// schemas that validate them.

const schema = (s: z.ZodType) => z.toJSONSchema(s, { target: "openapi-3.0", io: "input" });
const json = (s: z.ZodType) => ({ required: true, content: { "application/json": { schema: schema(s) } } });
const error = { description: "error", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
const ok = (description: string) => ({ description });
const idParam = (name: string, description: string) => ({ name, in: "path", required: true, schema: { type: "string" }, description });
const episodeId = idParam("id", "episode id from POST /episodes");

export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: "3.0.3",
    info: {
      title: "pimbox",
      version: "0.1.0",
      description: "Episodes of personal-data scenarios: 27 tools as JSON functions and over MCP, trajectories, scores.",
    },
    components: {
      schemas: {
        Error: {
          type: "object",
          properties: { error: { type: "object", properties: { code: { type: "string" }, message: { type: "string" }, field: { type: "string" }, id: { type: "string" } }, required: ["code", "message"] } },
        },
      },
    },
    paths: {
      "/health": { get: { summary: "liveness", responses: { 200: ok("ok") } } },
      "/scenarios": { get: { summary: "list scenarios", parameters: [{ name: "protagonist", in: "query", schema: { type: "string" } }], responses: { 200: ok("{scenarios: [...]}") } } },
      "/scenarios/{id}": { get: { summary: "one scenario; answers (milestones, gold trajectory, user script) only with ?answers=true", parameters: [idParam("id", "scenario id"), { name: "answers", in: "query", schema: { type: "boolean" } }], responses: { 200: ok("the scenario"), 404: error } } },
      "/protagonists": { get: { summary: "list protagonists", responses: { 200: ok("{protagonists: [...]}") } } },
      "/episodes": { post: { summary: "create an episode: returns its id, system prompt, first user message and tool schemas", requestBody: json(createEpisodeBody), responses: { 201: ok("the episode"), 400: error, 404: error } } },
      "/episodes/{id}": {
        get: { summary: "episode status", parameters: [episodeId], responses: { 200: ok("status"), 404: error } },
        delete: { summary: "delete the episode", parameters: [episodeId], responses: { 204: ok("deleted"), 404: error } },
      },
      "/episodes/{id}/tools": { get: { summary: "tool schemas", parameters: [episodeId, { name: "format", in: "query", schema: { type: "string", enum: ["openai", "anthropic", "mcp", "json_schema"] } }], responses: { 200: ok("{format, tools}"), 400: error, 404: error } } },
      "/episodes/{id}/tools/{name}": { post: {
        summary: "call a tool as a JSON function: the body is its arguments object",
        parameters: [episodeId, idParam("name", "tool name"), { name: "call_id", in: "query", schema: { type: "string" }, description: "your tool-call id, kept in the trajectory" }],
        requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
        responses: { 200: ok("{ok: true, result, step, time} or {ok: false, error: {code, message, field?, id?}, step, time}"), 400: error, 404: error },
      } },
      "/episodes/{id}/messages": { post: { summary: "post the agent's message; returns the simulated user's reply or ended: true", parameters: [episodeId], requestBody: json(agentMessageBody), responses: { 200: ok("{step, user_message, ended}"), 400: error, 404: error } } },
      "/episodes/{id}/user-messages": { post: { summary: "add a user message from your own user simulator or a human", parameters: [episodeId], requestBody: json(userMessageBody), responses: { 200: ok("{step, time}"), 400: error, 404: error } } },
      "/episodes/{id}/trajectory": { get: { summary: "the steps so far; ?format=jsonl for the trajectory log", parameters: [episodeId, { name: "format", in: "query", schema: { type: "string", enum: ["json", "jsonl"] } }], responses: { 200: ok("the trajectory"), 404: error } } },
      "/episodes/{id}/state": { get: { summary: "the database state now, or after ?step=N", parameters: [episodeId, { name: "step", in: "query", schema: { type: "integer" } }], responses: { 200: ok("{step, state}"), 404: error } } },
      "/episodes/{id}/score": { get: { summary: "the milestone score report of the trajectory so far", parameters: [episodeId], responses: { 200: ok("score report"), 404: error } } },
      "/episodes/{id}/mcp": { post: { summary: "MCP (streamable HTTP, stateless) bound to this episode", parameters: [episodeId], responses: { 200: ok("JSON-RPC") } } },
      "/scenarios/{id}/mcp": { post: { summary: "MCP (streamable HTTP): each MCP session opens a fresh episode; its id comes back in X-Pimbox-Episode-Id", parameters: [idParam("id", "scenario id")], responses: { 200: ok("JSON-RPC") } } },
      "/score": { post: { summary: "score a whole trajectory (JSONL log or OpenAI messages) by replaying it", requestBody: json(scoreBody), responses: { 200: ok("score report"), 400: error, 404: error } } },
    },
  };
}
