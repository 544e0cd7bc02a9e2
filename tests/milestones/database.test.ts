import { test } from "node:test";
import assert from "node:assert/strict";
import type { Row } from "../../episode/trajectory.js";
import type { DatabaseConstraint } from "../../milestones/index.js";
import { compareContext } from "../../milestones/index.js";
import { databaseOutcome } from "../../milestones/constraints.js";
import { ZONE } from "./helpers.js";

// Database constraints on hand-made tables: the relation, the reference, where, extra rows.

const msg = (id: string, body: string, extra: Partial<Row> = {}): Row => ({
  id, conversation_id: "conv1", sender: "+14155550134", direction: "outgoing", body, time: "2026-03-14T02:00:00Z", read: true, ...extra,
});
const before: Row[] = [msg("m1", "see you soon", { direction: "incoming" }), msg("m2", "ok")];
const run = (c: Omit<DatabaseConstraint, "kind" | "table">, now: Row[], ref: Row[] | undefined = before) =>
  databaseOutcome({ kind: "database", table: "sms_messages", ...c }, now, c.relation === "snapshot" ? undefined : ref, compareContext(ZONE));

test("addition: the added row is compared with the expected row", () => {
  const now = [...before, msg("m3", "running late")];
  assert.equal(run({ relation: "addition", rows: [{ body: "Running late" }] }, now).similarity, 1);
  assert.equal(run({ relation: "addition", rows: [{ body: "on my way" }] }, now).similarity, 0);
});

test("addition: an extra added row dilutes the similarity to targets / changes", () => {
  const now = [...before, msg("m3", "running late"), msg("m4", "oops")];
  assert.equal(run({ relation: "addition", rows: [{ body: "running late" }] }, now).similarity, 0.5);
  assert.equal(run({ relation: "addition", rows: [{ body: "running late" }], extra_rows: "ignore" }, now).similarity, 1);
});

test("addition: rows outside `where` are out of scope", () => {
  const now = [...before, msg("m3", "running late"), msg("m4", "hi", { conversation_id: "conv2" })];
  assert.equal(run({ relation: "addition", where: { conversation_id: "conv1" }, rows: [{ body: "running late" }] }, now).similarity, 1);
});

test("addition: no rows listed means exactly one new row; [] means none", () => {
  const now = [...before, msg("m3", "x")];
  assert.equal(run({ relation: "addition" }, now).similarity, 1);
  assert.equal(run({ relation: "addition" }, before).similarity, 0);
  assert.equal(run({ relation: "addition", rows: [] }, before).similarity, 1);
  assert.equal(run({ relation: "addition", rows: [] }, now).similarity, 0);
});

test("addition: a removal in the same table counts as an extra change", () => {
  const now = [before[0]!, msg("m3", "running late")];
  assert.equal(run({ relation: "addition", rows: [{ body: "running late" }] }, now).similarity, 0.5);
});

test("removal: the removed rows, in their old form", () => {
  const now = [before[0]!];
  assert.equal(run({ relation: "removal", rows: [{ id: "m2" }] }, now).similarity, 1);
  assert.equal(run({ relation: "removal", rows: [{ id: "m1" }] }, now).similarity, 0);
});

test("update: listed columns take their new values; unlisted ones must not change", () => {
  const now = [before[0]!, { ...before[1]!, body: "ok!", read: false }];
  assert.equal(run({ relation: "update", rows: [{ id: "m2", body: "ok!", read: false }] }, now).similarity, 1);
  assert.equal(run({ relation: "update", rows: [{ id: "m2", body: "ok!" }] }, now).similarity, 0);
  assert.equal(run({ relation: "update", rows: [{ id: "m2", body: "ok!" }], others_unchanged: false }, now).similarity, 1);
});

test("update: a modify that changes nothing is not an update", () => {
  assert.equal(run({ relation: "update", rows: [{ id: "m2", body: "ok" }] }, [...before]).similarity, 0);
});

test("snapshot: the expected rows exist now; other rows are ignored unless penalised", () => {
  assert.equal(run({ relation: "snapshot", rows: [{ body: "ok" }] }, before).similarity, 1);
  assert.equal(run({ relation: "snapshot", rows: [{ body: "gone" }] }, before).similarity, 0);
  assert.equal(run({ relation: "snapshot", rows: [{ body: "ok" }], extra_rows: "penalize" }, before).similarity, 0.5);
  assert.equal(run({ relation: "snapshot", where: { direction: "incoming" }, rows: [] , extra_rows: "penalize" }, before).similarity, 0);
});

test("snapshot: rows are paired to maximise the geometric mean, whatever their order", () => {
  const rows = [{ body: { compare: "rouge_l" as const, value: "see you soon" } }, { body: "ok" }];
  const a = run({ relation: "snapshot", rows }, before).similarity;
  const b = run({ relation: "snapshot", rows: [...rows].reverse() }, [...before].reverse()).similarity;
  assert.equal(a, 1);
  assert.equal(a, b);
});

test("unchanged: 1 when the table (or the rows in scope) did not change", () => {
  const now = [before[0]!, { ...before[1]!, read: false }];
  assert.equal(run({ relation: "unchanged" }, before.map((r) => ({ ...r }))).similarity, 1);
  assert.equal(run({ relation: "unchanged" }, now).similarity, 0);
  assert.equal(run({ relation: "unchanged", where: { direction: "incoming" } }, now).similarity, 1);
});
