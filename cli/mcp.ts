import fs from "node:fs";
import path from "node:path";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { Episode } from "../episode/episode.js";
import { writeLog } from "../episode/log.js";
import { createMcpServer } from "../server/mcp-server.js";
import { lazyCatalog } from "./catalog.js";
import { CommandFailure, unknownName, UsageError } from "./usage.js";

export interface McpOptions { scenario: string; data: string; tick: string; log?: string; userTool?: boolean }

/** `pimbox mcp --scenario ID`: one episode over stdio for the life of the process. stdout is the
 *  MCP channel, so everything else goes to stderr. */
export async function mcpCommand(opts: McpOptions): Promise<void> {
  const tick = Number(opts.tick);
  if (!(tick > 0 && tick <= 86_400)) throw new UsageError(`--tick must be a number of seconds in (0, 86400], got "${opts.tick}"`);
  // Checked now, not when the client disconnects and the trajectory would be lost.
  if (opts.log !== undefined && !fs.statSync(path.dirname(path.resolve(opts.log)), { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`--log: the folder of "${opts.log}" does not exist`);
  }
  const catalog = lazyCatalog(opts.data);
  const scenario = catalog.get(opts.scenario);
  if (!scenario) {
    const fault = catalog.faults[0];
    if (fault) throw new CommandFailure(`scenario "${opts.scenario}" is refused: ${fault.file}#${fault.pointer}: ${fault.message} (run \`pimbox validate\`)`);
    throw unknownName("scenario", opts.scenario, catalog.knownIds(), "`pimbox scenarios` lists them");
  }
  const episode = new Episode(`stdio:${scenario.id}`, scenario, { tickSeconds: tick });
  const server = createMcpServer(episode, { userTool: opts.userTool === true });
  const transport = new StdioServerTransport();
  // The client may end the session by closing stdin or by a signal; the log is written either way.
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.on("end", () => resolve());
    process.once("SIGTERM", () => resolve());
    process.once("SIGINT", () => resolve());
    void server.connect(transport);
  });
  if (opts.log) {
    try {
      fs.writeFileSync(opts.log, writeLog(scenario.id, episode.options, episode.trajectory().steps, { via: "mcp-stdio" }));
    } catch (e) {
      process.stderr.write(`pimbox mcp: cannot write the log ${opts.log}: ${(e as Error).message}\n`);
      process.exit(1);
    }
  }
  episode.close();
  process.exit(0);
}
