import type { ScenarioCatalog } from "../scenarios/catalog.js";
import type { Fault } from "../scenarios/json-schema.js";
import { verifyScenario } from "./verify.js";
import { calibrateScenario, type CalibrationOutcome } from "./calibration.js";
import { playDegenerate, type DegenerateOutcome } from "./degenerate.js";
import { scoreLive, type LiveOutcome } from "./live-calibration.js";

// The checks `pimbox validate` runs scenario by scenario: replays of the gold and the negative
// trajectories, the blind calibration suite, the degenerate agents and the graded live logs. Each
// scenario's checks need nothing of another's, so a share of the scenarios can run in a worker
// thread (check-pool.ts) and the results merge by concatenation.

export interface ScenarioChecks {
  faults: Fault[];
  calibration: CalibrationOutcome[];
  degenerate: DegenerateOutcome[];
  live: LiveOutcome[];
}

export function checkScenarios(catalog: ScenarioCatalog, dataDir: string, ids: readonly string[]): ScenarioChecks {
  const scenarios = ids.map((id) => catalog.get(id)).filter((s) => s !== undefined);
  return {
    faults: scenarios.flatMap(verifyScenario),
    calibration: scenarios.flatMap(calibrateScenario),
    degenerate: scenarios.flatMap(playDegenerate),
    live: scoreLive(catalog, dataDir, new Set(ids)),
  };
}
