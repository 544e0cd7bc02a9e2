import type { Scenario } from "../scenarios/catalog.js";
import type { Filters } from "./config.js";

/** The scenarios a run covers, in id order (so that shares and limits are deterministic).
 *  Returns the ids asked for by --scenario that do not exist, for a usage error. */
export function selectScenarios(all: readonly Scenario[], f: Filters): { scenarios: Scenario[]; unknown: string[] } {
  const ids = new Set(all.map((s) => s.id));
  const unknown = f.scenario.filter((id) => !ids.has(id));
  let out = [...all].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).filter((s) => {
    const file = s.file;
    if (f.scenario.length && !f.scenario.includes(s.id)) return false;
    if (f.protagonist.length && !f.protagonist.includes(file.protagonist)) return false;
    if (f.turns && file.turns !== f.turns) return false;
    if (f.tranche.length && !f.tranche.some((t) => trancheMatches(t, file.complexity))) return false;
    if (f.challenge.length) {
      const c = file.challenges;
      const has = { misinformation: c.misinformation, insufficient_context: c.insufficient_context, none: !c.misinformation && !c.insufficient_context };
      if (!f.challenge.some((k) => has[k])) return false;
    }
    return true;
  });
  if (f.limit !== null) out = out.slice(0, f.limit);
  return { scenarios: out, unknown };
}

/** "informational/referential/functional", each a level or *. */
function trancheMatches(pattern: string, c: { informational: string; referential: string; functional: string }): boolean {
  const [i, r, fn] = pattern.split("/");
  return [[i, c.informational], [r, c.referential], [fn, c.functional]].every(([p, v]) => p === "*" || p === v);
}
