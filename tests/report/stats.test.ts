import { test } from "node:test";
import assert from "node:assert/strict";
import { bootstrap, mean, pairedTest, passAt, passHat, quantile, ranks, seededRandom, signTest, spearman } from "../../report/stats.js";

const close = (a: number | null, b: number, eps = 1e-9) => assert.ok(a !== null && Math.abs(a - b) < eps, `${a} != ${b}`);

test("quantiles interpolate between order statistics (type 7)", () => {
  close(quantile([1, 2, 3, 4], 0.5), 2.5);
  close(quantile([1, 2, 3, 4], 0.25), 1.75);
  close(quantile([7], 0.975), 7);
});

test("the PRNG is seeded: same seed, same stream; values in [0, 1)", () => {
  const a = seededRandom(42); const b = seededRandom(42); const c = seededRandom(43);
  const xs = Array.from({ length: 5 }, () => a());
  assert.deepEqual(xs, Array.from({ length: 5 }, () => b()));
  assert.notDeepEqual(xs, Array.from({ length: 5 }, () => c()));
  assert.ok(xs.every((x) => x >= 0 && x < 1));
});

test("bootstrap: a constant has a zero-width interval; {0, 1} spans [0, 1]; no units, no interval", () => {
  assert.deepEqual(bootstrap([0.25, 0.25, 0.25], mean), { value: 0.25, lo: 0.25, hi: 0.25, n: 3 });
  // Resampling two units: the mean is 0 (p 1/4), 0.5 (1/2) or 1 (1/4), so the 2.5% and 97.5% quantiles are 0 and 1.
  const e = bootstrap([0, 1], mean, { resamples: 4000, seed: 7, confidence: 0.95 });
  assert.deepEqual([e.value, e.lo, e.hi], [0.5, 0, 1]);
  assert.deepEqual(bootstrap([], mean), { value: null, lo: null, hi: null, n: 0 });
  const twice = [bootstrap([0.1, 0.5, 0.9, 0.3], mean), bootstrap([0.1, 0.5, 0.9, 0.3], mean)];
  assert.deepEqual(twice[0], twice[1]);
});

test("sign test: exact two-sided binomial tail", () => {
  close(signTest(8, 2), (2 * (1 + 10 + 45)) / 1024); // 0.109375
  close(signTest(10, 0), 2 / 1024);
  close(signTest(5, 5), 1);
  assert.equal(signTest(0, 0), null);
});

test("paired test: difference, wins/losses/ties and the sign test on the pairs", () => {
  const t = pairedTest([1, 1, 1, -1, 0]);
  close(t.difference.value, 0.4);
  assert.deepEqual([t.wins, t.losses, t.ties], [3, 1, 1]);
  close(t.sign_p, (2 * (1 + 4)) / 16); // n = 4 non-tied pairs, k = 1
  assert.ok(t.difference.lo! <= 0.4 && t.difference.hi! >= 0.4);
  const clear = pairedTest(Array.from({ length: 30 }, () => 0.5));
  assert.equal(clear.bootstrap_p, 0);
  assert.equal(pairedTest([0.2, -0.2]).bootstrap_p! > 0.5, true);
});

test("pass^k and pass@k as tau-bench defines them (2 successes in 3 trials)", () => {
  close(passHat(2, 3, 1), 2 / 3);
  close(passHat(2, 3, 2), 1 / 3); // C(2,2)/C(3,2)
  close(passHat(2, 3, 3), 0);
  close(passAt(2, 3, 2), 1); // 1 - C(1,2)/C(3,2)
  close(passAt(1, 3, 2), 2 / 3); // 1 - C(2,2)/C(3,2)
  close(passAt(0, 3, 1), 0);
  close(passHat(3, 3, 3), 1);
});

test("Spearman: average ranks for ties, hand-computed rho", () => {
  assert.deepEqual(ranks([10, 20, 20, 30]), [1, 2.5, 2.5, 4]);
  // ranks y = 1, 2, 3.5, 5, 3.5: sxy = 8, sxx = 10, syy = 9.5
  close(spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]), 8 / Math.sqrt(95));
  close(spearman([1, 2, 3], [3, 2, 1]), -1);
  assert.equal(spearman([1, 1, 1], [1, 2, 3]), null);
  assert.equal(spearman([1, 2], [1, 2]), null);
});
