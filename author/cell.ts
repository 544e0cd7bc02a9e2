import { z } from "zod";
import type { CoverageRow } from "../scenarios/coverage.js";
import { TOOL_NAMES } from "../tools/registry.js";
import { goalType, infeasibleReason, level, turns } from "../scenarios/scenario-format.js";

// A cell of the coverage plan: the kind of scenario a draft must be (a tool it exercises, a goal
// type, a complexity level, a challenge, multi-turn, an infeasible request). Written on the
// command line as "tool=modify_contact,goal=change", or chosen from the plan: the target furthest
// behind.

export const cell = z.object({
  tool: z.enum(TOOL_NAMES as unknown as [string, ...string[]]).optional(),
  goal: goalType.optional(),
  informational: level.optional(),
  referential: level.optional(),
  functional: level.optional(),
  turns: turns.optional(),
  challenge: z.enum(["misinformation", "insufficient_context"]).optional(),
  infeasible: infeasibleReason.optional(),
}).strict();

export type Cell = z.infer<typeof cell>;

export class CellError extends Error {}

/** "tool=modify_contact,goal=change" as a cell; an error names the key or value at fault. */
export function parseCell(spec: string): Cell {
  const raw: Record<string, string> = {};
  for (const part of spec.split(",").map((p) => p.trim()).filter(Boolean)) {
    const eq = part.indexOf("=");
    if (eq <= 0) throw new CellError(`--cell: "${part}" is not key=value (keys: ${Object.keys(cell.shape).join(", ")})`);
    raw[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  const parsed = cell.safeParse(raw);
  if (!parsed.success) {
    throw new CellError(`--cell: ${parsed.error.issues.map((i) => `${i.path.join(".") || "cell"}: ${i.message}`).join("; ")}`);
  }
  return parsed.data;
}

/** The cell of the unmet target furthest behind its plan (the smallest share of its target
 *  reached); undefined when every target a cell can serve is met. */
export function cellBehind(rows: readonly CoverageRow[]): { cell: Cell; row: CoverageRow } | undefined {
  const candidates = rows.filter((r) => !r.met && r.target > 0).map((r) => ({ row: r, cell: cellOfRow(r.item) }))
    .filter((c): c is { row: CoverageRow; cell: Cell } => c.cell !== undefined);
  candidates.sort((a, b) => a.row.achieved / a.row.target - b.row.achieved / b.row.target);
  return candidates[0];
}

function cellOfRow(item: string): Cell | undefined {
  const [head, ...rest] = item.split(" ");
  const tail = rest.join(" ");
  if (head === "tool") return { tool: tail };
  if (head === "goal") return cell.safeParse({ goal: tail }).data;
  if (head === "informational" || head === "referential" || head === "functional") return cell.safeParse({ [head]: tail }).data;
  if (item === "multi-turn") return { turns: "multi" };
  if (item === "misinformation") return { challenge: "misinformation" };
  if (item === "insufficient context") return { challenge: "insufficient_context" };
  // One draft cannot give itself a twin: only the count of infeasible requests is a cell.
  if (item === "infeasible requests") return { infeasible: "no_such_person" };
  return undefined;
}

/** The cell as instructions a model can follow. */
export function describeCell(c: Cell): string[] {
  const out: string[] = [];
  if (c.tool) out.push(`The gold trajectory must call ${c.tool} (successfully), and the scenario must depend on it.`);
  if (c.goal) out.push(`goal_type must be "${c.goal}".`);
  for (const d of ["informational", "referential", "functional"] as const) if (c[d]) out.push(`complexity.${d} must be "${c[d]}".`);
  if (c.turns) out.push(c.turns === "multi" ? `turns must be "multi": the user answers the assistant's question (user.replies).` : `turns must be "single".`);
  if (c.challenge === "misinformation") out.push("challenges.misinformation must be true: the request states something the data contradicts, and the right answer corrects it.");
  if (c.challenge === "insufficient_context") out.push("challenges.insufficient_context must be true: the request lacks something the data cannot supply, and the right move is to ask.");
  if (c.infeasible) out.push(`The request must be impossible (infeasible: "${c.infeasible}"): the right answer says so without changing anything.`);
  return out;
}
