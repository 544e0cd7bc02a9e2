import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Episode } from "../episode/episode.js";
import { mcpTool } from "../tools/export.js";
import { USER_TOOL_NAME, sendMessageToUser, userToolMcp } from "../episode/user-tool.js";

export const SERVER_INFO = { name: "pimbox", version: "0.1.0" };

/** A fresh MCP server bound to one episode (an McpServer can be connected once, so every
 *  connection gets its own). Tool calls go through the episode, so that a call with bad
 *  arguments or an unknown tool is a step of the trajectory, as it is over HTTP. */
export interface McpServerOptions {
  /** Also offer `send_message_to_user`, the agent's channel to the user (opt-in). */
  userTool?: boolean;
}

/** One JSON Schema validator for every server: the SDK otherwise builds an Ajv instance per
 *  server, that is per MCP request or session (a millisecond each, most of an open's cost), for
 *  elicitation, which pimbox never sends. Made on first use. */
let validator: AjvJsonSchemaValidator | undefined;
const sharedValidator: jsonSchemaValidator = { getValidator: (schema) => (validator ??= new AjvJsonSchemaValidator()).getValidator(schema) };

export function createMcpServer(episode: Episode, options: McpServerOptions = {}): McpServer {
  const mcp = new McpServer(SERVER_INFO, {
    jsonSchemaValidator: sharedValidator,
    capabilities: { tools: { listChanged: false }, logging: {} },
    instructions: `Personal-data tools on ${episode.scenario.protagonist.name}'s phone. Use the "scenario" prompt for the task.`,
  });
  const tools = episode.tools();
  const listed = [...tools.map(mcpTool), ...(options.userTool ? [userToolMcp()] : [])];
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  mcp.server.setRequestHandler(CallToolRequestSchema, (request): CallToolResult => {
    if (options.userTool && request.params.name === USER_TOOL_NAME) {
      const sent = sendMessageToUser(episode, request.params.arguments ?? {});
      return sent.ok
        ? { content: [{ type: "text", text: sent.text }], structuredContent: sent.result }
        : { content: [{ type: "text", text: JSON.stringify({ error: sent.error }) }], isError: true };
    }
    const step = episode.callTool(request.params.name, request.params.arguments ?? {});
    if (step.ok) {
      return {
        content: [{ type: "text", text: JSON.stringify(step.result) }],
        structuredContent: step.result as Record<string, unknown>,
      };
    }
    return { content: [{ type: "text", text: JSON.stringify({ error: step.error }) }], isError: true };
  });
  mcp.registerPrompt("scenario", {
    title: "The scenario's task",
    description: "The system prompt (with the reference date, time and zone) and the user's first message",
  }, () => ({
    // Never the scenario's title: titles name the trap ("... and already in"), and this is the
    // agent's surface.
    description: "The task: the system prompt, then the user's first message",
    messages: [
      { role: "user", content: { type: "text", text: episode.systemPrompt } },
      { role: "user", content: { type: "text", text: episode.firstUserMessage } },
    ],
  }));
  // The lists never change (registerPrompt advertises listChanged: true by default).
  mcp.server.registerCapabilities({ tools: { listChanged: false }, prompts: { listChanged: false } });
  return mcp;
}
