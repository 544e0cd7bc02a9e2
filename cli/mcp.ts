import fs from "node:fs";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { Episode } from "../episode/episode.js";
import { writeLog } from "../episode/log.js";
import { createMcpServer } from "../server/mcp-server.js";
import { loadCatalog } from "./catalog.js";
import { UsageError } from "./serve.js";

export interface McpOptions { scenario: string; data: string; tick: string; log?: string; userTool?: boolean }

/** `pimbox mcp --scenario ID`: one episode over stdio for the life of the process. stdout is the
 *  MCP channel, so everything else goes to stderr. */
export async function mcpCommand(opts: McpOptions): Promise<void> {
  const catalog = loadCatalog(opts.data);
  const scenario = catalog.get(opts.scenario);
  if (!scenario) throw new UsageError(`no scenario "${opts.scenario}"; \`pimbox scenarios\` lists them`);
  const tick = Number(opts.tick);
  if (!(tick > 0 && tick <= 86_400)) throw new UsageError(`--tick must be a number of seconds in (0, 86400], got "${opts.tick}"`);
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
  if (opts.log) fs.writeFileSync(opts.log, writeLog(scenario.id, episode.options, episode.trajectory().steps, { via: "mcp-stdio" }));
  episode.close();
  process.exit(0);
}
