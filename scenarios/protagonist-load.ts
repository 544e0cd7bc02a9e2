import fs from "node:fs";
import path from "node:path";
import { protagonistFile, type ProtagonistFile } from "./protagonist-format.js";
import { ajvFaults, compileValidator, zodFaults, type Fault } from "./json-schema.js";
import { checkProtagonist } from "./protagonist-check.js";

let validator: ReturnType<typeof compileValidator> | undefined;

export type Loaded<T> = { ok: true; value: T } | { ok: false; faults: Fault[] };

/** Reads, schema-validates and checks one protagonist file. `schema: "zod"` checks the same
 *  constraints without compiling the JSON Schema (for commands that must start fast). */
export function loadProtagonistFile(file: string, schema: "ajv" | "zod" = "ajv"): Loaded<ProtagonistFile> {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    return { ok: false, faults: [{ file, pointer: "/", message: `not readable JSON: ${(e as Error).message}` }] };
  }
  let value: ProtagonistFile;
  if (schema === "ajv") {
    validator ??= compileValidator(protagonistFile);
    if (!validator(raw)) return { ok: false, faults: ajvFaults(file, validator.errors) };
    value = protagonistFile.parse(raw);
  } else {
    const parsed = protagonistFile.safeParse(raw);
    if (!parsed.success) return { ok: false, faults: zodFaults(file, parsed.error) };
    value = parsed.data;
  }
  const faults = checkProtagonist(file, value);
  if (path.basename(path.dirname(file)) !== value.id) {
    faults.push({ file, pointer: "/id", message: `id "${value.id}" must match its folder name "${path.basename(path.dirname(file))}"` });
  }
  return faults.length ? { ok: false, faults } : { ok: true, value };
}
