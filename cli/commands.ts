import type { Command } from "commander";
import { DEFAULT_DATA_DIR } from "../scenarios/paths.js";
import { validateCommand } from "./validate.js";

export function registerCommands(program: Command): void {
  program.command("validate")
    .description("check the protagonists and scenarios: schema, references, times, gold trajectories")
    .option("--data <dir>", "data folder", DEFAULT_DATA_DIR)
    .option("--protagonist <id>", "only this protagonist")
    .option("--json", "print the summary and failures as JSON")
    .action((opts) => { process.exitCode = validateCommand(opts); });
}
