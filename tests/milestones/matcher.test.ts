import { test } from "node:test";
import assert from "node:assert/strict";
import { matchDag, type MatchProblem } from "../../milestones/index.js";
import { prng } from "./helpers.js";

// The DP matcher against exhaustive enumeration of every order-respecting mapping, on random
// DAGs whose similarities depend on the steps of the nodes they reference.

interface Case { problem: MatchProblem; preds: number[][] }

function hash(...xs: number[]): number {
  let h = 0x811c9dc5;
  for (const x of xs) {
    h = Math.imul(h ^ (x & 0xffff), 0x01000193);
    h = Math.imul(h ^ (x >>> 16), 0x01000193);
    h ^= h >>> 13;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return ((h ^ (h >>> 13)) >>> 0) / 4294967296;
}

function randomCase(rand: () => number, seed: number, M: number, T: number): Case {
  const edges: [number, number][] = [];
  const density = rand();
  for (let v = 1; v < M; v++) for (let u = 0; u < v; u++) if (rand() < density * 0.6) edges.push([u, v]);
  const preds = Array.from({ length: M }, (_, v) => edges.filter(([, w]) => w === v).map(([u]) => u));
  const anc = Array.from({ length: M }, () => new Set<number>());
  for (let v = 0; v < M; v++) for (const u of preds[v]!) { anc[v]!.add(u); for (const a of anc[u]!) anc[v]!.add(a); }
  const deps = Array.from({ length: M }, (_, v) =>
    [...new Set([...preds[v]!, ...[...anc[v]!].filter(() => rand() < 0.4)])].sort((a, b) => a - b));
  // Quantised values make ties common, which exercises tie-breaking; many zeros, as in real runs.
  const levels = [0, 0, 0, 0.25, 0.5, 0.5, 1, 1 / 3];
  const sim = (node: number, step: number, depSteps: readonly number[]) => {
    const h = hash(seed, node, step, ...depSteps.map((s) => (node % 2 === 0 ? s : Math.min(2, step - s + 1))));
    return levels[Math.floor(h * levels.length)]!;
  };
  return { problem: { nodeCount: M, edges, deps, stepCount: T, sim }, preds };
}

/** Every feasible mapping in node order (nodes are topologically numbered here). */
function* mappings(c: Case): Generator<number[]> {
  const { nodeCount: M, stepCount: T } = c.problem;
  const steps = new Array<number>(M).fill(0);
  function* place(v: number): Generator<number[]> {
    if (v === M) { yield steps; return; }
    const lo = Math.max(0, ...c.preds[v]!.map((u) => steps[u]!));
    for (let t = lo; t < T; t++) { steps[v] = t; yield* place(v + 1); }
  }
  yield* place(0);
}

const value = (c: Case, steps: readonly number[]) =>
  steps.reduce((s, t, v) => s + c.problem.sim(v, t, c.problem.deps[v]!.map((d) => steps[d]!)), 0);

function countAtMost(c: Case, limit: number): boolean {
  let n = 0;
  for (const _ of mappings(c)) if (++n > limit) return false;
  return true;
}

test("the DP matcher finds the exhaustive optimum on 3000 random cases", () => {
  const rand = prng(20260314);
  let checked = 0;
  for (let seed = 0; checked < 3000; seed++) {
    const M = 1 + Math.floor(rand() * 7);
    let T = 1 + Math.floor(rand() * 12);
    let c = randomCase(rand, seed, M, T);
    while (!countAtMost(c, 12_000)) { T -= 2; c = { ...c, problem: { ...c.problem, stepCount: T } }; }
    let best = -Infinity;
    for (const m of mappings(c)) best = Math.max(best, value(c, m));
    const got = matchDag(c.problem);
    assert.ok(Math.abs(got.total - best) < 1e-9, `seed ${seed}: DP ${got.total}, exhaustive ${best}`);
    for (const [u, v] of c.problem.edges) assert.ok(got.steps[u]! <= got.steps[v]!, `seed ${seed}: edge ${u}->${v} violated`);
    assert.ok(Math.abs(value(c, got.steps) - got.total) < 1e-9, `seed ${seed}: mapping does not reach the total`);
    got.similarities.forEach((s, v) => assert.equal(s, c.problem.sim(v, got.steps[v]!, c.problem.deps[v]!.map((d) => got.steps[d]!))));
    checked++;
  }
});

test("on a chain, ties go to the lexicographically earliest mapping", () => {
  const rand = prng(99);
  for (let seed = 0; seed < 400; seed++) {
    const M = 1 + Math.floor(rand() * 5);
    const T = 1 + Math.floor(rand() * 8);
    const c = randomCase(() => 0, seed, M, T); // density 0: no edges yet
    const edges = Array.from({ length: M - 1 }, (_, i) => [i, i + 1] as [number, number]);
    const chain: Case = {
      problem: { ...c.problem, edges, deps: edges.map(([u]) => [u]).reduce((d, x, i) => { d[i + 1] = x; return d; }, [[]] as number[][]) },
      preds: [[], ...edges.map(([u]) => [u])],
    };
    let best = -Infinity;
    let first: number[] = [];
    for (const m of mappings(chain)) {
      const v = value(chain, m);
      if (v > best + 1e-12) { best = v; first = [...m]; }
    }
    assert.deepEqual(matchDag(chain.problem).steps, first, `seed ${seed}`);
  }
});

test("shared steps are allowed along an edge", () => {
  const got = matchDag({ nodeCount: 2, edges: [[0, 1]], deps: [[], [0]], stepCount: 3, sim: (_n, t) => (t === 1 ? 1 : 0) });
  assert.deepEqual(got.steps, [1, 1]);
  assert.equal(got.total, 2);
});

test("an edge forbids the reverse order", () => {
  // Node 0 is only good at step 2, node 1 only at step 0; with 0 before 1 both cannot score.
  const sim = (n: number, t: number) => (n === 0 ? (t === 2 ? 1 : 0) : t === 0 ? 1 : 0);
  assert.equal(matchDag({ nodeCount: 2, edges: [[0, 1]], deps: [[], []], stepCount: 3, sim }).total, 1);
  assert.equal(matchDag({ nodeCount: 2, edges: [], deps: [[], []], stepCount: 3, sim }).total, 2);
});

test("no steps or no nodes", () => {
  assert.deepEqual(matchDag({ nodeCount: 0, edges: [], deps: [], stepCount: 5, sim: () => 1 }), { total: 0, steps: [], similarities: [] });
  assert.equal(matchDag({ nodeCount: 2, edges: [], deps: [[], []], stepCount: 0, sim: () => 1 }).total, 0);
});

test("declared step classes give the same optimum as the full step range (1500 random cases)", () => {
  const rand = prng(4242);
  for (let seed = 0; seed < 1500; seed++) {
    const M = 1 + Math.floor(rand() * 6);
    const T = 1 + Math.floor(rand() * 14);
    const base = randomCase(rand, seed, M, T).problem;
    // Each step of each node gets one of a few classes (not necessarily contiguous); similarities
    // read only the class of the node's step and of its deps' steps.
    const classes = Array.from({ length: M }, () => Array.from({ length: T }, () => Math.floor(rand() * 4)));
    const problem: MatchProblem = {
      ...base,
      sim: (node, t, depSteps) => base.sim(node, classes[node]![t]!, base.deps[node]!.map((d, j) => classes[d]![depSteps[j]!]!)),
    };
    const full = matchDag(problem);
    const reduced = matchDag({ ...problem, stepClasses: classes });
    assert.ok(Math.abs(full.total - reduced.total) < 1e-9, `seed ${seed}: ${full.total} vs ${reduced.total}`);
    for (const [u, v] of problem.edges) assert.ok(reduced.steps[u]! <= reduced.steps[v]!);
  }
});
