import { performance } from "node:perf_hooks";
import { Agent, request } from "node:http";
import { ScenarioCatalog } from "../scenarios/catalog.js";
import { startChild, type BenchResult } from "./sandbox.js";

// The server's operating budgets under load, each against the `pimbox serve` app in its own
// process: a write-heavy episode scored (time, /health meanwhile, memory after it is deleted), a
// burst of MCP session opens (/health meanwhile), and first opens of many scenarios at once.

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function call(port: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request({ host: "127.0.0.1", port, path, method, agent, headers: { ...(data ? { "content-type": "application/json" } : {}), ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => { text += d; });
      res.on("end", () => resolve({ status: res.statusCode!, text, ms: performance.now() - t0 }));
    });
    req.on("error", reject);
    req.end(data);
  });
}

const p99 = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? 0; };

/** /health every 5 ms until `work` settles: the latencies. */
async function probeWhile<T>(port: number, work: Promise<T>): Promise<{ value: T; latencies: number[] }> {
  let done = false;
  const settled = work.finally(() => { done = true; });
  const latencies: number[] = [];
  while (!done) {
    latencies.push((await call(port, "GET", "/health")).ms);
    await new Promise((r) => setTimeout(r, 5));
  }
  return { value: await settled, latencies };
}

async function pool<T>(n: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) { const i = next++; out[i] = await task(i); }
  }));
  return out;
}

const rss = async (port: number) => (JSON.parse((await call(port, "GET", "/")).text) as { rss: number }).rss / 2 ** 20;

/** Open ravi-001, make 10,000 add_contact calls, GET /score with /health probed; then delete the
 *  episode and compare the server's RSS (after full collections) with its level before. */
export async function benchWriteHeavy(dataDir: string, writes = 10_000): Promise<BenchResult[]> {
  const child = await startChild(["pimbox", dataDir, "ravi-001", "get_all_calendars", "{}"], { PIMBOX_BENCH_WARM: "0" });
  try {
    const open = async () => (JSON.parse((await call(child.port, "POST", "/episodes", { scenario_id: "ravi-001" })).text) as { episode_id: string }).episode_id;
    // Warm: the scoring thread started, ravi-001's snapshot built, a small episode scored.
    const warm = await open();
    await pool(200, 4, (i) => call(child.port, "POST", `/episodes/${warm}/tools/add_contact`, { first_name: `W ${i}` }));
    await call(child.port, "GET", `/episodes/${warm}/score`);
    await call(child.port, "DELETE", `/episodes/${warm}`);
    const before = await rss(child.rssPort!);
    const id = await open();
    await pool(writes, 4, (i) => call(child.port, "POST", `/episodes/${id}/tools/add_contact`,
      { first_name: `Person ${i}`, phone_numbers: [{ number: `+1 555 ${String(i).padStart(7, "0")}` }] }));
    const live = await rss(child.rssPort!);
    const { value: scored, latencies } = await probeWhile(child.port, call(child.port, "GET", `/episodes/${id}/score`));
    const score = scored.status === 200 ? (JSON.parse(scored.text) as { score: number }).score : scored.text.slice(0, 120);
    await call(child.port, "DELETE", `/episodes/${id}`);
    // The scoring thread that held the trajectory retires once idle (its heap goes with it).
    await new Promise((r) => setTimeout(r, 1000));
    const after = await rss(child.rssPort!);
    const grown = after - before;
    return [
      { name: `scoring ${writes.toLocaleString("en")} add_contact writes (ravi-001) over GET /score`, ratio: 3000 / scored.ms, target: ">= 1 (3 s budget / time)", pass: scored.ms < 3000 && scored.status === 200,
        detail: `${scored.ms.toFixed(0)} ms, status ${scored.status} (score ${score}); /health p99 meanwhile ${p99(latencies).toFixed(1)} ms over ${latencies.length} probes` },
      { name: "RSS after that episode is deleted, against before it was opened (MiB, after full collections)", ratio: grown, target: "< 100 (near the baseline; V8 and malloc keep some freed pages)", pass: grown < 100,
        detail: `${before.toFixed(0)} MiB before, ${live.toFixed(0)} MiB with the episode live, ${after.toFixed(0)} MiB after it was scored and deleted` },
    ];
  } finally {
    child.stop();
  }
}

/** /health p99 while 2,000 MCP sessions are opened (initialize on /scenarios/:id/mcp), 32 at a time. */
export async function benchMcpBurst(dataDir: string, sessions = 2000): Promise<BenchResult> {
  const child = await startChild(["pimbox", dataDir, "kenji-011", "get_all_calendars", "{}"], { PIMBOX_BENCH_WARM: "0" });
  try {
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } } };
    const headers = { accept: "application/json, text/event-stream" };
    await call(child.port, "POST", "/scenarios/kenji-011/mcp", init, headers);
    const burst = pool(sessions, 32, (i) => call(child.port, "POST", `/scenarios/${i % 2 ? "kenji-011" : "ravi-001"}/mcp`, init, headers));
    const { value, latencies } = await probeWhile(child.port, burst);
    const failed = value.filter((r) => r.status !== 200).length;
    const worst = p99(latencies);
    return {
      name: `/health p99 during a burst of ${sessions.toLocaleString("en")} MCP session opens`, ratio: 50 / worst, target: ">= 1 (50 ms budget / p99)", pass: worst < 50 && failed === 0,
      detail: `p99 ${worst.toFixed(1)} ms over ${latencies.length} probes; opens p99 ${p99(value.map((r) => r.ms)).toFixed(0)} ms, ${failed} failed`,
    };
  } finally {
    child.stop();
  }
}

/** A freshly started server (warming snapshots as pimbox serve does), ready by /health's
 *  `warming: 0`, then 400 first opens of different scenarios, 64 at a time: the p99 of an open. */
export async function benchColdOpens(dataDir: string, opens = 400, concurrency = 64): Promise<BenchResult> {
  const ids = ScenarioCatalog.load(dataDir).catalog.list().map((s) => s.id);
  const child = await startChild(["pimbox", dataDir, ids[0]!, "get_all_calendars", "{}"]);
  try {
    // As a harness does: wait until /health says the warm-up is done (opens made before then wait
    // for their scenario's snapshot; the first wave is measured too, for information).
    const t0 = performance.now();
    let warming = Infinity;
    while (warming > 0 && performance.now() - t0 < 120_000) {
      warming = (JSON.parse((await call(child.port, "GET", "/health")).text) as { warming: number }).warming;
      if (warming > 0) await new Promise((r) => setTimeout(r, 50));
    }
    const warmMs = performance.now() - t0;
    const results = await pool(opens, concurrency, (i) => call(child.port, "POST", "/episodes", { scenario_id: ids[(i * 7) % ids.length] }));
    const failed = results.filter((r) => r.status !== 201).length;
    const worst = p99(results.map((r) => r.ms));
    return {
      name: `first episode opens on a fresh server once warm, ${opens} over ${Math.min(opens, ids.length)} scenarios, ${concurrency} at a time: p99`, ratio: 500 / worst, target: ">= 1 (500 ms budget / p99)",
      pass: worst < 500 && failed === 0, detail: `p99 ${worst.toFixed(0)} ms, max ${Math.max(...results.map((r) => r.ms)).toFixed(0)} ms, ${failed} failed; after a warm-up of ${(warmMs / 1000).toFixed(1)} s once /health answered (warming: 0)`,
    };
  } finally {
    child.stop();
  }
}
