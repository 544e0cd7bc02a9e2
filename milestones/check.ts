import { typedPhrase } from "./answer/extract.js";
import { sameValue } from "./answer/values.js";
import { leafConstraints, type AllowedChange, type Expectation, type FieldExpectations, type Phrase, type PhraseAlternative, type ResponseConstraint, type ScoringNode, type ScoringSpec } from "./spec.js";
import { TABLE_COLUMNS, isTableName } from "./catalog.js";
import { DateTime } from "luxon";
import { defaultComparison } from "./similarity.js";

// Checks of a scoring spec that JSON Schema cannot express. Pointers are relative to the object
// holding "milestones" and "minefields" (the scenario file itself).

export interface SpecFault {
  pointer: string;
  message: string;
}

type Dag = { nodes: readonly ScoringNode[]; edges?: readonly (readonly [string, string])[] | undefined };

export function checkScoringSpec(spec: { milestones: Dag; minefields?: Dag | undefined; allowed_changes?: readonly AllowedChange[] | undefined } | ScoringSpec): SpecFault[] {
  const faults: SpecFault[] = [];
  checkDag(spec.milestones, "/milestones", faults);
  if (spec.minefields) checkDag(spec.minefields, "/minefields", faults);
  if (spec.allowed_changes) checkAllowedChanges(spec.allowed_changes, faults);
  return faults;
}

/** Only the faults that make matching impossible: ids, edges, cycles and references. */
export function structuralFaults(spec: { milestones: Dag; minefields?: Dag | undefined }): SpecFault[] {
  const faults: SpecFault[] = [];
  for (const [dag, base] of [[spec.milestones, "/milestones"], [spec.minefields, "/minefields"]] as const) {
    if (dag) checkGraph(dag, base, faults);
  }
  return faults;
}

function checkDag(dag: Dag, base: string, faults: SpecFault[]): void {
  checkGraph(dag, base, faults);
  dag.nodes.forEach((node, i) => leafConstraints(node.constraints).forEach(({ c, path }) => {
    const at = `${base}/nodes/${i}/constraints/${path}`;
    if (c.kind === "database") {
      if (!isTableName(c.table)) { faults.push({ pointer: `${at}/table`, message: `unknown table "${c.table}"` }); return; }
      const columns: readonly string[] = TABLE_COLUMNS[c.table];
      const checkColumns = (fields: FieldExpectations, ptr: string) => {
        for (const [column, e] of Object.entries(fields)) {
          if (!columns.includes(column)) faults.push({ pointer: `${ptr}/${escape(column)}`, message: `table ${c.table} has no column "${column}"; it has ${columns.join(", ")}` });
          checkExpectation(e, `${ptr}/${escape(column)}`, faults);
        }
      };
      if (c.where) checkColumns(c.where, `${at}/where`);
      c.rows?.forEach((row, r) => checkColumns(row, `${at}/rows/${r}`));
      if (c.relation === "snapshot" && c.reference !== undefined) faults.push({ pointer: `${at}/reference`, message: `a "snapshot" constraint reads no reference; drop it or use addition, removal, update or unchanged` });
      if (c.relation === "unchanged" && c.rows !== undefined) faults.push({ pointer: `${at}/rows`, message: `an "unchanged" constraint takes no rows; narrow it with "where"` });
      if (c.others_unchanged !== undefined && c.relation !== "update") faults.push({ pointer: `${at}/others_unchanged`, message: `only "update" constraints take others_unchanged` });
    }
    if (c.kind === "tool_call" && c.arguments !== undefined) {
      const sets = Array.isArray(c.arguments) ? c.arguments : [c.arguments];
      sets.forEach((set, s) => {
        const ptr = Array.isArray(c.arguments) ? `${at}/arguments/${s}` : `${at}/arguments`;
        for (const [name, e] of Object.entries(set)) checkExpectation(e, `${ptr}/${escape(name)}`, faults);
      });
    }
    if (c.kind === "response" && !c.must_include?.length && !c.any_of_include?.length && !c.claims?.length && !c.facts?.length && !c.must_not_include?.length && !c.distractors?.length && c.close_to === undefined) {
      faults.push({ pointer: at, message: "a response constraint needs at least one of claims, facts, distractors, must_include, any_of_include, must_not_include, close_to" });
    }
    if (c.kind === "response") faults.push(...selfContradictions(c, at));
    if (c.kind === "response" || c.kind === "refusal" || c.kind === "clarification") {
      // A phrase that is empty once normalised matches everything: a distractor or a refusal
      // cue of " " would decide every answer.
      const lists: [string, unknown][] = c.kind === "response"
        ? [["must_include", c.must_include], ["any_of_include", c.any_of_include], ["claims", c.claims], ["distractors", c.distractors], ["must_not_include", c.must_not_include]]
        : c.kind === "refusal" ? [["mentions", c.mentions], ["cues", c.cues], ["distractors", c.distractors]] : [["asks_for", c.asks_for]];
      for (const [key, list] of lists) {
        const walk = (v: unknown, ptr: string): void => {
          if (typeof v === "string") { if (v.trim() === "") faults.push({ pointer: ptr, message: "an empty phrase matches every answer" }); }
          else if (Array.isArray(v)) v.forEach((x, k) => walk(x, `${ptr}/${k}`));
        };
        walk(list, `${at}/${key}`);
      }
    }
    if (c.kind === "response") {
      c.reports?.forEach((id, k) => {
        if (!dag.nodes.some((n) => n.id === id)) faults.push({ pointer: `${at}/reports/${k}`, message: `no milestone "${id}" to report` });
        else if (id === node.id) faults.push({ pointer: `${at}/reports/${k}`, message: "a response cannot report itself" });
      });
    }
    if (c.kind === "response" && c.threshold !== undefined && c.close_to === undefined) {
      faults.push({ pointer: `${at}/threshold`, message: "threshold applies to close_to, which is missing" });
    }
  }));
}

// Times, amounts, phone numbers and codes compare without a reference time (dates need one).
const SPEC_REF = { time: "2000-01-03T12:00:00+00:00" };
const typedOf = (a: PhraseAlternative) => (typeof a === "string" ? typedPhrase(a.toLowerCase(), SPEC_REF) : null);
const alternativesOf = (p: Phrase): PhraseAlternative[] => (Array.isArray(p) ? p : [p]);

/** A distractor without a subject that is also one of the constraint's own expected values fails
 *  every answer that states the fact. */
function selfContradictions(c: ResponseConstraint, at: string): SpecFault[] {
  // The distractors' values first: most constraints have no bare typed one, and then the
  // expected values (a chrono parse each) need not be read at all.
  const bare = (c.distractors ?? []).flatMap((d, k) => {
    if (typeof d === "object" && !Array.isArray(d) && "value" in d) return []; // bound to a subject
    return alternativesOf(d as Phrase).map((alt) => ({ k, alt, v: typedOf(alt) })).filter(({ v }) => v && v.type !== "date");
  });
  if (bare.length === 0) return [];
  const expected = [...(c.claims ?? []).flat(), ...(c.facts ?? []).map((f) => f.value)].flatMap(alternativesOf)
    .map(typedOf).filter((v): v is NonNullable<typeof v> => v !== null && v.type !== "date");
  const faults: SpecFault[] = [];
  const faulted = new Set<number>(); // one fault per distractor, at its first such alternative
  for (const { k, alt, v } of bare) {
    if (faulted.has(k) || !expected.some((e) => sameValue(e, v!))) continue;
    faulted.add(k);
    faults.push({ pointer: `${at}/distractors/${k}`, message: `distractor "${String(alt)}" is also an expected value of this answer; give it an "about" subject or drop it` });
  }
  return faults;
}

function checkAllowedChanges(changes: readonly AllowedChange[], faults: SpecFault[]): void {
  changes.forEach((change, i) => {
    if (!isTableName(change.table)) { faults.push({ pointer: `/allowed_changes/${i}/table`, message: `unknown table "${change.table}"` }); return; }
    const columns: readonly string[] = TABLE_COLUMNS[change.table];
    for (const [column, e] of Object.entries(change.where ?? {})) {
      const ptr = `/allowed_changes/${i}/where/${escape(column)}`;
      if (!columns.includes(column)) faults.push({ pointer: ptr, message: `table ${change.table} has no column "${column}"; it has ${columns.join(", ")}` });
      checkExpectation(e, ptr, faults);
    }
  });
}

function checkGraph(dag: Dag, base: string, faults: SpecFault[]): void {
  const index = new Map<string, number>();
  dag.nodes.forEach((n, i) => {
    if (index.has(n.id)) faults.push({ pointer: `${base}/nodes/${i}/id`, message: `duplicate id "${n.id}" (also node ${index.get(n.id)})` });
    else index.set(n.id, i);
  });
  const succs: number[][] = dag.nodes.map(() => []);
  dag.edges?.forEach(([u, v], e) => {
    const iu = index.get(u);
    const iv = index.get(v);
    if (iu === undefined) faults.push({ pointer: `${base}/edges/${e}/0`, message: `no node "${u}"` });
    if (iv === undefined) faults.push({ pointer: `${base}/edges/${e}/1`, message: `no node "${v}"` });
    if (iu !== undefined && iv !== undefined) {
      if (iu === iv) faults.push({ pointer: `${base}/edges/${e}`, message: `edge from "${u}" to itself` });
      else succs[iu]!.push(iv);
    }
  });
  if (dag.edges === undefined) dag.nodes.forEach((_, i) => { if (i > 0) succs[i - 1]!.push(i); });
  const cycle = findCycle(succs);
  if (cycle) faults.push({ pointer: `${base}/edges`, message: `cycle: ${cycle.map((i) => dag.nodes[i]!.id).join(" -> ")}` });
  const ancestors = cycle ? undefined : ancestorSets(succs);
  dag.nodes.forEach((node, i) => leafConstraints(node.constraints).forEach(({ c, path }) => {
    if (c.kind !== "database" || c.reference === undefined || c.reference === "initial") return;
    const at = `${base}/nodes/${i}/constraints/${path}/reference`;
    const r = index.get(c.reference);
    if (r === undefined) faults.push({ pointer: at, message: `no node "${c.reference}" (use "initial" for the scenario's initial state)` });
    else if (ancestors && !ancestors[i]!.has(r)) {
      faults.push({ pointer: at, message: `"${c.reference}" is not an ancestor of "${node.id}"; a reference must point to a node that comes before it in the DAG` });
    }
  }));
}

function checkExpectation(e: Expectation, pointer: string, faults: SpecFault[]): void {
  const c = defaultComparison(e);
  if (c.compare === "time" && !DateTime.fromISO(c.value, { zone: "UTC" }).isValid) {
    faults.push({ pointer, message: `"${c.value}" is not an ISO 8601 date-time` });
  }
  if (c.compare === "set" || c.compare === "includes" || c.compare === "any_of") {
    c.value.forEach((x, k) => checkExpectation(x, `${pointer}${isBare(e) ? "" : "/value"}/${k}`, faults));
  }
  if (c.compare === "object") for (const [k, x] of Object.entries(c.value)) checkExpectation(x, `${pointer}/${escape(k)}`, faults);
}

const isBare = (e: Expectation) => Array.isArray(e);
const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

function findCycle(succs: number[][]): number[] | undefined {
  const state = new Uint8Array(succs.length); // 0 new, 1 on stack, 2 done
  const stack: number[] = [];
  const visit = (n: number): number[] | undefined => {
    state[n] = 1;
    stack.push(n);
    for (const m of succs[n]!) {
      if (state[m] === 1) return [...stack.slice(stack.indexOf(m)), m];
      if (state[m] === 0) { const c = visit(m); if (c) return c; }
    }
    stack.pop();
    state[n] = 2;
    return undefined;
  };
  for (let n = 0; n < succs.length; n++) if (state[n] === 0) { const c = visit(n); if (c) return c; }
  return undefined;
}

function ancestorSets(succs: number[][]): Set<number>[] {
  const anc = succs.map(() => new Set<number>());
  const propagate = (from: number, to: number) => {
    if (anc[to]!.has(from)) return;
    anc[to]!.add(from);
    for (const n of succs[to]!) propagate(from, n);
  };
  succs.forEach((next, u) => next.forEach((v) => propagate(u, v)));
  return anc;
}
