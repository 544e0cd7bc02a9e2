import path from "node:path";
import { protagonistFile, type ProtagonistFile } from "./protagonist-format.js";
import { compileValidator, readValidated, type Loaded } from "./json-schema.js";
import { checkProtagonist } from "./protagonist-check.js";

let validator: ReturnType<typeof compileValidator> | undefined;

export type { Loaded };

/** Reads, schema-validates and checks one protagonist file. `schema: "zod"` checks the same
 *  constraints without compiling the JSON Schema (for commands that must start fast). */
export function loadProtagonistFile(file: string, schema: "ajv" | "zod" = "ajv"): Loaded<ProtagonistFile> {
  if (schema === "ajv") validator ??= compileValidator(protagonistFile);
  const read = readValidated(file, protagonistFile, schema === "ajv" ? validator : undefined);
  if (!read.ok) return read;
  const value = read.value;
  const faults = checkProtagonist(file, value);
  if (path.basename(path.dirname(file)) !== value.id) {
    faults.push({ file, pointer: "/id", message: `id "${value.id}" must match its folder name "${path.basename(path.dirname(file))}"` });
  }
  return faults.length ? { ok: false, faults } : { ok: true, value };
}
