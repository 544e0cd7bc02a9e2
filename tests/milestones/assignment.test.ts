import { test } from "node:test";
import assert from "node:assert/strict";
import { assignGeometric } from "../../milestones/index.js";
import { hungarian } from "../../milestones/assignment.js";
import { prng } from "./helpers.js";

test("the pairing maximises the geometric mean, not the greedy first choice", () => {
  // Greedy would give target 0 candidate 0 (0.9) and target 1 candidate 1 (0.1): gm 0.3.
  // Best: 0->1 (0.8) and 1->0 (0.8): gm 0.8.
  const r = assignGeometric([[0.9, 0.8], [0.8, 0.1]], 2);
  assert.deepEqual(r.match, [1, 0]);
  assert.ok(Math.abs(r.similarity - 0.8) < 1e-12);
});

test("a target without any candidate left makes the result 0", () => {
  const r = assignGeometric([[1], [1]], 1);
  assert.equal(r.similarity, 0);
  assert.equal(r.match.filter((j) => j === -1).length, 1);
});

test("extra candidates are allowed; a zero pair is avoided when possible", () => {
  const r = assignGeometric([[0, 0.5, 1]], 3);
  assert.deepEqual(r.match, [2]);
  assert.equal(r.similarity, 1);
  assert.equal(assignGeometric([[0, 0]], 2).similarity, 0);
});

test("no targets is a perfect match", () => {
  assert.equal(assignGeometric([], 3).similarity, 1);
});

test("Hungarian agrees with brute force on random matrices", () => {
  const rand = prng(7);
  for (let trial = 0; trial < 300; trial++) {
    const n = 1 + Math.floor(rand() * 4);
    const m = n + Math.floor(rand() * 3);
    const cost = Array.from({ length: n }, () => Array.from({ length: m }, () => Math.floor(rand() * 20)));
    const got = hungarian(n, m, (i, j) => cost[i]![j]!);
    assert.equal(new Set(got).size, n);
    const total = got.reduce((s, j, i) => s + cost[i]![j]!, 0);
    assert.equal(total, brute(cost, 0, new Set()), `trial ${trial}`);
  }
});

function brute(cost: number[][], i: number, used: Set<number>): number {
  if (i === cost.length) return 0;
  let best = Infinity;
  cost[i]!.forEach((c, j) => {
    if (used.has(j)) return;
    used.add(j);
    best = Math.min(best, c + brute(cost, i + 1, used));
    used.delete(j);
  });
  return best;
}
