import { Router, type Request } from "express";
import type { Scenario, ScenarioCatalog } from "../scenarios/catalog.js";
import { HttpError } from "./http-error.js";
import { protagonistList, scenarioBody, scenarioList, type scenarioSummary } from "./api-schemas.js";
import { send } from "./validate-body.js";
import type { z } from "zod";

export function summary(s: Scenario): z.output<typeof scenarioSummary> {
  const f = s.file;
  return {
    id: f.id, protagonist: f.protagonist, title: f.title ?? null, reference_time: f.reference_time, time_zone: s.zone,
    query: f.query, turns: f.turns, goal_type: f.goal_type, complexity: f.complexity, challenges: f.challenges,
  };
}

const ANSWER_KEYS = ["milestones", "minefields", "gold_trajectory", "negative_trajectories", "reasoning", "success_conditions", "related_entities", "user"] as const;

/** A scenario as an agent harness may see it: the answers (milestones, gold trajectory, the
 *  scripted user's knowledge) only when asked for with ?answers=true. */
export function scenarioView(s: Scenario, answers: boolean): Record<string, unknown> {
  const file: Record<string, unknown> = { ...s.file, time_zone: s.zone };
  if (!answers) for (const k of ANSWER_KEYS) delete file[k];
  return file;
}

export function scenarioRoutes(catalog: ScenarioCatalog): Router {
  const router = Router();
  router.get("/scenarios", (req, res) => {
    const protagonist = typeof req.query.protagonist === "string" ? req.query.protagonist : undefined;
    send(res, scenarioList, { scenarios: catalog.list().filter((s) => !protagonist || s.file.protagonist === protagonist).map(summary) });
  });
  router.get("/scenarios/:id", (req: Request<{ id: string }>, res) => {
    const s = catalog.get(req.params.id);
    if (!s) throw new HttpError(404, "scenario_not_found", `no scenario "${req.params.id}"; see GET /scenarios`, { id: req.params.id });
    send(res, scenarioBody, scenarioView(s, req.query.answers === "true"));
  });
  router.get("/protagonists", (_req, res) => {
    send(res, protagonistList, { protagonists: [...catalog.protagonists.values()].map((p) => ({
      id: p.id, name: p.name, time_zone: p.timezone, age: p.age, occupation: p.occupation, data_window: p.data_window,
    })) });
  });
  return router;
}
