import { z } from "zod";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import fs from "node:fs";

// zod defines the file formats; ajv validates files against the JSON Schema generated from them
// so that the schema we publish is the schema we enforce, and faults carry JSON pointers.

export interface Fault {
  file: string;
  pointer: string;
  message: string;
}

export function toJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: "draft-7", io: "input", unrepresentable: "throw", reused: "ref" }) as Record<string, unknown>;
}

export function compileValidator(schema: z.ZodType): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv.compile(toJsonSchema(schema));
}

/** zod's issues as faults with JSON pointers: the same constraints as the ajv check, for a
 *  loader that cannot afford compiling the JSON Schema (a command reading one scenario). */
export function zodFaults(file: string, error: z.ZodError): Fault[] {
  return error.issues.map((i) => ({ file, pointer: i.path.length ? `/${i.path.join("/")}` : "/", message: i.message }));
}

export function ajvFaults(file: string, errors: ErrorObject[] | null | undefined): Fault[] {
  return (errors ?? []).map((e) => ({
    file,
    pointer: e.instancePath || "/",
    message: describe(e),
  }));
}

function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  if (e.keyword === "additionalProperties") return `unexpected property "${String(p.additionalProperty)}"`;
  if (e.keyword === "required") return `missing required property "${String(p.missingProperty)}"`;
  if (e.keyword === "enum") return `must be one of ${JSON.stringify(p.allowedValues)}`;
  return e.message ?? e.keyword;
}

export type Loaded<T> = { ok: true; value: T } | { ok: false; faults: Fault[] };

/** Reads a JSON file and validates it: with ajv against the generated JSON Schema when a
 *  validator is given (JSON pointers to every fault), else with zod (the same constraints,
 *  without the cost of compiling the schema). */
export function readValidated<S extends z.ZodType>(file: string, schema: S, validate: ValidateFunction | undefined): Loaded<z.output<S>> {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    return { ok: false, faults: [{ file, pointer: "/", message: `not readable JSON: ${(e as Error).message}` }] };
  }
  if (validate) {
    if (!validate(raw)) return { ok: false, faults: ajvFaults(file, validate.errors) };
    return { ok: true, value: schema.parse(raw) };
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, faults: zodFaults(file, parsed.error) };
}
