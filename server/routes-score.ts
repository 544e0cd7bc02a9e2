import { Router } from "express";
import type { Scoring } from "./scoring.js";
import { HttpError } from "./http-error.js";
import { scoreBody, scoreReport } from "./api-schemas.js";
import { parseBody, send } from "./validate-body.js";
import type { z } from "zod";

/** Scoring of a whole trajectory sent in the body: no episode needed. */
export function scoreRoutes(scoring: Scoring): Router {
  const router = Router();
  router.post("/score", async (req, res) => {
    const body = parseBody(scoreBody, req.body);
    if ((body.log === undefined) === (body.messages === undefined)) {
      throw new HttpError(400, "invalid_body", "give exactly one of log (JSONL text) or messages (OpenAI array)", { field: "log" });
    }
    const outcome = await scoring.log(body.log !== undefined
      ? { kind: "jsonl", text: body.log, scenarioId: body.scenario_id }
      : { kind: "messages", messages: body.messages, scenarioId: body.scenario_id, tickSeconds: body.tick_seconds });
    if (!outcome.ok) throw new HttpError(outcome.status, outcome.code, outcome.message, outcome.detail);
    send(res, scoreReport, outcome.report as unknown as z.input<typeof scoreReport>);
  });
  return router;
}
