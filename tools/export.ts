import { z } from "zod";
import type { AnyTool } from "./tool.js";

// The zod input and output schemas are the only definitions of a tool's shape; everything a
// client sees (JSON Schema, OpenAI functions, Anthropic tools, MCP tools) is derived here.

export type JsonSchema = Record<string, unknown>;

export function inputJsonSchema(tool: Pick<AnyTool, "input">): JsonSchema {
  return strip$schema(z.toJSONSchema(tool.input, { target: "draft-7", io: "input" }) as JsonSchema);
}

export function outputJsonSchema(tool: Pick<AnyTool, "output">): JsonSchema {
  return strip$schema(z.toJSONSchema(tool.output, { target: "draft-7", io: "output" }) as JsonSchema);
}

function strip$schema(schema: JsonSchema): JsonSchema {
  const { $schema: _unused, ...rest } = schema;
  return rest;
}

// Keywords OpenAI's strict mode refuses; the tool still checks them and names the field.
const STRICT_UNSUPPORTED = new Set(["minLength", "maxLength", "default", "$schema"]);

/** OpenAI strict mode: every property required (optional ones nullable, and null means "not
 *  given" to the tool), additionalProperties false on every object. */
export function toStrictSchema(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (STRICT_UNSUPPORTED.has(key)) continue;
    out[key] = key === "properties" || key === "required" ? value : deep(value);
  }
  if (out.type === "object") {
    const props = (out.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((out.required ?? []) as string[]);
    out.properties = Object.fromEntries(Object.entries(props).map(([k, v]) => {
      const strict = toStrictSchema(v);
      return [k, required.has(k) ? strict : nullable(strict)];
    }));
    out.required = Object.keys(props);
    out.additionalProperties = false;
  }
  return out;
}

function deep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deep);
  if (value && typeof value === "object") return toStrictSchema(value as JsonSchema);
  return value;
}

function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === "string") {
    const out: JsonSchema = { ...schema, type: [schema.type, "null"] };
    if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
    return out;
  }
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: "null" }] };
  return { anyOf: [schema, { type: "null" }] };
}

export interface OpenAIFunctionTool {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchema; strict: boolean };
}

// Every episode lists the same tools, and each MCP request on the stateless endpoint lists them
// again: the exported forms are computed once per tool and shared (callers never mutate them).
const memo = new WeakMap<AnyTool, Map<string, unknown>>();
function once<T>(tool: AnyTool, key: string, build: () => T): T {
  let forms = memo.get(tool);
  if (!forms) memo.set(tool, (forms = new Map()));
  if (!forms.has(key)) forms.set(key, build());
  return forms.get(key) as T;
}

export function openAIFunction(tool: AnyTool, strict = true): OpenAIFunctionTool {
  return once(tool, strict ? "openai-strict" : "openai", () => buildOpenAIFunction(tool, strict));
}

function buildOpenAIFunction(tool: AnyTool, strict: boolean): OpenAIFunctionTool {
  const parameters = inputJsonSchema(tool);
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: strict ? toStrictSchema(parameters) : parameters, strict },
  };
}

export function anthropicTool(tool: AnyTool): { name: string; description: string; input_schema: JsonSchema } {
  return { name: tool.name, description: tool.description, input_schema: inputJsonSchema(tool) };
}

export function mcpTool(tool: AnyTool) {
  return once(tool, "mcp", () => buildMcpTool(tool));
}

function buildMcpTool(tool: AnyTool) {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputJsonSchema(tool) as { type: "object"; [k: string]: unknown },
    outputSchema: outputJsonSchema(tool) as { type: "object"; [k: string]: unknown },
    annotations: {
      title: tool.title,
      readOnlyHint: !tool.write,
      destructiveHint: tool.write,
      idempotentHint: !tool.write,
      openWorldHint: false,
    },
  };
}

export type ToolFormat = "openai" | "anthropic" | "mcp" | "json_schema";
export const TOOL_FORMATS: readonly ToolFormat[] = ["openai", "anthropic", "mcp", "json_schema"];

export function exportTools(tools: readonly AnyTool[], format: ToolFormat): unknown[] {
  switch (format) {
    case "openai": return tools.map((t) => openAIFunction(t));
    case "anthropic": return tools.map(anthropicTool);
    case "mcp": return tools.map(mcpTool);
    case "json_schema": return tools.map((t) => ({ name: t.name, description: t.description, write: t.write,
      input: inputJsonSchema(t), output: outputJsonSchema(t) }));
  }
}

/** exportTools as JSON text: each tool's form is serialized once per format, so that a response
 *  listing the tools (every episode creation) costs a join, not a JSON.stringify of 28 KB. */
export function exportToolsJson(tools: readonly AnyTool[], format: ToolFormat): string {
  return `[${tools.map((t) => once(t, `json:${format}`, () => JSON.stringify(exportTools([t], format)[0]))).join(",")}]`;
}
