import type { MatchProblem, MatchResult } from "../milestones/matcher.js";

// BENCHMARK-ONLY BASELINE. A re-creation, written from a description of its behaviour (no
// ToolSandbox code was ported), of ToolSandbox's MilestoneMatcher._dfs: depth-first search over topological orders, a max-heap of
// (similarity, node, step) candidates per level, and the per-level prune
// `sum + sim + (remaining - 1) <= best_at_this_level`. Kept only to measure the DP matcher
// against it; the scorer never uses it.

interface Found { total: number; steps: Map<number, number> }

export interface BaselineStats { calls: number; simCalls: number; exhausted: boolean }

/** `budget` caps similarity calls so that a benchmark on failing runs terminates; when it is hit,
 *  `exhausted` is set and the result is the best found so far (a lower bound). */
export function dfsMatch(p: MatchProblem, budget = Infinity): MatchResult & BaselineStats {
  const preds: number[][] = Array.from({ length: p.nodeCount }, () => []);
  for (const [u, v] of p.edges) preds[v]!.push(u);
  const stats = { calls: 0, simCalls: 0, exhausted: false };
  const simOf = (node: number, t: number, assigned: Map<number, number>) => {
    stats.simCalls++;
    return p.sim(node, t, p.deps[node]!.map((d) => assigned.get(d)!));
  };

  const dfs = (assigned: Map<number, number>, last: number, sum: number, remaining: Set<number>): Found => {
    stats.calls++;
    if (remaining.size === 0) return { total: sum, steps: assigned };
    // Candidates: every node whose predecessors are all assigned, at every step from the most
    // recently assigned step on (ToolSandbox pushes t from the last index down to `last`).
    const heap: [number, number, number][] = [];
    for (const node of remaining) {
      if (preds[node]!.some((u) => remaining.has(u))) continue;
      for (let t = p.stepCount - 1; t >= last; t--) {
        if (stats.simCalls >= budget) { stats.exhausted = true; break; }
        heapPush(heap, [-simOf(node, t, assigned), node, t]);
      }
    }
    let best: Found | undefined;
    let bestAtLevel = -1;
    while (heap.length > 0) {
      const [negSim, node, t] = heapPop(heap);
      const sim = -negSim;
      // ToolSandbox `continue`s here although every later entry would be pruned too.
      if (sum + sim + (remaining.size - 1) <= bestAtLevel) continue;
      if (stats.exhausted) break;
      const nextAssigned = new Map(assigned); // the deepcopy of the assignment
      nextAssigned.set(node, t);
      const nextRemaining = new Set(remaining); // the copy of the remaining graph
      nextRemaining.delete(node);
      const child = dfs(nextAssigned, t, sum + sim, nextRemaining);
      if (child.total > bestAtLevel) { bestAtLevel = child.total; best = child; }
    }
    return best ?? { total: -1, steps: assigned };
  };

  if (p.nodeCount === 0 || p.stepCount === 0) return { total: 0, steps: [], similarities: [], ...stats };
  const found = dfs(new Map(), 0, 0, new Set(Array.from({ length: p.nodeCount }, (_, i) => i)));
  const steps = Array.from({ length: p.nodeCount }, (_, i) => found.steps.get(i) ?? 0);
  const similarities = steps.map((t, i) => p.sim(i, t, p.deps[i]!.map((d) => steps[d]!)));
  return { total: found.total, steps, similarities, ...stats };
}

// Tuples compare as Python's heapq does: by similarity, then node id, then step.
function less(a: [number, number, number], b: [number, number, number]): boolean {
  return a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2];
}

function heapPush(h: [number, number, number][], x: [number, number, number]): void {
  h.push(x);
  for (let i = h.length - 1; i > 0;) {
    const parent = (i - 1) >> 1;
    if (!less(h[i]!, h[parent]!)) break;
    [h[i], h[parent]] = [h[parent]!, h[i]!];
    i = parent;
  }
}

function heapPop(h: [number, number, number][]): [number, number, number] {
  const top = h[0]!;
  const end = h.pop()!;
  if (h.length > 0) {
    h[0] = end;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && less(h[l]!, h[m]!)) m = l;
      if (r < h.length && less(h[r]!, h[m]!)) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }
  return top;
}
