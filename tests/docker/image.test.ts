import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { PACKAGE_ROOT } from "../../scenarios/paths.js";
import { DockerIgnore, contextFiles, parseDockerfile, stageCopies, stageEnv, words, type Stage } from "./build-context.js";

// The image the Dockerfile describes, built without a container engine (none can pull base images
// here): the context staged with the Dockerfile's own COPY lines and .dockerignore patterns, the
// build stage's RUN lines run in it, then the server started from that tree the way CMD says.
//
// One honest shortcut: a clean `npm ci` takes minutes (it compiles better-sqlite3), more than the
// suite's budget, so by default the test copies this checkout's node_modules (installed by
// `npm ci` from the same package-lock.json) into the stage and runs what `npm ci` runs after
// installing: the prepare script, `npm run build`. PIMBOX_IMAGE_NPM_CI=1 runs the real `npm ci`.

const REAL_NPM_CI = process.env.PIMBOX_IMAGE_NPM_CI === "1";
const TOKEN = "image-test-token";

function sh(command: string, cwd: string, env: NodeJS.ProcessEnv): void {
  const r = spawnSync("sh", ["-c", command], { cwd, env, encoding: "utf8" });
  assert.equal(r.status, 0, `RUN ${command}: exit ${r.status}\n${r.stdout}\n${r.stderr}`);
}

/** The build stage's RUN lines, run in the staged working directory. */
function runBuild(stage: Stage, workdir: string, env: NodeJS.ProcessEnv): string[] {
  const ran: string[] = [];
  for (const ins of stage.instructions.filter((i) => i.keyword === "RUN")) {
    for (const command of ins.args.split(/\s*&&\s*/)) {
      if (/^apt-get\b|^rm -rf \/var\/lib\/apt/.test(command)) {
        // The toolchain the image installs to compile better-sqlite3: needed here only to compile.
        if (REAL_NPM_CI) for (const tool of ["python3", "make", "g++"]) assert.equal(spawnSync("sh", ["-c", `command -v ${tool}`]).status, 0, `${tool} is needed to compile better-sqlite3`);
        continue;
      }
      if (/^npm ci\b/.test(command) && !REAL_NPM_CI) {
        fs.cpSync(path.join(PACKAGE_ROOT, "node_modules"), path.join(workdir, "node_modules"), { recursive: true, verbatimSymlinks: true });
        sh("npm run build", workdir, env);
        ran.push("(node_modules copied) npm run build");
        continue;
      }
      sh(command, workdir, env);
      ran.push(command);
    }
  }
  return ran;
}

test("the Dockerfile's image: the context it copies builds, and the server it starts answers /health and a tool call", { timeout: 20 * 60_000 }, async () => {
  const stages = parseDockerfile(fs.readFileSync(path.join(PACKAGE_ROOT, "Dockerfile"), "utf8"));
  const ignore = new DockerIgnore(fs.readFileSync(path.join(PACKAGE_ROOT, ".dockerignore"), "utf8"));
  assert.equal(stages.length, 2, "a build stage and a runtime stage");
  const [build, runtime] = stages as [Stage, Stage];

  // No folder can be forgotten: every file git tracks is in the context.
  const tracked = spawnSync("git", ["ls-files", "-z"], { cwd: PACKAGE_ROOT, encoding: "utf8" });
  if (tracked.status === 0) {
    const inContext = new Set(contextFiles(PACKAGE_ROOT, ignore));
    const left = tracked.stdout.split("\0").filter((f) => f !== "" && fs.existsSync(path.join(PACKAGE_ROOT, f)) && !inContext.has(f));
    assert.deepEqual(left, [], "tracked files .dockerignore leaves out");
  }

  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-image-"));
  try {
    const workdir = stageCopies(build, PACKAGE_ROOT, ignore, root);
    for (const gone of ["node_modules", "dist", ".git"]) assert.ok(!fs.existsSync(path.join(workdir, gone)), `${gone} is in the context`);
    assert.ok(fs.existsSync(path.join(workdir, "report", "report.ts")) && fs.existsSync(path.join(workdir, "scenarios", "data")));

    const env = { ...process.env, ...stageEnv(build) };
    const ran = runBuild(build, workdir, env);
    assert.ok(ran.some((r) => /npm (ci|run build)/.test(r)) && ran.includes("npm prune --omit=dev"), ran.join("; "));
    assert.ok(fs.existsSync(path.join(workdir, "dist", "cli", "main.js")), "built");
    assert.ok(!fs.existsSync(path.join(workdir, "node_modules", "typescript")), "the dev dependencies are pruned");
    assert.ok(fs.existsSync(path.join(workdir, "node_modules", "better-sqlite3")), "the runtime dependencies stay");

    // The runtime stage takes the build stage's tree whole and runs CMD in it.
    const from = runtime.instructions.find((i) => i.keyword === "COPY")!;
    const buildDir = build.instructions.filter((i) => i.keyword === "WORKDIR").at(-1)!.args.trim();
    assert.deepEqual(words(from.args), [`--from=${build.name}`, buildDir, buildDir], "COPY --from=build /app /app");
    assert.equal(runtime.instructions.filter((i) => i.keyword === "WORKDIR").at(-1)!.args.trim(), buildDir);
    const volume = runtime.instructions.find((i) => i.keyword === "VOLUME")!.args.trim();
    const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "pimbox-image-state-"));
    const cmd = words(runtime.instructions.find((i) => i.keyword === "CMD")!.args)
      .map((w, i, all) => (all[i - 1] === "--port" ? "0" : w === volume ? stateDir : w));
    assert.equal(cmd[0], "node");
    assert.ok(cmd.includes("--state-dir") && cmd.includes(stateDir), "CMD journals episodes in the volume");

    const server = spawn(process.execPath, cmd.slice(1), {
      cwd: workdir, env: { ...process.env, ...stageEnv(runtime), PIMBOX_TOKEN: TOKEN }, stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
    try {
      let stderr = "";
      server.stderr!.on("data", (d) => { stderr += String(d); });
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: server.stdout! }).once("line", resolve);
        void exited.then((code) => reject(new Error(`the server exited (${code}) before listening: ${stderr}`)));
      });
      const port = /listening on http:\/\/\S+:(\d+)/.exec(line)![1];
      const url = `http://127.0.0.1:${port}`;
      const health = await (await fetch(`${url}/health`)).json() as { ok: boolean; scenarios: number };
      assert.equal(health.ok, true);
      assert.ok(health.scenarios >= 300, `${health.scenarios} scenarios in the image`);

      const harness = { Authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
      assert.equal((await fetch(`${url}/episodes`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status, 401);
      const created = await fetch(`${url}/episodes`, { method: "POST", headers: harness, body: JSON.stringify({ scenario_id: "kenji-001" }) });
      assert.equal(created.status, 201);
      const { episode_id, agent_token } = await created.json() as { episode_id: string; agent_token: string };
      const call = await fetch(`${url}/episodes/${episode_id}/tools/search_contacts`, {
        method: "POST", headers: { Authorization: `Bearer ${agent_token}`, "content-type": "application/json" }, body: JSON.stringify({ query: "a" }),
      });
      const result = await call.json() as { ok: boolean; result: { contacts: unknown[] } };
      assert.equal(result.ok, true);
      assert.ok(result.result.contacts.length > 0);
      assert.ok(fs.existsSync(path.join(stateDir, `${episode_id}.jsonl`)), "the episode is journalled in the volume");
    } finally {
      server.kill("SIGTERM");
      assert.equal(await exited, 0, "SIGTERM stops the server cleanly");
      fs.rmSync(stateDir, { recursive: true, force: true });
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test(".dockerignore patterns match as Docker's do", () => {
  const ignore = new DockerIgnore("# comment\n/dist\n**/node_modules\n*.log\nruns/\ndocs/*.md\n!docs/keep.md\n");
  const cases: [string, boolean][] = [
    ["dist/cli/main.js", true], ["src/dist/x", false], ["node_modules/a/b.js", true], ["tests/node_modules/x", true],
    ["a.log", true], ["deep/a.log", false], ["runs/gold/run.json", true], ["docs/a.md", true], ["docs/keep.md", false],
    ["docs/sub/a.md", false], ["README.md", false],
  ];
  for (const [file, excluded] of cases) assert.equal(ignore.excludes(file), excluded, file);
});
