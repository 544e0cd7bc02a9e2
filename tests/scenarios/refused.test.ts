import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ScenarioCatalog } from "../../scenarios/catalog.js";
import { FIXTURE_DATA } from "../helpers.js";

/** A copy of the fixture data with extra scenario files, each meant to be refused. */
function dataWith(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-data-"));
  fs.cpSync(FIXTURE_DATA, dir, { recursive: true });
  for (const [name, body] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, "test-person", "scenarios", name), typeof body === "string" ? body : JSON.stringify(body));
  }
  return dir;
}

const base = JSON.parse(fs.readFileSync(path.join(FIXTURE_DATA, "test-person", "scenarios", "move-dinner.json"), "utf8")) as Record<string, unknown>;

test("bad scenario files are refused with their path and the JSON pointer of the fault; the rest load", () => {
  const dir = dataWith({
    "schema.json": { ...base, id: "bad-schema", complexity: { referential: "extreme", functional: "low", informational: "low" } },
    "date.json": { ...base, id: "bad-date", reference_time: "2026-10-32T10:00:00" },
    "override.json": { ...base, id: "bad-override", state_overrides: { add: { calls: [{ id: "call_x", phone_number: "+1 415 555 0134", direction: "incoming", start: "2026-09-01T10:00:00", duration_seconds: 3 }] } } },
    "edge.json": { ...base, id: "bad-edge", milestones: { nodes: (base.milestones as { nodes: unknown[] }).nodes, edges: [["found", "nowhere"]] } },
    "broken.json": "{ not json",
  });
  const { catalog, faults } = ScenarioCatalog.load(dir);
  const at = (name: string) => faults.filter((f) => f.file.endsWith(name)).map((f) => f.pointer);
  assert.deepEqual(at("schema.json"), ["/complexity/referential"]);
  assert.deepEqual(at("date.json"), ["/reference_time"]);
  assert.ok(at("override.json").some((p) => p.startsWith("/state_overrides/add/calls")), JSON.stringify(faults));
  assert.deepEqual(at("edge.json"), ["/milestones/edges/0/1"]);
  assert.deepEqual(at("broken.json"), ["/"]);
  assert.deepEqual(catalog.list().map((s) => s.id).sort(), ["test-ask-sam", "test-move-dinner"]);
});

test("a success condition naming a value no check reads is refused at its pointer; '(optional)' is not", async () => {
  const { verifyScenario } = await import("../../episode/verify.js");
  const conditions = [...(base.success_conditions as string[]), "tells Jess the deposit is $40", "mentions the 18:30 table (optional)"];
  const dir = dataWith({ "move-dinner.json": { ...base, success_conditions: conditions } });
  const { catalog } = ScenarioCatalog.load(dir);
  const faults = verifyScenario(catalog.get("test-move-dinner")!).filter((f) => f.pointer.startsWith("/success_conditions"));
  assert.deepEqual(faults.map((f) => f.pointer), [`/success_conditions/${conditions.length - 2}`]);
  assert.match(faults[0]!.message, /\$40.*no milestone or minefield checks/);
});
