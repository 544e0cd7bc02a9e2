import { createHash } from "node:crypto";
import { z } from "zod";
import type { JsonSchema, OpenAIFunctionTool } from "../tools/export.js";
import type { Augmentation } from "./config.js";
import type { ToolCallRequest } from "./model.js";

// ToolSandbox's tool augmentations, applied to the schemas the model sees and undone on each
// call before it reaches pimbox, so that trajectories and scores are in pimbox's own names.
// Names are derived from hashes, so a run is reproducible.

const hash = (s: string, n: number) => createHash("sha256").update(s).digest("hex").slice(0, n);

/** Tools the benchmark does not have: calls to them reach pimbox as unknown tools and are
 *  recorded as failed steps, like any tool the agent should not have used. */
const DISTRACTIONS: { name: string; description: string; input: z.ZodObject }[] = [
  { name: "get_current_weather", description: "Get the current weather for a city.", input: z.object({ city: z.string().describe("city name") }) },
  { name: "search_notes", description: "Search the user's notes by text.", input: z.object({ query: z.string().describe("words to find") }) },
  { name: "set_alarm", description: "Set an alarm on the phone.", input: z.object({ time: z.string().describe("HH:MM"), label: z.string().optional() }) },
  { name: "play_music", description: "Play a song, album or playlist.", input: z.object({ title: z.string() }) },
  { name: "get_stock_price", description: "Get the latest price of a stock ticker.", input: z.object({ ticker: z.string() }) },
];

export interface ToolView {
  /** What the model sees. */
  tools: OpenAIFunctionTool[];
  /** A call as the model wrote it, in pimbox's names. */
  toPimbox(call: ToolCallRequest): ToolCallRequest;
}

export function augmentTools(tools: readonly OpenAIFunctionTool[], augmentations: readonly Augmentation[]): ToolView {
  const on = new Set(augmentations);
  const names = new Map<string, string>();      // shown -> pimbox
  const argNames = new Map<string, Map<string, string>>(); // pimbox tool -> shown arg -> pimbox arg
  let all = [...tools];
  if (on.has("distraction_tools")) {
    all = [...all, ...DISTRACTIONS.map((d) => ({
      type: "function" as const,
      function: { name: d.name, description: d.description, parameters: z.toJSONSchema(d.input, { target: "draft-7" }) as JsonSchema, strict: false },
    }))];
  }
  const shown = all.map((tool) => {
    const f = tool.function;
    let parameters = structuredClone(f.parameters);
    let strict = f.strict;
    if (on.has("renamed_arguments")) {
      const map = new Map<string, string>();
      const props = (parameters.properties ?? {}) as Record<string, unknown>;
      const renamed: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(props)) {
        const alias = `arg_${hash(`${f.name}.${k}`, 6)}`;
        map.set(alias, k);
        renamed[alias] = v;
      }
      parameters = { ...parameters, properties: renamed, ...(Array.isArray(parameters.required) ? { required: (parameters.required as string[]).map((k) => `arg_${hash(`${f.name}.${k}`, 6)}`) } : {}) };
      argNames.set(f.name, map);
    }
    if (on.has("no_arg_descriptions")) parameters = stripKey(parameters, "description") as JsonSchema;
    if (on.has("no_type_hints")) { parameters = stripTypes(parameters) as JsonSchema; strict = false; }
    const name = on.has("scrambled_names") ? `tool_${hash(f.name, 8)}` : f.name;
    names.set(name, f.name);
    return { type: "function" as const, function: { name, description: f.description, parameters, strict } };
  });
  return {
    tools: shown,
    toPimbox(call) {
      const name = names.get(call.name) ?? call.name;
      const map = argNames.get(name);
      if (!map) return { ...call, name };
      let args: unknown;
      try { args = JSON.parse(call.arguments); } catch { return { ...call, name }; }
      if (typeof args !== "object" || args === null || Array.isArray(args)) return { ...call, name };
      const back = Object.fromEntries(Object.entries(args).map(([k, v]) => [map.get(k) ?? k, v]));
      return { ...call, name, arguments: JSON.stringify(back) };
    },
  };
}

/** Removes a keyword from every schema under `properties` and `items` (not property names). */
function stripKey(schema: unknown, key: string, top = true): unknown {
  if (Array.isArray(schema)) return schema.map((s) => stripKey(s, key, false));
  if (!schema || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === key && !top) continue;
    if (k === "properties" && v && typeof v === "object") {
      out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, stripKey(s, key, false)]));
    } else out[k] = typeof v === "object" ? stripKey(v, key, false) : v;
  }
  return out;
}

/** No type hints: argument schemas lose `type` (and their null/format alternatives). */
function stripTypes(schema: unknown): unknown {
  const plain = stripKey(stripKey(schema, "format"), "type") as Record<string, unknown>;
  return { ...plain, type: "object" };
}
