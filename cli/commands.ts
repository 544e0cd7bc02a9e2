import { Command, Option } from "commander";
import { DEFAULT_DATA_DIR } from "../scenarios/paths.js";
import { DEFAULT_LIMITS } from "../episode/limits.js";
import { DEFAULT_BODY_BYTES, DEFAULT_LISTEN_OPTIONS, DEFAULT_LOG_BYTES } from "../server/http-server.js";

const dataOption = () => new Option("--data <dir>", "scenario data folder").default(process.env.PIMBOX_DATA ?? DEFAULT_DATA_DIR);
// The endpoint of a model command (`run`, `author`).
const baseUrlOption = () => new Option("--base-url <url>", "OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1");
const apiKeyEnvOption = () => new Option("--api-key-env <var>", "environment variable holding the API key").default("OPENAI_API_KEY");
const collect = (value: string, previous: string[]) => [...previous, value];

// Each command is a thin shell over a library function, imported when the command runs: the
// server's and the validator's dependencies cost a command that needs neither a third of a
// second. `main.ts` maps errors to exit codes.
export function registerCommands(program: Command): void {
  program.command("serve")
    .description("start the HTTP server: episodes API, JSON-function tools, MCP over streamable HTTP")
    .option("--port <n>", "port (0: any free port)", "8787")
    .option("--host <host>", "interface to listen on", "127.0.0.1")
    .option("--token <token>", "harness token: required on every harness route; agents get per-episode credentials (or set PIMBOX_TOKEN)")
    .option("--allow-origin <origin>", "trust this browser Origin (repeatable)", collect, [])
    .option("--allow-host <host>", "accept this Host header (repeatable)", collect, [])
    .option("--idle-minutes <n>", "close episodes idle this long", "30")
    .option("--state-dir <dir>", "journal every episode here; a restart restores them (same ids, state and scores)")
    .option("--max-episodes <n>", "live episodes at most; one more is refused with 503", "10000")
    .option("--max-steps <n>", "steps per episode; past it tool calls are refused", String(DEFAULT_LIMITS.maxSteps))
    .option("--max-argument-bytes <n>", "size of one tool call's arguments (and of one message)", String(DEFAULT_LIMITS.maxArgumentBytes))
    .option("--max-argument-depth <n>", "nesting depth of one tool call's arguments", String(DEFAULT_LIMITS.maxArgumentDepth))
    .option("--max-search-text <n>", "characters in one text argument of a read tool", String(DEFAULT_LIMITS.maxSearchText))
    .option("--max-body-bytes <n>", "size of a request body (but POST /score's)", String(DEFAULT_BODY_BYTES))
    .option("--max-log-bytes <n>", "size of a trajectory sent to POST /score", String(DEFAULT_LOG_BYTES))
    .option("--max-connections <n>", "open connections at most", String(DEFAULT_LISTEN_OPTIONS.maxConnections))
    .option("--log-level <level>", "request log (JSON lines on stdout): trace, debug, info, warn, error, fatal or silent", "info")
    .addOption(dataOption())
    .action(async (opts) => { await (await import("./serve.js")).serveCommand(opts); });

  program.command("mcp")
    .description("serve one episode of a scenario over MCP stdio (for Claude Desktop, IDE agents, any MCP client)")
    .requiredOption("--scenario <id>", "scenario id (see `pimbox scenarios`)")
    .option("--tick <seconds>", "clock tick per step", "5")
    .option("--log <file>", "write the trajectory log (JSONL) here when the client disconnects")
    .option("--user-tool", "also offer send_message_to_user, the agent's message to the user (answers, questions)")
    .addOption(dataOption())
    .action(async (opts) => { await (await import("./mcp.js")).mcpCommand(opts); });

  program.command("scenarios")
    .description("list the scenarios")
    .option("--json", "print a JSON array of {id, protagonist, reference_time, ...}")
    .option("--protagonist <id>", "only this protagonist's")
    .addOption(dataOption())
    .action(async (opts) => { (await import("./scenarios.js")).scenariosCommand(opts); });

  program.command("score")
    .description("score trajectories (pimbox JSONL logs, or OpenAI messages JSON) by replaying them; no server needed")
    .argument("<files...>", "trajectory files or folders of them (*.jsonl, *.json), or - for stdin")
    .option("--scenario <id>", "scenario id (required for OpenAI messages)")
    .option("--tick <seconds>", "clock tick for OpenAI messages (JSONL logs carry their own)")
    .option("--json", "print the score report (a JSON array of {file, report | error} for several files)")
    .addOption(dataOption())
    .action(async (files, opts) => { process.exitCode = (await import("./score.js")).scoreCommand(files, opts); });

  program.command("replay")
    .description("play a scenario's gold (or a negative) trajectory; print every step's result and the score")
    .argument("<scenario>", "scenario id")
    .option("--negative <n>", "play negative trajectory n instead of the gold one")
    .option("--answer <text>", "replace the trajectory's last agent message with this text (- reads stdin)")
    .option("--json", "print the steps and the score report as JSON")
    .addOption(dataOption())
    .action(async (id, opts) => { process.exitCode = (await import("./replay.js")).replayCommand(id, opts); });

  program.command("schema")
    .description("print the JSON Schema of scenario, protagonist or coverage-plan files")
    .argument("<kind>", "scenario | protagonist | coverage-plan")
    .action(async (kind) => { process.stdout.write((await import("./schema.js")).schemaText(kind)); });

  program.command("report")
    .description("the results of runs: the paper's tables with confidence intervals, model against model; --html adds charts and a trajectory viewer")
    .argument("<run_dir...>", "run directories written by `pimbox run` (shards and runs of the same label are combined)")
    .option("--html <file>", "also write the self-contained HTML report here")
    .option("--json", "print the numbers as JSON instead of Markdown")
    .option("--resamples <n>", "bootstrap resamples", "1000")
    .option("--seed <n>", "bootstrap seed", "1")
    .addOption(dataOption())
    .action(async (dirs, opts) => { process.exitCode = await (await import("./report.js")).reportCommand(dirs, opts); });

  program.command("run")
    .description("run an agent (an OpenAI-compatible model, or the gold trajectories) on the benchmark; resumable")
    .requiredOption("--out <dir>", "the run directory (run it again to resume)")
    .option("--agent <kind>", "model | gold", "model")
    .option("--label <name>", "the run's name in run.json and the report (default: the model name, or gold); two runs of one model need two labels")
    .option("--model <name>", "the model under test")
    .addOption(baseUrlOption())
    .addOption(apiKeyEnvOption())
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
    .action(async (opts) => { process.exitCode = await (await import("./run.js")).runCommand(opts); });

  program.command("combine")
    .description("combine the shard directories of one run into one run directory")
    .argument("<dirs...>", "the shard directories")
    .requiredOption("--out <dir>", "the combined run directory (empty or new)")
    .option("--json", "print the summary as JSON")
    .action(async (dirs, opts) => { process.exitCode = (await import("./run.js")).combineCommand(dirs, opts); });

  program.command("author")
    .description("a model drafts scenarios for a cell of the coverage plan; each draft is verified by every gate and written for review")
    .requiredOption("--protagonist <id>", "whose data the scenarios use")
    .requiredOption("--model <name>", "the drafting model")
    .requiredOption("--out <dir>", "where drafts go: ready/ (every check passed) and refused/, each with its .checks.json")
    .option("--cell <spec>", "what to draft, e.g. tool=modify_contact,goal=change,functional=high (keys: tool, goal, informational, referential, functional, turns, challenge, infeasible); auto: the coverage target furthest behind", "auto")
    .option("--count <n>", "drafts to make", "1")
    .option("--repairs <n>", "times a refused draft goes back to the model with what failed", "1")
    .addOption(baseUrlOption())
    .addOption(apiKeyEnvOption())
    .option("--temperature <t>", "sampling temperature, passed through")
    .option("--timeout <seconds>", "per model request", "600")
    .option("--max-retries <n>", "retries on 429, 5xx, timeouts, network errors", "4")
    .option("--json", "print the drafts and their checks as JSON")
    .addOption(dataOption())
    .action(async (opts) => { process.exitCode = await (await import("./author.js")).authorCommand(opts); });

  program.command("validate")
    .description("check the protagonists and scenarios: schema, references, times, gold trajectories")
    .option("--protagonist <id>", "only this protagonist")
    .option("--json", "print the summary and failures as JSON")
    .option("--require-plan", "fail when a target of the data folder's coverage-plan.json is not met")
    .option("--workers <n>", "threads that replay and score the scenarios (default: one per core)")
    .addOption(dataOption())
    .action(async (opts) => { process.exitCode = await (await import("./validate.js")).validateCommand(opts); });
}
