import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { checkScoringSpec, scoringSpec, TABLE_COLUMNS, TOOL_NAMES, WRITE_TOOL_TABLES, type ScoringSpec } from "../../milestones/index.js";
import { tables } from "../../db/schema.js";
import { TOOLS } from "../../tools/registry.js";
import { getTableColumns } from "drizzle-orm";

const node = (id: string, extra: object = {}) => ({ id, category: "payload" as const, constraints: [{ kind: "no_write" as const }], ...extra });

test("the schema converts to draft-7 JSON Schema", () => {
  const schema = z.toJSONSchema(scoringSpec, { target: "draft-7", io: "input", unrepresentable: "throw" });
  assert.equal(typeof schema, "object");
});

test("the schema accepts shorthand and comparisons, and refuses a mistyped comparison", () => {
  const ok = scoringSpec.safeParse({ milestones: { nodes: [{ id: "a", category: "payload", constraints: [
    { kind: "database", table: "contacts", relation: "addition", rows: [{ first_name: "Jess", phone_numbers: [{ number: { compare: "phone", value: "4155550134" } }] }] },
  ] }] } });
  assert.ok(ok.success, JSON.stringify(ok.error?.issues));
  const bad = scoringSpec.safeParse({ milestones: { nodes: [{ id: "a", category: "payload", constraints: [
    { kind: "database", table: "contacts", relation: "addition", rows: [{ first_name: { compare: "fuzzy", value: "Jess" } }] },
  ] }] } });
  assert.equal(bad.success, false);
});

test("checker: duplicate ids, edges to missing nodes, cycles", () => {
  const spec: ScoringSpec = { milestones: { nodes: [node("a"), node("b"), node("a")], edges: [["a", "b"], ["b", "zz"], ["b", "a"]] } };
  const pointers = checkScoringSpec(spec).map((f) => f.pointer);
  assert.deepEqual(pointers, ["/milestones/nodes/2/id", "/milestones/edges/1/1", "/milestones/edges"]);
});

test("checker: references must name an ancestor", () => {
  const ref = (r: string) => ({ constraints: [{ kind: "database" as const, table: "contacts" as const, relation: "update" as const, reference: r }] });
  const spec: ScoringSpec = { milestones: { nodes: [node("a"), node("b", ref("a")), node("c", ref("d")), node("d")], edges: [["a", "b"]] } };
  const faults = checkScoringSpec(spec);
  assert.deepEqual(faults.map((f) => f.pointer), ["/milestones/nodes/2/constraints/0/reference"]);
  assert.match(faults[0]!.message, /not an ancestor/);
  const missing: ScoringSpec = { milestones: { nodes: [node("a", ref("nobody"))] } };
  assert.match(checkScoringSpec(missing)[0]!.message, /no node "nobody"/);
});

test("checker: unknown columns, bad times, empty response checks", () => {
  const spec: ScoringSpec = { milestones: { nodes: [node("a", { constraints: [
    { kind: "database", table: "contacts", relation: "snapshot", where: { nickname: "J" }, rows: [{ birthday: { compare: "time", value: "tomorrow" } }] },
    { kind: "response" },
  ] })] }, minefields: { nodes: [{ id: "m", constraints: [{ kind: "database", table: "calls", relation: "addition", rows: [{ number: "1" }] }] }] } };
  assert.deepEqual(checkScoringSpec(spec).map((f) => f.pointer), [
    "/milestones/nodes/0/constraints/0/where/nickname",
    "/milestones/nodes/0/constraints/0/rows/0/birthday",
    "/milestones/nodes/0/constraints/1",
    "/minefields/nodes/0/constraints/0/rows/0/number",
  ]);
});

test("checker: a response check of distractors alone is a check (\"claims no text to the garage\")", () => {
  const only = (c: object) => checkScoringSpec({ milestones: { nodes: [node("a", { constraints: [{ kind: "response", ...c }] })] } } as ScoringSpec);
  assert.deepEqual(only({ distractors: [{ about: [["garage"]], value: ["texted"] }] }), []);
  assert.equal(only({ distractors: [] }).length, 1);
});

test("a well-formed spec has no faults; no edges means a chain", () => {
  assert.deepEqual(checkScoringSpec({ milestones: { nodes: [node("a"), node("b")] } }), []);
});

test("the scorer's table catalogue matches db/schema.ts", () => {
  const fromDb = Object.fromEntries(Object.entries(tables).map(([name, t]) => [name, Object.keys(getTableColumns(t)).sort()]));
  const ours = Object.fromEntries(Object.entries(TABLE_COLUMNS).map(([name, cols]) => [name, [...cols].sort()]));
  assert.deepEqual(ours, fromDb);
});

test("the scorer's tool catalogue matches the registry, write tools and their tables included", () => {
  assert.deepEqual([...TOOL_NAMES].sort(), TOOLS.map((t) => t.name).sort());
  const writes = Object.fromEntries(TOOLS.filter((t) => t.write).map((t) => [t.name, [...t.tables].sort()]));
  const ours = Object.fromEntries(Object.entries(WRITE_TOOL_TABLES).map(([k, v]) => [k, [...v].sort()]));
  assert.deepEqual(ours, writes);
});

test("an empty phrase in an answer check is a spec fault: it would match every answer", () => {
  const faults = checkScoringSpec({ milestones: { nodes: [
    { id: "told", category: "response", constraints: [{ kind: "response", claims: [[["9am"]]], distractors: [" "] }] },
  ] } });
  assert.deepEqual(faults.map((f) => f.pointer), ["/milestones/nodes/0/constraints/0/distractors/0"]);
});
