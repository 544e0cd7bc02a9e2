import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Agent, request as httpRequest } from "node:http";
import { startServer, type Running } from "./start.js";
import { EVERY_TOOL_CALL } from "./every-tool.js";
import { prng } from "../milestones/helpers.js";

// A seeded, bounded fuzz of every tool and route over loopback: mutated arguments, junk bodies
// and content types, odd methods and paths. Nothing may answer 5xx or hang, a failed tool call
// must change nothing, and every episode must still read, replay and score afterwards.

const SEED = Number(process.env.PIMBOX_FUZZ_SEED ?? 20261124);
const REQUESTS = 1500;

const rand = prng(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const STRINGS = ["", " ", "Jess", "ct_sam", "evt_dinner_jess", "2026-10-30T19:00:00", "2027-03-14T02:30:00", "tomorrow", "+1 415 555 0134",
  "\ud800", "😀", "ž".repeat(300), "x".repeat(2000), "'; DROP TABLE contacts; --", "%s%n", "\u0000", "null", "{}"];

function value(depth: number): unknown {
  const r = rand();
  if (depth > 3 || r < 0.45) return pick<unknown>([pick(STRINGS), Math.floor(rand() * 1e6) - 5e5, rand() * 1e300, -0, true, false, null]);
  if (r < 0.7) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
  return Object.fromEntries(Array.from({ length: Math.floor(rand() * 4) }, () => [pick(["name", "query", "to", "body", "start", "end", "id", "__proto__", "constructor"]), value(depth + 1)]));
}

function mutate(args: Record<string, unknown>): unknown {
  const r = rand();
  if (r < 0.15) return value(0);
  const out: Record<string, unknown> = { ...args };
  const keys = Object.keys(out);
  if (keys.length && rand() < 0.5) out[pick(keys)] = value(1);
  if (rand() < 0.3) out[pick(["extra", "limit", "start", "time_from", "to", "notes"])] = value(1);
  if (keys.length && rand() < 0.2) delete out[pick(keys)];
  return out;
}

/** A POST /episodes body: agent metadata of any depth and size, junk fields, junk JSON (deep
 *  values written as text: JSON.stringify itself cannot write 5,000 levels). */
function episodeBody(): string {
  const r = rand();
  const nested = (depth: number, leaf: string): string => {
    let open = "";
    let close = "";
    for (let i = 0; i < depth; i++) {
      if (rand() < 0.5) { open += `{"${pick(["a", "model", "__proto__"])}":`; close = "}" + close; } else { open += "["; close = "]" + close; }
    }
    return open + leaf + close;
  };
  if (r < 0.1) return pick(["[".repeat(20_000), `{"scenario_id":${"[".repeat(3000)}${"]".repeat(3000)}}`, '{"agent":{"a":', '"test-move-dinner"']);
  if (r < 0.2) return JSON.stringify(value(0));
  const agent = pick<string>([
    `{"x":${nested(pick([0, 1, 6, 7, 8, 9, 40, 200, 5000]), JSON.stringify(pick(STRINGS)))}}`, JSON.stringify({ model: "x".repeat(pick([1, 1000, 16_000, 17_000, 100_000])) }),
    JSON.stringify(value(0)), `{"nested":${nested(3, JSON.stringify(value(1)))}}`, "null", "[]", '"gpt"',
  ]);
  const fields = [`"scenario_id":${JSON.stringify(pick(["test-move-dinner", "test-ask-sam", "", "x".repeat(300), "nope"]))}`, `"agent":${agent}`];
  if (rand() < 0.3) fields.push(`"tick_seconds":${pick(["5", "0", "-1", "1e9", '"5"', "null", nested(50, "1")])}`);
  if (rand() < 0.2) fields.push(`"tool_format":${pick(['"openai"', '"mcp"', '"xml"', nested(10, '"x"')])}`);
  if (rand() < 0.1) fields.push(`${JSON.stringify(pick(["extra", "__proto__", "constructor"]))}:${JSON.stringify(value(1))}`);
  return `{${fields.join(",")}}`;
}

let running: Running;
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
before(async () => { running = await startServer(); });
after(async () => { agent.destroy(); await running.close(); });

function send(method: string, path: string, body?: string, contentType = "application/json"): Promise<{ status: number; text: string; type: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(running.url + path);
    const req = httpRequest({ host: u.hostname, port: u.port, path: u.pathname + u.search, method, agent, headers: body === undefined ? {} : { "content-type": contentType } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => { text += d; });
      res.on("end", () => resolve({ status: res.statusCode!, text, type: String(res.headers["content-type"] ?? "") }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path} hung`)));
    req.on("error", reject);
    req.end(body);
  });
}

test(`seeded fuzz (seed ${SEED}, ${REQUESTS} requests): no 5xx, no hang, failed calls change nothing, episodes stay readable`, async () => {
  const episodes: string[] = [];
  for (let i = 0; i < 4; i++) episodes.push(JSON.parse((await send("POST", "/episodes", JSON.stringify({ scenario_id: pick(["test-move-dinner", "test-ask-sam"]) }))).text).episode_id);
  const statuses = new Map<number, number>();
  let checkedUnchanged = 0;
  const created: string[] = [];
  let path = "";
  for (let n = 0; n < REQUESTS; n++) {
    const id = pick(episodes);
    const r = rand();
    let res: { status: number; text: string; type: string };
    path = "";
    if (r < 0.6) {
      const [tool, args] = rand() < 0.05 ? [pick(["nope", "search_contacts/../x", "%00", "get_all_contacts?x=1"]), {}] : pick(EVERY_TOOL_CALL);
      const body = rand() < 0.05 ? pick(['{"name":', "[1,2", "\"just a string\"", "null", "", "{\"a\":" + "[".repeat(50)]) : JSON.stringify(mutate(args));
      const contentType = rand() < 0.05 ? pick(["text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1"]) : "application/json";
      const check = n % 10 === 0;
      const stateNow = async () => JSON.stringify((JSON.parse((await send("GET", `/episodes/${id}/state`)).text) as { state: unknown }).state);
      const before = check ? await stateNow() : "";
      res = await send("POST", `/episodes/${id}/tools/${encodeURIComponent(tool)}`, body, contentType);
      if (check && res.type.includes("json")) {
        const parsed = JSON.parse(res.text) as { ok?: boolean };
        if (parsed.ok !== true) {
          assert.ok(await stateNow() === before, `a failed ${tool} call changed the state`);
          checkedUnchanged++;
        }
      }
    } else {
      const [method, target, body] = pick<[string, string, string | undefined]>([
        ["POST", `/episodes/${id}/messages`, JSON.stringify({ content: pick(STRINGS) })],
        ["POST", `/episodes/${id}/messages`, JSON.stringify(value(0))],
        ["POST", `/episodes/${id}/user-messages`, JSON.stringify({ content: pick(STRINGS) })],
        ["GET", `/episodes/${id}/state?step=${pick(["0", "1", "99999", "-1", "x", "1e3"])}`, undefined],
        ["GET", `/episodes/${id}/trajectory?format=${pick(["json", "jsonl", "xml"])}`, undefined],
        ["GET", `/episodes/${id}/tools?format=${pick(["openai", "anthropic", "mcp", "json_schema", "yaml"])}`, undefined],
        ["GET", `/episodes/${pick([id, "nope", "..", "%2e%2e"])}`, undefined],
        ["POST", "/episodes", JSON.stringify(mutate({ scenario_id: "test-move-dinner", tick_seconds: 5 }))],
        ["POST", "/episodes", episodeBody()],
        ["POST", "/episodes", episodeBody()],
        ["POST", "/score", JSON.stringify(mutate({ scenario_id: "test-move-dinner", messages: [] }))],
        ["POST", "/score", JSON.stringify({ log: pick(STRINGS) })],
        ["GET", `/scenarios/${pick(["test-move-dinner", "nope", "%00"])}?answers=${pick(["true", "1", ""])}`, undefined],
        [pick(["PUT", "PATCH", "DELETE", "OPTIONS"]), pick(["/scenarios", "/score", `/episodes/${id}/tools/get_all_contacts`, "/health"]), undefined],
        ["POST", `/episodes/${id}/mcp`, JSON.stringify(value(0))],
        ["GET", pick(["/health", "/metrics", "/openapi.json", "/protagonists", "/x/../health", "/%ff"]), undefined],
      ]);
      path = target;
      res = await send(method, target, body);
    }
    if (res.status === 201 && path === "/episodes") created.push(JSON.parse(res.text).episode_id as string);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    assert.ok(res.status < 500, `${res.status}: ${res.text.slice(0, 300)}`);
  }
  assert.ok(checkedUnchanged > 10, `only ${checkedUnchanged} failed calls checked`);
  for (const id of episodes) {
    const log = await send("GET", `/episodes/${id}/trajectory?format=jsonl`);
    assert.equal(log.status, 200);
    const live = JSON.parse((await send("GET", `/episodes/${id}/score`)).text) as { score: number };
    const replayed = JSON.parse((await send("POST", "/score", JSON.stringify({ log: log.text }))).text) as { score: number };
    assert.equal(replayed.score, live.score);
  }
  // Every episode a fuzzed body created reads back as a log and scores.
  assert.ok(created.length > 5, `only ${created.length} episodes created by fuzzed bodies`);
  for (const id of created) {
    assert.equal((await send("GET", `/episodes/${id}/trajectory?format=jsonl`)).status, 200);
    assert.equal((await send("GET", `/episodes/${id}/score`)).status, 200);
  }
  assert.equal((await send("GET", "/health")).status, 200);
});
