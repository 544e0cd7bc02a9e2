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
  return orderChecks(catalog, ids, {
    faults: scenarios.flatMap(verifyScenario),
    calibration: scenarios.flatMap(calibrateScenario),
    degenerate: scenarios.flatMap(playDegenerate),
    live: scoreLive(catalog, dataDir, new Set(ids)),
  });
}

/** Results in the order of `ids` (stable within a scenario; live logs by id), whichever threads
 *  produced them; a fault of a file that is no scenario's goes last. */
export function orderChecks(catalog: ScenarioCatalog, ids: readonly string[], c: ScenarioChecks): ScenarioChecks {
  const rank = new Map(ids.map((id, i) => [id, i]));
  const ofFile = new Map(ids.map((id) => [catalog.get(id)?.path, id]));
  const at = (id: string | undefined) => (id === undefined ? ids.length : rank.get(id) ?? ids.length);
  const by = <T>(key: (x: T) => string | undefined) => (a: T, b: T) => at(key(a)) - at(key(b));
  return {
    faults: [...c.faults].sort(by((f) => ofFile.get(f.file))),
    calibration: [...c.calibration].sort(by((o) => o.scenario)),
    degenerate: [...c.degenerate].sort(by((o) => o.scenario)),
    live: [...c.live].sort((a, b) => by<{ scenario: string }>((o) => o.scenario)(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  };
}
