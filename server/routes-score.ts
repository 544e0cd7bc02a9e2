import { Router, type Request } from "express";
import type { Readable } from "node:stream";
import type { Scoring } from "./scoring.js";
import { HttpError } from "./http-error.js";
import { scoreReport } from "./api-schemas.js";
import { send } from "./validate-body.js";
import { SCORE_ENCODINGS, SCORE_JSON, SCORE_JSONL, scoreBodyKind, scoreScenarioQuery } from "./score-body.js";
import type { z } from "zod";

/** The body as it arrives, decoded when it is compressed. */
function decoded(req: Request): Readable {
  const encoding = String(req.headers["content-encoding"] ?? "identity").trim().toLowerCase();
  const decode = Object.hasOwn(SCORE_ENCODINGS, encoding) ? SCORE_ENCODINGS[encoding] : undefined;
  if (!decode) {
    throw new HttpError(415, "unsupported_encoding", `Content-Encoding ${encoding} is not supported; send ${Object.keys(SCORE_ENCODINGS).filter((e) => e !== "identity").join(", ")} or none`);
  }
  return decode(req);
}

/** Scoring of a whole trajectory sent in the body: no episode needed. The body is never parsed
 *  on the event loop: it streams to a scoring thread, which reads {log} or {messages} as JSON
 *  (at most --max-log-bytes), or a log sent as it is (application/x-ndjson, the format of
 *  GET /episodes/:id/trajectory?format=jsonl) line by line, dropping results, so that a log of
 *  any size up to --max-steps steps can be scored. */
export function scoreRoutes(scoring: Scoring, maxLogBytes: number): Router {
  const router = Router();
  router.post("/score", async (req, res) => {
    const kind = scoreBodyKind(req.headers["content-type"]);
    if (!kind) {
      throw new HttpError(415, "unsupported_media_type", `send {log} or {messages} as ${SCORE_JSON.type}, or the JSONL log itself as ${SCORE_JSONL.types[0]} (either may be gzip-encoded)`);
    }
    const scenarioId = req.query.scenario_id === undefined ? undefined : scoreScenarioQuery.safeParse(req.query.scenario_id);
    if (scenarioId && !scenarioId.success) {
      throw new HttpError(400, "invalid_query", "scenario_id: a scenario id", { field: "scenario_id" });
    }
    const query = scenarioId?.data;
    const body = decoded(req);
    let outcome;
    try {
      // Not destroyed when a refusal stops the reading early: the answer must still go out.
      outcome = await scoring.stream({ kind, scenarioId: query, maxBytes: maxLogBytes }, body.iterator({ destroyOnReturn: false }));
    } catch (e) {
      const code = String((e as { code?: unknown }).code ?? "");
      if (code.startsWith("Z_") || code.includes("BROTLI")) {
        throw new HttpError(400, "malformed_body", `the body does not decode as ${String(req.headers["content-encoding"])}: ${(e as Error).message}`);
      }
      // The client went away mid-body: nobody to answer.
      if (req.destroyed || code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE") return;
      throw e;
    }
    if (!outcome.ok) {
      // A refusal may come before the whole body was read: drain the rest rather than read it.
      if (!req.readableEnded) { res.set("Connection", "close"); body.resume(); req.resume(); }
      throw new HttpError(outcome.status, outcome.code, outcome.message, outcome.detail);
    }
    send(res, scoreReport, outcome.report as unknown as z.input<typeof scoreReport>);
  });
  return router;
}
