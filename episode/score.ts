import { scoreTrajectory, type ScoreReport } from "../milestones/index.js";
import type { Scenario } from "../scenarios/catalog.js";
import type { Trajectory } from "./trajectory.js";

export function scoreScenarioTrajectory(scenario: Scenario, trajectory: Trajectory): ScoreReport {
  return scoreTrajectory(
    trajectory,
    {
      milestones: scenario.file.milestones,
      ...(scenario.file.minefields ? { minefields: scenario.file.minefields } : {}),
      ...(scenario.file.allowed_changes ? { allowed_changes: scenario.file.allowed_changes } : {}),
    },
    { scenarioId: scenario.id, relatedEntities: scenario.file.related_entities },
  );
}
