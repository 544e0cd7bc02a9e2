import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import type { Row, Snapshot, Step, Trajectory } from "../episode/trajectory.js";
import { matchDag, scoreTrajectory, type MatchProblem, type ScoringSpec } from "../milestones/index.js";
import { dfsMatch } from "./matcher-baseline.js";

// The DP matcher against the ToolSandbox-style DFS baseline on identical problems, and the p99
// time of a realistic full scoring. Deterministic seeds; `node dist/bench/matcher.js` prints.

export interface BenchResult { name: string; ratio: number; detail: string }

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An 8-node DAG over 40 steps shaped like a scoring problem: the database changes at 6 steps;
 *  each node scores at a few steps; in half the cases one node scores nowhere (a failing run); a
 *  node's similarity halves when the state moved on a lot since the nodes it references, so the
 *  oracle depends on references only through their snapshots, as real guardrails and references do. */
function randomProblem(seed: number, M = 8, T = 40): MatchProblem {
  const rand = prng(seed);
  const edges: [number, number][] = [];
  for (let v = 1; v < M; v++) {
    edges.push([Math.floor(rand() * v), v]);
    if (rand() < 0.3 && v > 1) edges.push([Math.floor(rand() * (v - 1)), v]);
  }
  const uniq = [...new Map(edges.map((e) => [`${e[0]}-${e[1]}`, e])).values()];
  const deps = Array.from({ length: M }, (_, v) => [...new Set(uniq.filter(([, w]) => w === v).map(([u]) => u))].sort((a, b) => a - b));
  const writes = new Set(Array.from({ length: 6 }, () => 1 + Math.floor(rand() * (T - 1))));
  const snapshot = new Int32Array(T);
  for (let t = 1; t < T; t++) snapshot[t] = snapshot[t - 1]! + (writes.has(t) ? 1 : 0);
  const failing = rand() < 0.5 ? Math.floor(rand() * M) : -1;
  const hits = Array.from({ length: M }, (_, v) => {
    const row = new Float64Array(T);
    if (v === failing) return row;
    const k = 2 + Math.floor(rand() * 3);
    for (let i = 0; i < k; i++) row[Math.floor(rand() * T)] = [0.5, 0.8, 1][Math.floor(rand() * 3)]!;
    return row;
  });
  const sim = (node: number, t: number, depSteps: readonly number[]) => {
    let s = hits[node]![t]!;
    for (const d of depSteps) if (snapshot[t]! - snapshot[d]! > 2) s *= 0.5;
    return s;
  };
  const stepClasses = hits.map((row) => Array.from({ length: T }, (_, t) => (row[t]! > 0 ? 1000 * t : 0) + snapshot[t]!));
  return { nodeCount: M, edges: uniq, deps, stepCount: T, sim, stepClasses };
}

function compareMatchers(M: number, T: number, cases: number, budget: number): BenchResult {
  let dpMs = 0;
  let dfsMs = 0;
  let exhausted = 0;
  let disagreements = 0;
  let agreed = 0;
  for (let seed = 1; seed <= cases; seed++) {
    const p = randomProblem(seed, M, T);
    let t0 = performance.now();
    const dp = matchDag(p);
    if (Math.abs(matchDag({ ...p, stepClasses: undefined }).total - dp.total) > 1e-9) disagreements++;
    dpMs += performance.now() - t0;
    t0 = performance.now();
    const dfs = dfsMatch(p, budget);
    dfsMs += performance.now() - t0;
    if (dfs.exhausted) { exhausted++; if (dfs.total > dp.total + 1e-9) disagreements++; continue; }
    if (Math.abs(dfs.total - dp.total) > 1e-9) disagreements++;
    else agreed++;
  }
  if (disagreements > 0) throw new Error(`matcher bench: DP and DFS optima differ on ${disagreements} cases`);
  return {
    name: `matcher: DP vs ToolSandbox-style DFS (${M} milestones, ${T} steps)`,
    ratio: dfsMs / dpMs,
    detail: `${cases} cases: DP ${(dpMs / cases).toFixed(2)} ms/case, DFS ${(dfsMs / cases).toFixed(1)} ms/case; ` +
      `same optimum on ${agreed} finished cases` +
      (exhausted ? `; ${exhausted} DFS runs hit the ${budget.toExponential(0)}-call budget (their DFS time is a lower bound, so the ratio is too; ` +
        `their best-so-far never beat the DP)` : ""),
  };
}

// ---- realistic full scoring ------------------------------------------------------------------

const TABLE_ROWS = 200;

function syntheticInitial(rand: () => number): Snapshot {
  const names = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jess"];
  const words = "dinner tomorrow call back running late meeting moved see you soon thanks lunch friday".split(" ");
  const text = (n: number) => Array.from({ length: n }, () => words[Math.floor(rand() * words.length)]!).join(" ");
  const time = (i: number) => new Date(Date.UTC(2026, 1, 1) + i * 3_600_000).toISOString().replace(".000Z", "Z");
  const phone = (i: number) => `+1415555${String(1000 + i).slice(-4)}`;
  const rows = (f: (i: number) => Row) => Array.from({ length: TABLE_ROWS }, (_, i) => f(i));
  return {
    contacts: rows((i) => ({ id: `c${i}`, first_name: names[i % 10]!, last_name: `L${i}`, phone_numbers: [{ label: "mobile", number: phone(i) }], emails: [], relationship: null, birthday: null, address: null, notes: null, is_self: i === 0 })),
    calendar_events: rows((i) => ({ id: `e${i}`, calendar: "Home", title: text(3), start: time(i), end: time(i + 1), all_day: false, location: null, attendees: [], notes: null })),
    emails: rows((i) => ({ id: `m${i}`, thread_id: `t${i}`, folder: "inbox", from_address: `p${i}@x.com`, from_name: null, to: ["me@x.com"], cc: [], subject: text(4), body: text(30), time: time(i), read: true })),
    sms_conversations: rows((i) => ({ id: `conv${i}`, participants: [phone(i)], name: null })),
    sms_messages: rows((i) => ({ id: `s${i}`, conversation_id: `conv${i % 50}`, sender: phone(i % 50), direction: "incoming", body: text(12), time: time(i), read: true })),
    whatsapp_chats: rows((i) => ({ id: `w${i}`, name: null, participants: [phone(i)], is_group: false })),
    whatsapp_messages: rows((i) => ({ id: `wm${i}`, chat_id: `w${i % 50}`, sender: phone(i % 50), direction: "incoming", body: text(12) })),
    calls: rows((i) => ({ id: `call${i}`, phone_number: phone(i), contact_id: `c${i}`, direction: "incoming", start: time(i), duration_seconds: 60 })),
  };
}

type StepBody = Step extends infer S ? (S extends Step ? Omit<S, "index" | "time" | "snapshot"> : never) : never;

/** ~30 steps: searches, three writes (a text, an event, a contact edit), replies; agents vary by seed. */
function syntheticTrajectory(seed: number, initial: Snapshot): Trajectory {
  const rand = prng(seed);
  const snapshots: Snapshot[] = [initial];
  const steps: Step[] = [];
  const push = (s: StepBody, change?: Partial<Record<string, Row[]>>) => {
    if (change) snapshots.push({ ...snapshots[snapshots.length - 1]!, ...change } as Snapshot);
    const index = steps.length;
    steps.push({ ...s, index, time: new Date(Date.UTC(2026, 2, 14, 2, index)).toISOString(), snapshot: snapshots.length - 1 } as Step);
  };
  const last = () => snapshots[snapshots.length - 1]!;
  push({ kind: "system", content: "You are an assistant." });
  push({ kind: "user", content: "Text Jess I'm running late, move our dinner to 8 and fix her number." });
  const body = rand() < 0.5 ? "Running late, see you soon" : "I am late sorry";
  for (let i = 0; i < 26; i++) {
    const r = rand();
    if (i === 8) {
      const row: Row = { id: "s_new", conversation_id: "conv9", sender: "+14155551009", direction: "outgoing", body, time: "2026-03-14T02:10:00Z", read: true };
      push({ kind: "tool", tool: "send_message", arguments: { to: ["+1 415 555 1009"], body }, ok: true, result: { message: row }, write: true }, { sms_messages: [...last().sms_messages!, row] });
    } else if (i === 14 && rand() < 0.8) {
      const events = last().calendar_events!.map((e) => (e.id === "e9" ? { ...e, start: "2026-03-15T03:00:00Z" } : e));
      push({ kind: "tool", tool: "modify_calendar_event", arguments: { event_id: "e9", start: "2026-03-14T20:00:00" }, ok: true, result: {}, write: true }, { calendar_events: events });
    } else if (i === 20 && rand() < 0.7) {
      const contacts = last().contacts!.map((c) => (c.id === "c9" ? { ...c, phone_numbers: [{ label: "mobile", number: "+14155550000" }] } : c));
      push({ kind: "tool", tool: "modify_contact", arguments: { contact_id: "c9" }, ok: true, result: {}, write: true }, { contacts });
    } else if (r < 0.6) {
      push({ kind: "tool", tool: "search_contacts", arguments: { name: "Jess" }, ok: true, result: { contacts: [{ id: "c9" }] }, write: false });
    } else {
      push({ kind: "agent", content: rand() < 0.5 ? "I texted Jess and moved dinner to 8 pm." : "Working on it." });
    }
  }
  push({ kind: "agent", content: "Done: I texted Jess, moved dinner to 8 pm and updated her number." });
  return { steps, snapshots, zone: "America/Los_Angeles" };
}

const realisticSpec: ScoringSpec = {
  milestones: {
    nodes: [
      { id: "found", category: "retrieval", constraints: [{ kind: "tool_call", tool: "search_contacts", arguments: { name: "jess" }, result_includes: ["c9"] }] },
      { id: "sms-call", category: "payload", constraints: [{ kind: "tool_call", tool: "send_message", arguments: { to: { compare: "includes", value: [{ compare: "phone", value: "4155551009" }] }, body: { compare: "rouge_l", value: "Running late, see you soon" } } }] },
      { id: "sms-row", category: "payload", constraints: [{ kind: "database", table: "sms_messages", relation: "addition", rows: [{ direction: "outgoing", body: { compare: "rouge_l", value: "running late see you soon" } }] }] },
      { id: "sms-thread", category: "payload", constraints: [{ kind: "database", table: "sms_messages", relation: "snapshot", where: { conversation_id: "conv9" }, rows: [{ body: { compare: "rouge_l", value: "running late" } }] }] },
      { id: "event-call", category: "payload", constraints: [{ kind: "tool_call", tool: "modify_calendar_event", arguments: { event_id: "e9", start: { compare: "time", value: "2026-03-14T20:00:00", tolerance_seconds: 86400 } } }] },
      { id: "event-row", category: "payload", constraints: [{ kind: "database", table: "calendar_events", relation: "update", reference: "event-call", rows: [{ id: "e9", start: "2026-03-14T20:00:00" }] }, { kind: "database", table: "calendar_events", relation: "update", rows: [{ id: "e9" }], others_unchanged: false }] },
      { id: "contact-row", category: "payload", constraints: [{ kind: "database", table: "contacts", relation: "update", rows: [{ id: "c9", phone_numbers: [{ label: "mobile", number: { compare: "phone", value: "4155550000" } }] }] }] },
      { id: "emails-intact", category: "payload", constraints: [{ kind: "database", table: "emails", relation: "unchanged" }] },
      { id: "told", category: "response", constraints: [{ kind: "response", must_include: ["Jess"], any_of_include: [["8 pm", "8pm", "20:00"]], close_to: "I texted Jess, moved dinner to 8 pm and updated her number." }] },
      { id: "said-done", category: "response", constraints: [{ kind: "response", must_include: ["done"] }] },
    ],
    edges: [["found", "sms-call"], ["sms-call", "sms-row"], ["sms-row", "sms-thread"], ["found", "event-call"], ["event-call", "event-row"], ["found", "contact-row"], ["sms-thread", "told"], ["event-row", "told"], ["contact-row", "told"], ["emails-intact", "told"], ["told", "said-done"]],
  },
  minefields: { nodes: [{ id: "no-delete", constraints: [{ kind: "tool_call", tool: ["remove_contact", "remove_calendar_event"] }] }] },
};

/** The same milestones as a chain (no edges listed): ToolSandbox's default shape. */
const chainSpec: ScoringSpec = { ...realisticSpec, milestones: { nodes: realisticSpec.milestones.nodes } };

function scoringTimes(runs: number, spec: ScoringSpec, shape: string): BenchResult {
  const initial = syntheticInitial(prng(1));
  const trajectories = Array.from({ length: runs }, (_, i) => syntheticTrajectory(i + 1, initial));
  for (const t of trajectories.slice(0, 20)) scoreTrajectory(t, spec, { scenarioId: "warm-up" });
  const times = trajectories.map((t) => {
    const t0 = performance.now();
    scoreTrajectory(t, spec, { scenarioId: "bench", relatedEntities: ["c9", "e9"] });
    return performance.now() - t0;
  }).sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return {
    name: `scoring: p99 per trajectory (10 milestones ${shape}, ~28 steps, 200 rows per table)`,
    ratio: 5 / p(0.99),
    detail: `${runs} trajectories: p50 ${p(0.5).toFixed(2)} ms, p99 ${p(0.99).toFixed(2)} ms, max ${p(1).toFixed(2)} ms (ratio = 5 ms budget / p99)`,
  };
}

export async function benchMatcher(options: { only?: "matcher" | "scoring"; runs?: number } = {}): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  if (options.only !== "scoring") {
    out.push(compareMatchers(8, 40, 10, 3e6));
    out.push(compareMatchers(6, 16, 40, Infinity));
  }
  if (options.only !== "matcher") {
    out.push(scoringTimes(options.runs ?? 500, chainSpec, "in a chain"));
    out.push(scoringTimes(options.runs ?? 500, realisticSpec, "in a DAG with a 4-way join"));
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv[2] === "matcher" || process.argv[2] === "scoring" ? process.argv[2] : undefined;
  for (const r of await benchMatcher(only ? { only } : {})) console.log(`${r.name}\n  ${r.ratio.toFixed(1)}x  ${r.detail}`);
}
