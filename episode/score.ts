import { scoreTrajectory, type ScoreReport } from "../milestones/index.js";
import type { Scenario } from "../scenarios/catalog.js";
import type { ScriptStep } from "../scenarios/scenario-format.js";
import type { Trajectory } from "./trajectory.js";
import { playScript } from "./replay.js";
import { staleValues } from "../scenarios/stale-values.js";
import { unsentDrafts } from "../scenarios/unsent-drafts.js";
import { peopleHandles, peopleNames } from "../scenarios/people.js";

export function scoreScenarioTrajectory(scenario: Scenario, trajectory: Trajectory): ScoreReport {
  return scoreTrajectory(
    trajectory,
    {
      milestones: scenario.file.milestones,
      ...(scenario.file.minefields ? { minefields: scenario.file.minefields } : {}),
      ...(scenario.file.allowed_changes ? { allowed_changes: scenario.file.allowed_changes } : {}),
    },
    {
      scenarioId: scenario.id, relatedEntities: scenario.file.related_entities,
      staleValues: scenario.cached("stale", () => [...staleValues(scenario.protagonist, scenario.file.reference_time), ...unsentDrafts(scenario.protagonist, scenario.file.reference_time)]),
      people: scenario.cached("people", () => peopleNames(scenario.protagonist)),
      handles: scenario.cached("handles", () => peopleHandles(scenario.protagonist)),
    },
  );
}

/** Plays a stored script (gold, negative, calibration, or a made-up one) on a fresh episode and
 *  scores it. */
export function scoreScript(scenario: Scenario, steps: readonly ScriptStep[], label: string): ScoreReport {
  const episode = playScript(scenario, steps, label);
  try {
    return scoreScenarioTrajectory(scenario, episode.trajectory());
  } finally {
    episode.close();
  }
}
