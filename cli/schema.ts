import { toJsonSchema } from "../scenarios/json-schema.js";
import { scenarioFile } from "../scenarios/scenario-format.js";
import { protagonistFile } from "../scenarios/protagonist-format.js";
import { UsageError } from "./usage.js";

export const FILE_SCHEMAS = { scenario: scenarioFile, protagonist: protagonistFile } as const;

/** `pimbox schema scenario|protagonist`: the JSON Schema files are validated against, generated
 *  from the zod definitions (also committed as scenarios/*.schema.json for editors). */
export function schemaText(kind: string): string {
  if (kind !== "scenario" && kind !== "protagonist") throw new UsageError(`schema: expected "scenario" or "protagonist", got "${kind}"`);
  return JSON.stringify({ title: `pimbox ${kind} file`, ...toJsonSchema(FILE_SCHEMAS[kind]) }, null, 2) + "\n";
}
