import { leafConstraints, type ScoringNode } from "./spec.js";
import { TABLE_NAMES, WRITE_TOOL_TABLES, domainTables, type TableName } from "./catalog.js";

// Automatic "unchanged" guardrails, after ToolSandbox, with two repairs.
//
// For node i and each r it reads (its DAG predecessors and referenced nodes, plus the initial
// state when it references it or has nothing else to compare with), the tables that no node
// which may sit between r and i constrains must be unchanged from r's step to i's step.
// A node "may sit between" unless it is an ancestor of r (it was settled by r's step) or a
// descendant of i (it comes after). ToolSandbox excuses only i and r, so two unordered branches
// failed each other's guardrails; and it never compared root nodes with the initial state, so
// side effects before the first milestone went unseen. Guardrails multiply the node's similarity
// as 0/1 and do not count in its geometric mean. Domains count as a whole: SMS conversations and
// messages, WhatsApp chats and messages.

export type GuardrailReference = number | "initial";

export interface Guardrail {
  reference: GuardrailReference;
  tables: TableName[];
}

/** Tables a node expects to change or inspects: its database constraints' tables and the tables
 *  of the write tools it expects to be called, each widened to its domain. */
export function constrainedTables(node: ScoringNode): Set<TableName> {
  const tables = new Set<TableName>();
  for (const { c } of leafConstraints(node.constraints)) {
    const direct: readonly TableName[] =
      c.kind === "database" ? [c.table as TableName]
      : c.kind === "tool_call" ? (typeof c.tool === "string" ? [c.tool] : c.tool).flatMap((t) => WRITE_TOOL_TABLES[t] ?? [])
      : [];
    for (const t of direct) for (const d of domainTables(t)) tables.add(d);
  }
  return tables;
}

/** Whether a node reads the initial state: a database constraint naming "initial", or one whose
 *  relation needs a reference and names none (the default reference is the initial state). */
export function referencesInitial(node: ScoringNode): boolean {
  return leafConstraints(node.constraints).some(({ c }) => c.kind === "database" && c.relation !== "snapshot" && (c.reference ?? "initial") === "initial");
}

export interface DagShape {
  /** Nodes whose steps node i reads: predecessors and referenced nodes. */
  deps: readonly (readonly number[])[];
  strictAncestors: readonly ReadonlySet<number>[];
  strictDescendants: readonly ReadonlySet<number>[];
}

export function guardrailsFor(nodes: readonly ScoringNode[], shape: DagShape, i: number, defaultOn: boolean): Guardrail[] {
  const node = nodes[i]!;
  const setting = node.guardrail ?? defaultOn;
  if (setting === false) return [];
  const exempt = new Set(typeof setting === "object" ? setting.exempt : []);
  const tables = nodes.map(constrainedTables);
  const references: GuardrailReference[] = [...shape.deps[i]!];
  if (references.length === 0 || referencesInitial(node)) references.push("initial");
  const guardrails: Guardrail[] = [];
  for (const r of references) {
    const settled = r === "initial" ? new Set<number>() : shape.strictAncestors[r]!;
    const excused = new Set<TableName>();
    nodes.forEach((_, m) => {
      if (!settled.has(m) && !shape.strictDescendants[i]!.has(m)) for (const t of tables[m]!) excused.add(t);
    });
    const guarded = TABLE_NAMES.filter((t) => !excused.has(t) && !exempt.has(t));
    if (guarded.length > 0) guardrails.push({ reference: r, tables: guarded });
  }
  return guardrails;
}
