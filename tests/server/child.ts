import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { CLI, FIXTURE_DATA } from "../helpers.js";

export interface Child { url: string; process: ChildProcess; exited: Promise<number | null> }

/** The real CLI's server in a child process, on a free port of 127.0.0.1. */
export async function startChild(args: string[] = []): Promise<Child> {
  const child = spawn(process.execPath, [CLI, "serve", "--port", "0", "--data", FIXTURE_DATA, "--log-level", "warn", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  let stderr = "";
  child.stderr!.on("data", (d) => { stderr += String(d); });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening: ${stderr}`)));
  });
  return { url: /listening on (http:\/\/\S+)/.exec(line)![1]!, process: child, exited };
}
