// The exact DAG matcher. Given nodes, "u no later than v" edges and a similarity oracle, it finds
// steps t_i maximising the sum of sim(i, t_i, steps of deps(i)) subject to t_u <= t_v for every
// edge (steps may be shared). deps(i) are the nodes whose steps i's similarity reads (its
// predecessors and references); they must be ancestors of i.
//
// Method: dynamic programming along one topological order (an "elimination order"). After the
// first k nodes of the order are placed, the future depends only on the steps of the placed nodes
// that an unplaced node still reads or must follow: the frontier. A memoised recursion computes
// the best value of each reachable frontier state; a forward pass reconstructs the mapping, giving each node in
// turn the earliest step that still reaches the optimum (deterministic tie-breaking). Cost: the
// sum over layers of T^(|frontier|+1) oracle calls, so a chain whose nodes read their predecessor
// costs M*T^2. The order is the topological order that minimises this cost, preferring document
// order among equals; for a chain it is the document order.
//
// Step classes (optional, exact): when two steps give a node the same similarity whatever its
// deps' steps, and everything that reads the node sees the same thing at either, they are in one
// class. Any mapping can then move each node, in topological order, to the earliest step of its
// class at or after its predecessors' new steps: no value changes and every edge still holds. So
// a node's domain is, for each class, the earliest step of that class at or after 0 and at or
// after each step in its predecessors' domains. The caller declares the classes.
//
// Support (optional, exact): when the caller can name the few steps where a node can score above
// 0 given its deps' steps, the best choice for a state is the larger of the best future over all
// allowed steps (a suffix maximum, shared by every state with the same other frontier members)
// and the best over the supported steps. A node whose guardrail compares with its predecessor's
// step then costs the size of its support per state, not its whole domain.

import { TooLargeToScore } from "./budget.js";

export interface MatchProblem {
  nodeCount: number;
  /** [u, v]: t_u <= t_v. */
  edges: readonly (readonly [number, number])[];
  /** Per node, the nodes whose steps its similarity reads, in the order the oracle expects them. */
  deps: readonly (readonly number[])[];
  /** Steps are 0 .. stepCount-1. */
  stepCount: number;
  sim(node: number, step: number, depSteps: readonly number[]): number;
  /** Optional, per node: a class id for every step (see above). */
  stepClasses?: readonly (readonly number[])[];
  /** Optional: the steps (ascending) outside which sim(node, ·, depSteps) is 0; similarities
   *  are never negative. See "Support" above. */
  support?(node: number, depSteps: readonly number[]): readonly number[];
}

export interface MatchResult {
  /** The maximal sum of similarities. */
  total: number;
  /** The step of each node (empty when there are no steps). */
  steps: number[];
  /** The similarity of each node under that mapping. */
  similarities: number[];
}

interface Layer {
  node: number;
  /** Frontier before placing `node`, as node ids; a state gives each a step of its domain. */
  frontier: number[];
  /** Domain sizes of the frontier members: the mixed radix of state codes. */
  radix: number[];
  /** Positions in `frontier` of node's predecessors and of its deps. */
  predPos: number[];
  depPos: number[];
  /** For each member of the next frontier, its position in `frontier`, or -1 for `node`. */
  nextFrom: number[];
  nextRadix: number[];
}

export function matchDag(p: MatchProblem): MatchResult {
  const M = p.nodeCount;
  const T = p.stepCount;
  if (M === 0) return { total: 0, steps: [], similarities: [] };
  if (T === 0) return { total: 0, steps: [], similarities: new Array<number>(M).fill(0) };
  const preds = predecessors(M, p.edges);
  const domains = nodeDomains(p, preds);
  const order = eliminationOrder(M, preds, p.deps, domains.map((d) => d.length));
  const layers = buildLayers(order, preds, p.deps, domains);
  return reconstruct(p, layers, valueFunction(p, layers, domains), domains);
}

function predecessors(M: number, edges: MatchProblem["edges"]): number[][] {
  const preds: number[][] = Array.from({ length: M }, () => []);
  for (const [u, v] of edges) if (!preds[v]!.includes(u)) preds[v]!.push(u);
  return preds;
}

/** Each node's steps: all of them, or the earliest step of each class at or after each bound
 *  its predecessors can set. */
function nodeDomains(p: MatchProblem, preds: number[][]): number[][] {
  const T = p.stepCount;
  const all = Array.from({ length: T }, (_, t) => t);
  if (!p.stepClasses) return preds.map(() => all);
  const predMask = preds.map((ps) => ps.reduce((m, u) => m | (1 << u), 0));
  const domains: number[][] = new Array(p.nodeCount);
  for (const v of kahn(p.nodeCount, predMask)) {
    const classes = p.stepClasses[v]!;
    const boundSet = new Set<number>([0]);
    for (const u of preds[v]!) for (const t of domains[u]!) boundSet.add(t);
    const bounds = [...boundSet].sort((a, b) => a - b);
    // t is the earliest of its class at or after some bound lo exactly when a bound lies in
    // (the previous step of its class, t]: one pass with a binary search, not a scan per bound.
    const previous = new Map<number, number>();
    const steps: number[] = [];
    for (let t = 0; t < T; t++) {
      const after = (previous.get(classes[t]!) ?? -1) + 1;
      previous.set(classes[t]!, t);
      let lo = 0;
      let hi = bounds.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (bounds[mid]! < after) lo = mid + 1; else hi = mid;
      }
      if (lo < bounds.length && bounds[lo]! <= t) steps.push(t);
    }
    domains[v] = steps;
  }
  return domains;
}

function frontierOf(placed: number, M: number, readsMask: readonly number[]): number {
  // Placed nodes that some unplaced node reads.
  let f = 0;
  for (let v = 0; v < M; v++) if (!(placed & (1 << v))) f |= readsMask[v]! & placed;
  return f;
}

/** The topological order minimising the DP's cost, found by a DP over node subsets (M <= 16);
 *  Kahn's order by document index beyond that. */
function eliminationOrder(M: number, preds: number[][], deps: MatchProblem["deps"], sizes: number[]): number[] {
  const predMask = preds.map((ps) => ps.reduce((m, u) => m | (1 << u), 0));
  if (M > 16) return kahn(M, predMask);
  const readsMask = predMask.map((m, v) => deps[v]!.reduce((acc, u) => acc | (1 << u), m));
  const full = (1 << M) - 1;
  const cost = new Float64Array(1 << M).fill(Infinity);
  const choice = new Int8Array(1 << M).fill(-1);
  cost[full] = 0;
  // Cost from subset D to the end. D | {v} > D as a number, so a descending loop has it ready.
  for (let d = full - 1; d >= 0; d--) {
    const f = frontierOf(d, M, readsMask);
    let states = 1;
    for (let u = 0; u < M; u++) if (f & (1 << u)) states *= sizes[u]!;
    for (let v = 0; v < M; v++) {
      if (d & (1 << v) || (predMask[v]! & d) !== predMask[v]) continue;
      const c = states * sizes[v]! + cost[d | (1 << v)]!;
      if (c < cost[d]! * (1 - 1e-12)) { cost[d] = c; choice[d] = v; }
    }
  }
  const order: number[] = [];
  for (let d = 0; d !== full; d |= 1 << choice[d]!) order.push(choice[d]!);
  return order;
}

function kahn(M: number, predMask: number[]): number[] {
  const order: number[] = [];
  let placed = 0;
  while (order.length < M) {
    const v = predMask.findIndex((m, i) => !(placed & (1 << i)) && (m & placed) === m);
    order.push(v);
    placed |= 1 << v;
  }
  return order;
}

function buildLayers(order: number[], preds: number[][], deps: MatchProblem["deps"], domains: number[][]): Layer[] {
  const reads = order.map(() => new Set<number>());
  for (const v of order) reads[v] = new Set([...preds[v]!, ...deps[v]!]);
  const frontiers: number[][] = [];
  for (let k = 0; k <= order.length; k++) {
    const rest = order.slice(k);
    frontiers.push(order.slice(0, k).filter((u) => rest.some((v) => reads[v]!.has(u))));
  }
  return order.map((node, k) => {
    const frontier = frontiers[k]!;
    const next = frontiers[k + 1]!;
    return {
      node,
      frontier,
      radix: frontier.map((u) => domains[u]!.length),
      predPos: preds[node]!.map((u) => frontier.indexOf(u)),
      depPos: deps[node]!.map((u) => frontier.indexOf(u)),
      nextFrom: next.map((u) => (u === node ? -1 : frontier.indexOf(u))),
      nextRadix: next.map((u) => domains[u]!.length),
    };
  });
}

/** A frontier state: the domain index of each member, and its step. */
interface State { idx: number[]; step: number[] }

function decode(code: number, layer: Layer, domains: number[][]): State {
  const state: State = { idx: new Array<number>(layer.radix.length), step: new Array<number>(layer.radix.length) };
  for (let j = 0; j < layer.radix.length; j++) {
    const r = layer.radix[j]!;
    state.idx[j] = code % r;
    state.step[j] = domains[layer.frontier[j]!]![state.idx[j]!]!;
    code = Math.floor(code / r);
  }
  return state;
}

/** The best sum of the nodes order[k..] given the frontier state `code` of layer k, computed on
 *  demand and memoised, so that only states reachable from the start are ever evaluated. */
type Values = (k: number, code: number) => number;

/** The exact matcher would need more frontier states than it can hold: a long trajectory whose
 *  writes keep splitting the step classes of a DAG where one node reads several others. */
export class MatchTooLarge extends TooLargeToScore {
  constructor(readonly states: number, work = false) {
    super(work
      ? `matching this trajectory exactly takes more than ${MAX_WORK.toExponential(1)} similarity evaluations: the trajectory is too long for this scenario's milestone DAG`
      : `matching this trajectory exactly needs ${states.toExponential(1)} states (at most ${MAX_STATES.toExponential(1)}): the trajectory is too long for this scenario's milestone DAG`,
    work ? MAX_WORK : MAX_STATES);
  }
}

/** Frontier states over all layers (8 bytes each in the memo: 128 MiB; the work grows with them too). */
const MAX_STATES = 2 ** 24;

/** States evaluated plus the steps tried in them (similarities asked for): a few seconds of CPU.
 *  Past it the match stops, deterministically, with MatchTooLarge. */
export const MAX_WORK = 2 ** 21;

function valueFunction(p: MatchProblem, layers: Layer[], domains: number[][]): Values {
  const sizes = layers.map((layer) => layer.radix.reduce((a, b) => a * b, 1));
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total > MAX_STATES) throw new MatchTooLarge(total);
  const memo = sizes.map((n) => new Float64Array(n).fill(NaN));
  const indexOf = domains.map((d) => new Map(d.map((t, i) => [t, i])));
  // The code of the next state moves by `stride` per domain index of the placed node.
  const strides = layers.map((layer) => {
    const pos = layer.nextFrom.indexOf(-1);
    return pos < 0 ? 0 : layer.nextRadix.slice(0, pos).reduce((a, b) => a * b, 1);
  });
  let work = 0;
  const spend = (units: number) => {
    work += units;
    if (work > MAX_WORK) throw new MatchTooLarge(total, true);
  };
  const suffixes = layers.map(() => new Map<number, Float64Array>());
  /** suffix[i] = the best future over the node's domain indices i.. given the other members. */
  const suffixFor = (k: number, restCode: number): Float64Array => {
    let suffix = suffixes[k]!.get(restCode);
    if (!suffix) {
      const n = domains[layers[k]!.node]!.length;
      spend(n);
      suffix = new Float64Array(n + 1).fill(-Infinity);
      for (let i = n - 1; i >= 0; i--) suffix[i] = Math.max(suffix[i + 1]!, value(k + 1, restCode + i * strides[k]!));
      suffixes[k]!.set(restCode, suffix);
    }
    return suffix;
  };
  const value: Values = (k, code) => {
    if (k === layers.length) return 0;
    const known = memo[k]![code]!;
    if (!Number.isNaN(known)) return known;
    const layer = layers[k]!;
    const domain = domains[layer.node]!;
    const state = decode(code, layer, domains);
    const depSteps = new Array<number>(layer.depPos.length);
    const lo = firstAllowed(layer, state, domain);
    let best = -Infinity;
    spend(1);
    if (p.support) {
      const restCode = encodeNext(layer, state, 0);
      best = suffixFor(k, restCode)[lo]!;
      for (let j = 0; j < layer.depPos.length; j++) depSteps[j] = state.step[layer.depPos[j]!]!;
      const supported = p.support(layer.node, depSteps);
      spend(supported.length);
      for (const t of supported) {
        const i = indexOf[layer.node]!.get(t);
        if (i === undefined || i < lo) continue;
        const v = p.sim(layer.node, t, depSteps) + value(k + 1, restCode + i * strides[k]!);
        if (v > best) best = v;
      }
    } else {
      spend(domain.length - lo);
      for (let i = lo; i < domain.length; i++) {
        const v = gain(p, layer, state, domain[i]!, depSteps) + value(k + 1, encodeNext(layer, state, i));
        if (v > best) best = v;
      }
    }
    memo[k]![code] = best;
    return best;
  };
  return value;
}

/** Gives each node in turn the earliest step that still reaches the optimum. */
function reconstruct(p: MatchProblem, layers: Layer[], value: Values, domains: number[][]): MatchResult {
  const steps = new Array<number>(p.nodeCount).fill(0);
  const similarities = new Array<number>(p.nodeCount).fill(0);
  const total = value(0, 0);
  let code = 0;
  for (let k = 0; k < layers.length; k++) {
    const layer = layers[k]!;
    const domain = domains[layer.node]!;
    const state = decode(code, layer, domains);
    const depSteps = new Array<number>(layer.depPos.length);
    const target = value(k, code);
    for (let i = firstAllowed(layer, state, domain); i < domain.length; i++) {
      const g = gain(p, layer, state, domain[i]!, depSteps);
      const nextCode = encodeNext(layer, state, i);
      if (g + value(k + 1, nextCode) >= target - 1e-12) {
        steps[layer.node] = domain[i]!;
        similarities[layer.node] = g;
        code = nextCode;
        break;
      }
    }
  }
  return { total, steps, similarities };
}

/** Index of the first step of `domain` at or after every predecessor's step. */
function firstAllowed(layer: Layer, state: State, domain: readonly number[]): number {
  let lo = 0;
  for (const pos of layer.predPos) if (state.step[pos]! > lo) lo = state.step[pos]!;
  let i = 0;
  let hi = domain.length;
  while (i < hi) {
    const mid = (i + hi) >> 1;
    if (domain[mid]! < lo) i = mid + 1; else hi = mid;
  }
  return i;
}

function gain(p: MatchProblem, layer: Layer, state: State, t: number, depSteps: number[]): number {
  for (let j = 0; j < layer.depPos.length; j++) depSteps[j] = state.step[layer.depPos[j]!]!;
  return p.sim(layer.node, t, depSteps);
}

function encodeNext(layer: Layer, state: State, i: number): number {
  let code = 0;
  for (let j = layer.nextFrom.length - 1; j >= 0; j--) {
    const from = layer.nextFrom[j]!;
    code = code * layer.nextRadix[j]! + (from < 0 ? i : state.idx[from]!);
  }
  return code;
}
