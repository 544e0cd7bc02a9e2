import { Command, Option } from "commander";
import { DEFAULT_DATA_DIR } from "../scenarios/paths.js";
import { validateCommand } from "./validate.js";
import { serveCommand } from "./serve.js";
import { mcpCommand } from "./mcp.js";
import { scenariosCommand } from "./scenarios.js";
import { scoreCommand } from "./score.js";
import { replayCommand } from "./replay.js";
import { schemaText } from "./schema.js";
import { reportCommand } from "./report.js";
import { combineCommand, runCommand } from "./run.js";

const dataOption = () => new Option("--data <dir>", "scenario data folder").default(process.env.PIMBOX_DATA ?? DEFAULT_DATA_DIR);
const collect = (value: string, previous: string[]) => [...previous, value];

// Each command is a thin shell over a library function; `main.ts` maps errors to exit codes.
export function registerCommands(program: Command): void {
  program.command("serve")
    .description("start the HTTP server: episodes API, JSON-function tools, MCP over streamable HTTP")
    .option("--port <n>", "port (0: any free port)", "8787")
    .option("--host <host>", "interface to listen on", "127.0.0.1")
    .option("--token <token>", "require Authorization: Bearer <token> (or set PIMBOX_TOKEN)")
    .option("--allow-origin <origin>", "trust this browser Origin on the MCP routes (repeatable)", collect, [])
    .option("--allow-host <host>", "accept this Host header on the MCP routes (repeatable)", collect, [])
    .option("--idle-minutes <n>", "close episodes idle this long", "30")
    .addOption(dataOption())
    .action(async (opts) => { await serveCommand(opts); });

  program.command("mcp")
    .description("serve one episode of a scenario over MCP stdio (for Claude Desktop, IDE agents, any MCP client)")
    .requiredOption("--scenario <id>", "scenario id (see `pimbox scenarios`)")
    .option("--tick <seconds>", "clock tick per step", "5")
    .option("--log <file>", "write the trajectory log (JSONL) here when the client disconnects")
    .option("--user-tool", "also offer send_message_to_user, the agent's message to the user (answers, questions)")
    .addOption(dataOption())
    .action(async (opts) => { await mcpCommand(opts); });

  program.command("scenarios")
    .description("list the scenarios")
    .option("--json", "print a JSON array of {id, protagonist, reference_time, ...}")
    .option("--protagonist <id>", "only this protagonist's")
    .addOption(dataOption())
    .action((opts) => { scenariosCommand(opts); });

  program.command("score")
    .description("score a trajectory (pimbox JSONL log, or OpenAI messages JSON) by replaying it; no server needed")
    .argument("<file>", "the trajectory file, or - for stdin")
    .option("--scenario <id>", "scenario id (required for OpenAI messages)")
    .option("--tick <seconds>", "clock tick for OpenAI messages (JSONL logs carry their own)")
    .option("--json", "print the score report as JSON")
    .addOption(dataOption())
    .action((file, opts) => { process.exitCode = scoreCommand(file, opts); });

  program.command("replay")
    .description("play a scenario's gold (or a negative) trajectory; print every step's result and the score")
    .argument("<scenario>", "scenario id")
    .option("--negative <n>", "play negative trajectory n instead of the gold one")
    .option("--json", "print the steps and the score report as JSON")
    .addOption(dataOption())
    .action((id, opts) => { process.exitCode = replayCommand(id, opts); });

  program.command("schema")
    .description("print the JSON Schema of scenario or protagonist files")
    .argument("<kind>", "scenario | protagonist")
    .action((kind) => { process.stdout.write(schemaText(kind)); });

  program.command("report")
    .description("the results of runs: the paper's tables with confidence intervals, model against model; --html adds charts and a trajectory viewer")
    .argument("<run_dir...>", "run directories written by `pimbox run` (shards and runs of the same label are combined)")
    .option("--html <file>", "also write the self-contained HTML report here")
    .option("--json", "print the numbers as JSON instead of Markdown")
    .option("--resamples <n>", "bootstrap resamples", "1000")
    .option("--seed <n>", "bootstrap seed", "1")
    .addOption(dataOption())
    .action(async (dirs, opts) => { process.exitCode = await reportCommand(dirs, opts); });

  program.command("run")
    .description("run an agent (an OpenAI-compatible model, or the gold trajectories) on the benchmark; resumable")
    .requiredOption("--out <dir>", "the run directory (run it again to resume)")
    .option("--agent <kind>", "model | gold", "model")
    .option("--model <name>", "the model under test")
    .option("--base-url <url>", "OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1")
    .option("--api-key-env <var>", "environment variable holding the API key", "OPENAI_API_KEY")
    .option("--via <road>", "http (JSON-function endpoints) | mcp (MCP client on the episode's endpoint)", "http")
    .option("--server <url>", "a running pimbox server (default: one in-process on 127.0.0.1)")
    .option("--token <token>", "bearer token of --server (or PIMBOX_TOKEN)")
    .option("--concurrency <n>", "episodes at a time", "4")
    .option("--trials <k>", "runs of each scenario (pass^k, pass@k)", "1")
    .option("--temperature <t>", "sampling temperature, passed through")
    .option("--seed <n>", "sampling seed, passed through")
    .option("--max-turns <n>", "model calls per episode", "30")
    .option("--max-tool-calls <n>", "tool calls run per model response", "16")
    .option("--timeout <seconds>", "per model request", "120")
    .option("--max-retries <n>", "retries on 429, 5xx, timeouts, network errors (back-off with jitter, Retry-After honoured)", "4")
    .option("--tick <seconds>", "episode clock tick per step", "5")
    .option("--user-model <name>", "an LLM plays the user of multi-turn scenarios (default: the scripted user)")
    .option("--judge-model <name>", "also grade each episode with an LLM judge (ASTRA-bench's five dimensions)")
    .option("--augment <name>", "distraction_tools | scrambled_names | no_arg_descriptions | renamed_arguments | no_type_hints (repeatable)", collect, [])
    .option("--system-prompt <file>", "replace the system prompt (default: ASTRA-bench's, single- or multi-turn)")
    .option("--scenario <id>", "only this scenario (repeatable)", collect, [])
    .option("--protagonist <id>", "only this protagonist (repeatable)", collect, [])
    .option("--tranche <I/R/F>", "only this complexity tranche, informational/referential/functional, e.g. low/*/high (repeatable)", collect, [])
    .option("--challenge <kind>", "misinformation | insufficient_context | none (repeatable)", collect, [])
    .option("--turns <n>", "single | multi")
    .option("--limit <n>", "the first N scenarios after the filters")
    .option("--shard <I/N>", "run shard I of N (combine them with `pimbox combine`)")
    .option("--retry-errors", "redo episodes that ended in an error")
    .option("--json", "print the summary as JSON")
    .addOption(dataOption())
    .action(async (opts) => { process.exitCode = await runCommand(opts); });

  program.command("combine")
    .description("combine the shard directories of one run into one run directory")
    .argument("<dirs...>", "the shard directories")
    .requiredOption("--out <dir>", "the combined run directory (empty or new)")
    .option("--json", "print the summary as JSON")
    .action((dirs, opts) => { process.exitCode = combineCommand(dirs, opts); });

  program.command("validate")
    .description("check the protagonists and scenarios: schema, references, times, gold trajectories")
    .option("--protagonist <id>", "only this protagonist")
    .option("--json", "print the summary and failures as JSON")
    .addOption(dataOption())
    .action((opts) => { process.exitCode = validateCommand(opts); });
}
