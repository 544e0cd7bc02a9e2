import { test } from "node:test";
import assert from "node:assert/strict";
import { augmentTools } from "../../run/augment.js";
import { exportTools, type OpenAIFunctionTool } from "../../tools/export.js";
import { TOOLS } from "../../tools/registry.js";

const openai = () => exportTools(TOOLS, "openai") as OpenAIFunctionTool[];
const props = (t: OpenAIFunctionTool) => t.function.parameters.properties as Record<string, Record<string, unknown>>;

test("no augmentation: the model sees pimbox's tools unchanged", () => {
  const view = augmentTools(openai(), []);
  assert.deepEqual(view.tools, openai());
  assert.deepEqual(view.toPimbox({ id: "1", name: "search_contacts", arguments: '{"name":"Jess"}' }), { id: "1", name: "search_contacts", arguments: '{"name":"Jess"}' });
});

test("scrambled names and renamed arguments are mapped back before the call reaches pimbox", () => {
  const view = augmentTools(openai(), ["scrambled_names", "renamed_arguments"]);
  const names = view.tools.map((t) => t.function.name);
  assert.equal(new Set(names).size, 27);
  assert.ok(names.every((n) => /^tool_[0-9a-f]{8}$/.test(n)));
  const shown = view.tools.find((t) => t.function.description === TOOLS.find((x) => x.name === "send_message")!.description)!;
  const aliases = Object.keys(props(shown));
  assert.ok(aliases.every((a) => /^arg_[0-9a-f]{6}$/.test(a)));
  assert.deepEqual((shown.function.parameters.required as string[]).sort(), [...aliases].sort(), "strict mode: every alias required");
  const args = Object.fromEntries(aliases.map((a) => [a, null]));
  const back = view.toPimbox({ id: "c", name: shown.function.name, arguments: JSON.stringify(args) });
  assert.equal(back.name, "send_message");
  assert.deepEqual(Object.keys(JSON.parse(back.arguments)).sort(), Object.keys(props(openai().find((t) => t.function.name === "send_message")!)).sort());
  // Text that is not JSON is passed on as it is (pimbox records the failed call).
  assert.equal(view.toPimbox({ id: "c", name: shown.function.name, arguments: "{oops" }).arguments, "{oops");
});

test("no argument descriptions, no type hints, distraction tools", () => {
  const view = augmentTools(openai(), ["no_arg_descriptions", "no_type_hints", "distraction_tools"]);
  assert.equal(view.tools.length, 32);
  const contacts = view.tools.find((t) => t.function.name === "search_contacts")!;
  assert.ok(contacts.function.description.length > 0, "the tool's own description stays");
  assert.equal(contacts.function.strict, false);
  const text = JSON.stringify(contacts.function.parameters.properties);
  assert.doesNotMatch(text, /"description"|"type"/);
  assert.equal(contacts.function.parameters.type, "object");
  assert.ok(view.tools.some((t) => t.function.name === "get_current_weather"));
});
