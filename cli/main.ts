#!/usr/bin/env node
import { Command, CommanderError } from "commander";
import { registerCommands } from "./commands.js";
import { CommandFailure, UsageError } from "./usage.js";

// `pimbox scenarios --json | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});

// Exit codes: 0 ok, 1 failure, 2 usage error (commander's own errors are usage errors).
const program = new Command("pimbox")
  .description("A sandbox of 27 personal-information tools for evaluating tool-using LLM agents")
  .version("0.1.0")
  .exitOverride()
  .configureOutput({ writeErr: (s) => process.stderr.write(s) });
registerCommands(program);

/** commander answers `pimbox typo --help` with the top-level help and exit 0, so a script never
 *  learns that the command does not exist. The top level takes no option with a value, so the
 *  first word that is not an option is the command: when it is unknown, --help is dropped and
 *  commander reports the unknown command as it does without it (exit 2). */
function argvForUnknownCommand(argv: string[]): string[] {
  const first = argv.slice(2).find((a) => !a.startsWith("-"));
  const known = first === undefined || first === "help" || program.commands.some((c) => c.name() === first || c.aliases().includes(first));
  return known ? argv : argv.filter((a, i) => i < 2 || (a !== "--help" && a !== "-h"));
}

try {
  await program.parseAsync(argvForUnknownCommand(process.argv));
} catch (e) {
  if (e instanceof CommanderError) {
    process.exitCode = e.exitCode === 0 ? 0 : 2;
  } else if (e instanceof UsageError) {
    process.stderr.write(`pimbox: ${e.message}\n`);
    process.exitCode = 2;
  } else if (e instanceof CommandFailure) {
    process.stderr.write(`pimbox: ${e.message}\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write(`pimbox: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  }
}
