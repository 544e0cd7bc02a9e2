import fs from "node:fs";
import path from "node:path";
import { protagonistFile, type ProtagonistFile } from "./protagonist-format.js";
import { scenarioFile } from "./scenario-format.js";
import type { Overrides } from "../db/snapshot.js";

// What a scenario's snapshot is built from, read for a snapshot thread: the scenario's reference
// time and state overrides, and its protagonist's data, each parsed by its own field of the file
// formats (so defaults are the same) but without the catalog's checks, which the server's catalog
// has run on the same files. The checks (milestones, chrono, compromise) are most of what loading a
// scenario costs, and importing them most of a thread's start.

export interface SnapshotSource {
  protagonist: ProtagonistFile;
  referenceTime: string;
  overrides: Overrides | undefined;
  /** Scenarios with the same key have the same snapshot: same protagonist, reference time and
   *  overrides (310 shipped scenarios have about a hundred). */
  key: string;
}

/** The protagonist of a scenario file: <data>/<protagonist>/scenarios/<id>.json. */
export const protagonistPathOf = (scenarioPath: string): string =>
  path.join(path.dirname(path.dirname(scenarioPath)), "protagonist.json");

const source = scenarioFile.pick({ reference_time: true, state_overrides: true });

/** Reads a scenario file's snapshot source; `protagonists` remembers each protagonist file
 *  read (its parsed data is also the key of its parsed-time memo). Throws what zod or the file
 *  system throws. */
export function readSnapshotSource(scenarioPath: string, protagonists: Map<string, ProtagonistFile>): SnapshotSource {
  const file = source.parse(pick(JSON.parse(fs.readFileSync(scenarioPath, "utf8")), ["reference_time", "state_overrides"]));
  const protagonistPath = protagonistPathOf(scenarioPath);
  let protagonist = protagonists.get(protagonistPath);
  if (!protagonist) {
    protagonist = protagonistFile.parse(JSON.parse(fs.readFileSync(protagonistPath, "utf8")));
    protagonists.set(protagonistPath, protagonist);
  }
  return {
    protagonist, referenceTime: file.reference_time, overrides: file.state_overrides,
    key: JSON.stringify([path.resolve(protagonistPath), file.reference_time, file.state_overrides ?? null]),
  };
}

function pick(raw: unknown, keys: readonly string[]): Record<string, unknown> {
  const object = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  return Object.fromEntries(keys.filter((k) => k in object).map((k) => [k, object[k]]));
}
