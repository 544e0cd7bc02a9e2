import { test } from "node:test";
import assert from "node:assert/strict";
import { Ajv } from "ajv";
import { TOOLS, TOOL_NAMES } from "../../tools/registry.js";
import { exportTools, inputJsonSchema, openAIFunction, outputJsonSchema } from "../../tools/export.js";

const ASTRA_NAMES = [
  "search_contacts", "get_all_contacts", "add_contact", "modify_contact", "remove_contact",
  "search_calendar_events", "get_all_calendars", "create_calendar_event", "modify_calendar_event", "remove_calendar_event",
  "search_emails", "get_all_emails", "send_email", "modify_draft_email", "remove_email_or_thread",
  "search_messages", "get_all_messages", "send_message", "remove_message_or_conversation",
  "search_whatapp_messages", "get_all_whatapp_messages", "send_whatapp_message", "remove_whatapp_message_or_conversation",
  "search_phonelog_calls", "get_all_phone_calls", "create_outgoing_call", "remove_phone_call_logs",
];

test("the registry holds exactly ASTRA-bench's 27 tools, in its order", () => {
  assert.deepEqual(TOOL_NAMES, ASTRA_NAMES);
});

test("every tool converts to JSON Schema that ajv compiles (input and output)", () => {
  const ajv = new Ajv({ strict: false });
  for (const tool of TOOLS) {
    ajv.compile(inputJsonSchema(tool));
    ajv.compile(outputJsonSchema(tool));
  }
  for (const format of ["openai", "anthropic", "mcp", "json_schema"] as const) assert.equal(exportTools(TOOLS, format).length, 27);
});

/** OpenAI's strict-mode rules: every object has additionalProperties false and lists every
 *  property as required; no keywords outside the supported subset. */
function checkStrict(schema: Record<string, unknown>, path: string): string[] {
  const faults: string[] = [];
  const allowed = new Set(["type", "properties", "required", "additionalProperties", "items", "enum", "anyOf", "description", "pattern", "format", "minItems", "maxItems", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "const", "$ref", "$defs"]);
  for (const key of Object.keys(schema)) if (!allowed.has(key)) faults.push(`${path}: keyword ${key}`);
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.includes("object")) {
    if (schema.additionalProperties !== false) faults.push(`${path}: additionalProperties`);
    const props = Object.keys((schema.properties ?? {}) as object);
    if (JSON.stringify([...props].sort()) !== JSON.stringify([...((schema.required ?? []) as string[])].sort())) faults.push(`${path}: required`);
  }
  for (const [k, v] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)) faults.push(...checkStrict(v, `${path}.${k}`));
  if (schema.items) faults.push(...checkStrict(schema.items as Record<string, unknown>, `${path}[]`));
  for (const [i, s] of ((schema.anyOf ?? []) as Record<string, unknown>[]).entries()) faults.push(...checkStrict(s, `${path}|${i}`));
  return faults;
}

test("OpenAI function names and strict schemas follow OpenAI's rules", () => {
  for (const tool of TOOLS) {
    const fn = openAIFunction(tool).function;
    assert.match(fn.name, /^[a-zA-Z0-9_-]{1,64}$/);
    assert.equal(fn.strict, true);
    assert.deepEqual(checkStrict(fn.parameters, tool.name), []);
  }
});

test("write tools are marked destructive and read tools read-only in MCP", () => {
  for (const t of exportTools(TOOLS, "mcp") as { name: string; annotations: { readOnlyHint: boolean; destructiveHint: boolean } }[]) {
    const write = /^(add|modify|remove|send|create)_/.test(t.name);
    assert.equal(t.annotations.destructiveHint, write, t.name);
    assert.equal(t.annotations.readOnlyHint, !write, t.name);
  }
});
