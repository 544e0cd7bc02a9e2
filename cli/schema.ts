import { toJsonSchema } from "../scenarios/json-schema.js";
import { scenarioFile } from "../scenarios/scenario-format.js";
import { protagonistFile } from "../scenarios/protagonist-format.js";
import { coveragePlanFile } from "../scenarios/coverage-plan-format.js";
import { UsageError } from "./usage.js";

export const FILE_SCHEMAS = { scenario: scenarioFile, protagonist: protagonistFile, "coverage-plan": coveragePlanFile } as const;

const isKind = (kind: string): kind is keyof typeof FILE_SCHEMAS => Object.hasOwn(FILE_SCHEMAS, kind);

/** `pimbox schema scenario|protagonist|coverage-plan`: the JSON Schema files are validated against,
 *  generated from the zod definitions (also committed as scenarios/*.schema.json for editors). */
export function schemaText(kind: string): string {
  if (!isKind(kind)) throw new UsageError(`schema: expected one of ${Object.keys(FILE_SCHEMAS).map((k) => `"${k}"`).join(", ")}, got "${kind}"`);
  return JSON.stringify({ title: `pimbox ${kind} file`, ...toJsonSchema(FILE_SCHEMAS[kind]) }, null, 2) + "\n";
}
