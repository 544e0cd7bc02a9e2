import zlib from "node:zlib";
import type { Readable } from "node:stream";
import { z } from "zod";
import { logHeader, loggedStep } from "../episode/log.js";
import { scoreBody } from "./api-schemas.js";

// What POST /score accepts, in one place: the route reads its body by these, and the OpenAPI
// document shows these, so the two cannot drift apart.

/** {log} or {scenario_id, messages}: parsed whole, at most --max-log-bytes. */
export const SCORE_JSON = { type: "application/json", schema: scoreBody } as const;

/** The JSONL trajectory log itself (GET /episodes/:id/trajectory?format=jsonl), read line by
 *  line: a header line, then one step per line. The first type is the one to send; the others
 *  are names clients also give JSON Lines. */
export const SCORE_JSONL = {
  types: ["application/x-ndjson", "application/jsonl", "application/x-jsonlines", "application/jsonlines"],
  header: logHeader,
  step: loggedStep,
} as const;

/** Content-Encoding values the body may come in, and how each is decoded as it streams. */
export const SCORE_ENCODINGS: Readonly<Record<string, (body: Readable) => Readable>> = {
  identity: (body) => body,
  gzip: (body) => body.pipe(zlib.createGunzip()),
  "x-gzip": (body) => body.pipe(zlib.createGunzip()),
  deflate: (body) => body.pipe(zlib.createInflate()),
  br: (body) => body.pipe(zlib.createBrotliDecompress()),
};

/** ?scenario_id=: a check on a JSONL log, or the scenario of a JSON body that does not name it. */
export const scoreScenarioQuery = z.string().min(1).max(200)
  .describe("optional: a JSONL log must be for this scenario (else 400 scenario_mismatch); a JSON body without scenario_id is scored on it");

/** The body's kind by its Content-Type (parameters such as charset ignored), or undefined. */
export function scoreBodyKind(contentType: string | undefined): "json" | "jsonl" | undefined {
  const type = String(contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === SCORE_JSON.type) return "json";
  return (SCORE_JSONL.types as readonly string[]).includes(type) ? "jsonl" : undefined;
}
