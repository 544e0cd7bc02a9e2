import { leafConstraints, type ScoringNode } from "./spec.js";
import type { DagShape } from "./guardrails.js";

// A scenario DAG as index structures: edges (a chain in node order when none are listed),
// the nodes each node reads (predecessors and references), ancestors and descendants.

export interface IndexedDag extends DagShape {
  edges: [number, number][];
  preds: number[][];
  /** Node references of each node's constraints, resolved to node indices. */
  refs: number[][];
}

export function edgesOf(nodes: readonly ScoringNode[], edges: readonly (readonly [string, string])[] | undefined): [number, number][] {
  if (edges === undefined) return nodes.slice(1).map((_, i) => [i, i + 1]);
  const index = new Map(nodes.map((n, i) => [n.id, i]));
  return edges.map(([u, v]) => [index.get(u) ?? -1, index.get(v) ?? -1]);
}

/** Assumes a checked spec (see check.ts): edges and references name nodes, no cycles. */
export function indexDag(nodes: readonly ScoringNode[], edgeList: readonly (readonly [string, string])[] | undefined): IndexedDag {
  const M = nodes.length;
  const index = new Map(nodes.map((n, i) => [n.id, i]));
  const edges = edgesOf(nodes, edgeList);
  const preds: number[][] = Array.from({ length: M }, () => []);
  const succs: number[][] = Array.from({ length: M }, () => []);
  for (const [u, v] of edges) {
    if (!preds[v]!.includes(u)) preds[v]!.push(u);
    if (!succs[u]!.includes(v)) succs[u]!.push(v);
  }
  const refs = nodes.map((n) => {
    const out: number[] = [];
    for (const { c } of leafConstraints(n.constraints)) {
      if (c.kind !== "database" || c.reference === undefined || c.reference === "initial") continue;
      const r = index.get(c.reference);
      if (r !== undefined && !out.includes(r)) out.push(r);
    }
    return out;
  });
  const deps = nodes.map((_, i) => [...new Set([...preds[i]!, ...refs[i]!])].sort((a, b) => a - b));
  return {
    edges, preds, refs, deps,
    strictAncestors: nodes.map((_, i) => reach(i, preds)),
    strictDescendants: nodes.map((_, i) => reach(i, succs)),
  };
}

function reach(start: number, next: number[][]): Set<number> {
  const seen = new Set<number>();
  const stack = [...next[start]!];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    stack.push(...next[n]!);
  }
  return seen;
}
