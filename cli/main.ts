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

try {
  await program.parseAsync(process.argv);
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
