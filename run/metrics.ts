import type { RunResult } from "./run-dir.js";

// The numbers of a run. pass^k is tau-bench's: for a scenario with n trials of which c passed,
// C(c,k)/C(n,k), the chance that k trials drawn without replacement all pass, averaged over
// scenarios; pass@k = 1 - C(n-c,k)/C(n,k), the chance that at least one does.

export interface Summary {
  episodes: number;
  scenarios: number;
  mean_score: number;
  pass_rate: number;
  errors: number;
  /** By k = 1..trials: over the scenarios with at least k finished trials. */
  pass_hat_k: Record<string, number>;
  pass_at_k: Record<string, number>;
  by_turns: Record<string, { episodes: number; mean_score: number; pass_rate: number }>;
  usage: { prompt_tokens: number; completion_tokens: number };
}

export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

export function passHatK(n: number, c: number, k: number): number {
  return binomial(c, k) / binomial(n, k);
}

export function passAtK(n: number, c: number, k: number): number {
  return 1 - binomial(n - c, k) / binomial(n, k);
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export function summarize(results: readonly RunResult[], trials: number): Summary {
  const byScenario = new Map<string, RunResult[]>();
  for (const r of results) byScenario.set(r.scenario_id, [...(byScenario.get(r.scenario_id) ?? []), r]);
  const passHat: Record<string, number> = {};
  const passAt: Record<string, number> = {};
  for (let k = 1; k <= trials; k++) {
    const eligible = [...byScenario.values()].filter((rs) => rs.length >= k);
    if (!eligible.length) continue;
    passHat[k] = mean(eligible.map((rs) => passHatK(rs.length, rs.filter((r) => r.passed).length, k)));
    passAt[k] = mean(eligible.map((rs) => passAtK(rs.length, rs.filter((r) => r.passed).length, k)));
  }
  const byTurns: Summary["by_turns"] = {};
  for (const turns of ["single", "multi"] as const) {
    const rs = results.filter((r) => r.turns === turns);
    if (rs.length) byTurns[turns] = { episodes: rs.length, mean_score: mean(rs.map((r) => r.score)), pass_rate: mean(rs.map((r) => (r.passed ? 1 : 0))) };
  }
  return {
    episodes: results.length,
    scenarios: byScenario.size,
    mean_score: mean(results.map((r) => r.score)),
    pass_rate: mean(results.map((r) => (r.passed ? 1 : 0))),
    errors: results.filter((r) => r.error !== null).length,
    pass_hat_k: passHat,
    pass_at_k: passAt,
    by_turns: byTurns,
    usage: {
      prompt_tokens: results.reduce((a, r) => a + (r.usage?.prompt_tokens ?? 0), 0),
      completion_tokens: results.reduce((a, r) => a + (r.usage?.completion_tokens ?? 0), 0),
    },
  };
}

export function renderSummary(label: string, s: Summary): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const rows: [string, string][] = [
    ["agent", label],
    ["episodes (scenarios)", `${s.episodes} (${s.scenarios})`],
    ["mean milestone score", s.mean_score.toFixed(3)],
    ["pass rate", pct(s.pass_rate)],
    ...Object.keys(s.pass_hat_k).map((k): [string, string] => [`pass^${k} / pass@${k}`, `${pct(s.pass_hat_k[k]!)} / ${pct(s.pass_at_k[k]!)}`]),
    ...Object.entries(s.by_turns).map(([t, v]): [string, string] => [`${t}-turn`, `${v.episodes} episodes, score ${v.mean_score.toFixed(3)}, pass ${pct(v.pass_rate)}`]),
    ["errors", String(s.errors)],
    ["tokens (prompt / completion)", `${s.usage.prompt_tokens} / ${s.usage.completion_tokens}`],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  return rows.map(([k, v]) => `${k.padEnd(w)}  ${v}`).join("\n") + "\n";
}
