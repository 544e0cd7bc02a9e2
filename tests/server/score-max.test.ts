import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { request as httpRequest } from "node:http";
import { startServer, type Running } from "./start.js";
import { fixtureCatalog } from "../helpers.js";
import { Episode } from "../../episode/episode.js";
import { writeLog } from "../../episode/log.js";
import { DEFAULT_LIMITS } from "../../episode/limits.js";
import { scoreScenarioTrajectory } from "../../episode/score.js";

// Any log the server writes can be scored by POST /score: the largest one it accepts, --max-steps
// steps, alternating a search (whose results fill the log) and a write, sent as the log itself
// (application/x-ndjson), plain and gzipped. --max-log-bytes bounds only a JSON body ({log}).

let running: Running;
before(async () => { running = await startServer({ maxLogBytes: 1024 * 1024 }); });
after(async () => { await running.close(); });

function post(body: Buffer | string, headers: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const u = new URL(`${running.url}/score`);
    const req = httpRequest({ host: u.hostname, port: u.port, path: u.pathname, method: "POST", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => { text += d; });
      res.on("end", () => resolve({ status: res.statusCode!, json: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

test("a log of --max-steps steps scores as the log itself (plain and gzipped) and equals the in-process score; one step more is a 413 naming the line", async () => {
  const scenario = fixtureCatalog().get("test-move-dinner")!;
  const episode = new Episode("max", scenario, { tickSeconds: 5, limits: { ...DEFAULT_LIMITS, maxSteps: DEFAULT_LIMITS.maxSteps + 1 } });
  for (let i = 0; episode.stepCount < DEFAULT_LIMITS.maxSteps; i++) {
    if (i % 2 === 0) episode.callTool("search_contacts", {});
    else episode.callTool("modify_contact", { contact_id: "ct_sam", notes: `note ${i}` });
  }
  const expected = scoreScenarioTrajectory(scenario, episode.trajectory()).score;
  const log = writeLog(scenario.id, episode.options, episode.recordedSteps);
  assert.ok(log.length > 4 * 1024 * 1024, `the log is ${log.length} bytes`);

  const json = await post(JSON.stringify({ log }), { "content-type": "application/json" });
  assert.equal(json.status, 413);
  assert.equal((json.json.error as { code: string }).code, "body_too_large");

  const plain = await post(log, { "content-type": "application/x-ndjson" });
  assert.equal(plain.status, 200, JSON.stringify(plain.json).slice(0, 300));
  assert.equal(plain.json.score, expected);
  const zipped = await post(gzipSync(log), { "content-type": "application/x-ndjson", "content-encoding": "gzip" });
  assert.equal(zipped.status, 200);
  assert.equal(zipped.json.score, expected);

  episode.callTool("search_contacts", {});
  const over = await post(gzipSync(writeLog(scenario.id, episode.options, episode.recordedSteps)), { "content-type": "application/x-ndjson", "content-encoding": "gzip" });
  episode.close();
  assert.equal(over.status, 413);
  assert.deepEqual([(over.json.error as { code: string }).code, (over.json.error as { line: number }).line], ["limit_exceeded", DEFAULT_LIMITS.maxSteps + 2]);

  const broken = await post(Buffer.from("not gzip"), { "content-type": "application/x-ndjson", "content-encoding": "gzip" });
  assert.equal(broken.status, 400);
  const other = await post("x", { "content-type": "text/plain" });
  assert.equal(other.status, 415);
  assert.equal((await fetch(`${running.url}/health`)).status, 200);
});

test("a log refused at its first line is answered at once, with the rest of a large body unread", async () => {
  const body = `{"format":"nope"}\n${`{"kind":"agent","content":"${"x".repeat(1000)}"}\n`.repeat(8000)}`;
  const plain = await post(body, { "content-type": "application/x-ndjson" });
  assert.equal(plain.status, 400);
  assert.deepEqual([(plain.json.error as { code: string }).code, (plain.json.error as { line: number }).line], ["unparseable_log", 1]);
  const big = await post(JSON.stringify({ log: "x".repeat(2 * 1024 * 1024) }), { "content-type": "application/json" });
  assert.equal(big.status, 413);
  assert.equal((await fetch(`${running.url}/health`)).status, 200);
});
