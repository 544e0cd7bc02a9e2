import { ScenarioCatalog } from "../scenarios/catalog.js";
import { playScript } from "../episode/replay.js";
import { scoreScenarioTrajectory } from "../episode/score.js";

// The baseline of the runner benchmark, as a process of its own: load the scenarios, play every
// gold trajectory in-process (no HTTP, no files) and score it. Prints the episode count.
const dataDir = process.argv[2]!;
const { catalog } = ScenarioCatalog.load(dataDir);
let passed = 0;
for (const scenario of catalog.list()) {
  const episode = playScript(scenario, scenario.file.gold_trajectory, "bench");
  if (scoreScenarioTrajectory(scenario, episode.trajectory()).passed) passed++;
  episode.close();
}
process.stdout.write(JSON.stringify({ episodes: catalog.list().length, passed }) + "\n");
