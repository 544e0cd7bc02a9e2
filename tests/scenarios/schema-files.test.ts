import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { PACKAGE_ROOT } from "../../scenarios/paths.js";
import { schemaText } from "../../cli/schema.js";

// The committed JSON Schema files are what the zod definitions generate (`pimbox schema KIND`).
for (const kind of ["scenario", "protagonist", "coverage-plan"]) {
  test(`scenarios/${kind}.schema.json is current`, () => {
    const committed = fs.readFileSync(path.join(PACKAGE_ROOT, "scenarios", `${kind}.schema.json`), "utf8");
    assert.equal(committed, schemaText(kind), `regenerate with: npx pimbox schema ${kind} > scenarios/${kind}.schema.json`);
  });
}
