import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { USER_TOOL_NAME } from "../episode/user-tool.js";
import type { OpenAIFunctionTool } from "../tools/export.js";
import type { Environment, EnvironmentEpisode, ToolOutcome, UserTurn } from "./environment.js";
import { HttpEpisode } from "./environment-http.js";
import type { PimboxClient } from "./pimbox-client.js";

interface Created { episode_id: string; system_prompt: string; user_message: string; tools: OpenAIFunctionTool[]; mcp_url: string }
type CallResult = { content?: { type: string; text?: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

/** The MCP road: the episode is opened over HTTP (for its id), then the agent lists tools, reads
 *  the `scenario` prompt and calls tools through the MCP SDK client on the episode's MCP endpoint
 *  with send_message_to_user enabled, exactly as an MCP agent sees it. Scoring and the log are
 *  read over HTTP, as any harness would. */
export class McpEnvironment implements Environment {
  readonly via = "mcp" as const;
  private readonly validator = new CachingValidator();
  constructor(readonly client: PimboxClient) {}

  async open(scenarioId: string, options: { tickSeconds: number; agent: Record<string, unknown> }): Promise<EnvironmentEpisode> {
    const created = await this.client.request<Created>("POST", "/episodes", {
      scenario_id: scenarioId, tick_seconds: options.tickSeconds, agent: { ...options.agent, via: "mcp" },
    });
    const url = new URL(`${this.client.baseUrl}/episodes/${encodeURIComponent(created.episode_id)}/mcp?user_tool=1`);
    const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers: this.client.headers() } });
    const mcp = new Client({ name: "pimbox-run", version: "1" }, { jsonSchemaValidator: this.validator });
    try {
      await mcp.connect(transport);
      const { tools } = await mcp.listTools();
      const prompt = await mcp.getPrompt({ name: "scenario" });
      const texts = prompt.messages.map((m) => (m.content.type === "text" ? m.content.text : ""));
      return new McpEpisode(this.client, created, mcp, texts[0] ?? "", texts[1] ?? "", tools.map((t) => ({
        type: "function" as const,
        function: { name: t.name, description: t.description ?? "", parameters: t.inputSchema as Record<string, unknown>, strict: false },
      })));
    } catch (e) {
      await mcp.close().catch(() => undefined);
      await this.client.request("DELETE", `/episodes/${encodeURIComponent(created.episode_id)}`, undefined, [404]).catch(() => undefined);
      throw e;
    }
  }
}

class McpEpisode extends HttpEpisode {
  override readonly via = "mcp" as const;
  constructor(client: PimboxClient, created: Created, private readonly mcp: Client,
    systemPrompt: string, userMessage: string, tools: OpenAIFunctionTool[]) {
    super(client, { ...created, system_prompt: systemPrompt, user_message: userMessage, tools });
  }

  override async call(name: string, args: Record<string, unknown> | string): Promise<ToolOutcome> {
    // MCP carries arguments as an object only: text that is not one cannot be sent, so the
    // harness answers it, as an MCP host would.
    if (typeof args === "string") {
      return { ok: false, text: JSON.stringify({ error: { code: "invalid_argument", field: "arguments", message: "arguments must be a JSON object of named arguments" } }) };
    }
    const r = await this.mcp.callTool({ name, arguments: args }) as CallResult;
    return { ok: r.isError !== true, text: r.content?.map((c) => c.text ?? "").join("\n") ?? "" };
  }

  override async message(content: string): Promise<UserTurn> {
    const r = await this.mcp.callTool({ name: USER_TOOL_NAME, arguments: { content } }) as CallResult;
    if (r.isError || !r.structuredContent) throw new Error(`${USER_TOOL_NAME} failed: ${r.content?.[0]?.text ?? "no content"}`);
    return { user: (r.structuredContent.user_message as string | null) ?? null, ended: r.structuredContent.ended === true };
  }

  override async close(): Promise<void> {
    await this.mcp.close().catch(() => undefined);
    await super.close();
  }
}

/** The SDK client checks every result against the tool's output schema, compiling the schemas
 *  again for every client; one run compiles each distinct schema once. */
class CachingValidator implements jsonSchemaValidator {
  private readonly inner = new AjvJsonSchemaValidator();
  private readonly compiled = new Map<string, JsonSchemaValidator<unknown>>();

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const key = JSON.stringify(schema);
    let v = this.compiled.get(key);
    if (!v) this.compiled.set(key, (v = this.inner.getValidator<unknown>(schema)));
    return v as JsonSchemaValidator<T>;
  }
}
