// The report's statistics: pure functions with no imports, so that the HTML viewer runs the same
// code on a filtered subset as the command did on the whole run.

/** Mulberry32: a small seeded PRNG, so that every bootstrap interval is reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function mean(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** Quantile of sorted values, linear interpolation between order statistics (R's type 7). */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

export interface BootstrapOptions { resamples: number; seed: number; confidence: number }
export const DEFAULT_BOOTSTRAP: BootstrapOptions = { resamples: 1000, seed: 1, confidence: 0.95 };

/** A statistic with its percentile bootstrap interval; n is the number of units resampled. */
export interface Estimate { value: number | null; lo: number | null; hi: number | null; n: number }

/** Percentile bootstrap over units (scenarios): resample the units with replacement, recompute the
 *  statistic, take the central `confidence` share. A resample where the statistic is undefined
 *  (null) is skipped. */
export function bootstrap<T>(units: readonly T[], statistic: (sample: readonly T[]) => number | null, options: BootstrapOptions = DEFAULT_BOOTSTRAP): Estimate {
  const value = statistic(units);
  if (value === null || units.length === 0) return { value, lo: null, hi: null, n: units.length };
  const random = seededRandom(options.seed);
  const stats: number[] = [];
  const sample: T[] = new Array<T>(units.length);
  for (let r = 0; r < options.resamples; r++) {
    for (let i = 0; i < units.length; i++) sample[i] = units[Math.floor(random() * units.length)]!;
    const s = statistic(sample);
    if (s !== null) stats.push(s);
  }
  stats.sort((a, b) => a - b);
  const tail = (1 - options.confidence) / 2;
  return { value, lo: quantile(stats, tail), hi: quantile(stats, 1 - tail), n: units.length };
}

/** The mean of the non-null values with its bootstrap interval. */
export function meanEstimate(values: readonly (number | null)[], options?: BootstrapOptions): Estimate {
  const xs = values.filter((x): x is number => x !== null);
  return bootstrap(xs, mean, options);
}

export interface PairedTest {
  /** Mean of a - b over the paired units, with its paired bootstrap interval. */
  difference: Estimate;
  /** Two-sided paired bootstrap p-value: twice the smaller share of resampled means on either side of 0. */
  bootstrap_p: number | null;
  wins: number;
  losses: number;
  ties: number;
  /** Exact two-sided sign test on the non-tied pairs. */
  sign_p: number | null;
}

export function pairedTest(differences: readonly number[], options: BootstrapOptions = DEFAULT_BOOTSTRAP): PairedTest {
  const difference = bootstrap(differences, mean, options);
  let bootstrapP: number | null = null;
  if (differences.length > 0) {
    const random = seededRandom(options.seed);
    let below = 0;
    let above = 0;
    for (let r = 0; r < options.resamples; r++) {
      let s = 0;
      for (let i = 0; i < differences.length; i++) s += differences[Math.floor(random() * differences.length)]!;
      if (s <= 0) below++;
      if (s >= 0) above++;
    }
    bootstrapP = Math.min(1, (2 * Math.min(below, above)) / options.resamples);
  }
  const wins = differences.filter((d) => d > 0).length;
  const losses = differences.filter((d) => d < 0).length;
  return { difference, bootstrap_p: bootstrapP, wins, losses, ties: differences.length - wins - losses, sign_p: signTest(wins, losses) };
}

/** Exact two-sided sign test: P(X <= min(w, l)) doubled, X ~ Binomial(w + l, 1/2). */
export function signTest(wins: number, losses: number): number | null {
  const n = wins + losses;
  if (n === 0) return null;
  const k = Math.min(wins, losses);
  let tail = 0;
  for (let i = 0; i <= k; i++) tail += Math.exp(logChoose(n, i) - n * Math.LN2);
  return Math.min(1, 2 * tail);
}

function logChoose(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
  return s;
}

export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** tau-bench's pass^k for one scenario with c successes in n trials: C(c,k)/C(n,k), the chance
 *  that k trials drawn without replacement all succeed. */
export function passHat(c: number, n: number, k: number): number {
  return choose(c, k) / choose(n, k);
}

/** pass@k for one scenario: 1 - C(n-c,k)/C(n,k), the chance that at least one of k trials succeeds. */
export function passAt(c: number, n: number, k: number): number {
  return 1 - choose(n - c, k) / choose(n, k);
}

/** Ranks from 1, ties sharing their average rank. */
export function ranks(xs: readonly number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(xs.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let t = i; t <= j; t++) r[order[t]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return r;
}

/** Spearman's rank correlation (Pearson on average ranks); null with fewer than 3 pairs or a constant side. */
export function spearman(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length !== ys.length || xs.length < 3) return null;
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mx = mean(rx)!;
  const my = mean(ry)!;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < rx.length; i++) {
    sxy += (rx[i]! - mx) * (ry[i]! - my);
    sxx += (rx[i]! - mx) ** 2;
    syy += (ry[i]! - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}
