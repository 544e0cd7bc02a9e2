import type { Row } from "../episode/trajectory.js";
import type { Expectation, FieldExpectations } from "./spec.js";
import { compareValue, defaultComparison, geometricMean, jsonEqual, type CompareContext } from "./similarity.js";
import { assignGeometric } from "./assignment.js";

// Rows against expected rows: the similarity of one row, a table diff, and the best one-to-one
// pairing of expected rows with candidate rows.

/** Geometric mean of the listed columns. Cheap comparisons run first, so a row that fails an
 *  exact column never pays for ROUGE. */
export function rowSimilarity(target: FieldExpectations, row: Row, ctx: CompareContext): number {
  const entries = orderedEntries(target);
  const sims: number[] = [];
  for (const [column, expected] of entries) {
    const s = compareValue(expected, row[column], ctx);
    if (s <= 0) return 0;
    sims.push(s);
  }
  return geometricMean(sims);
}

function orderedEntries(target: FieldExpectations): [string, Expectation][] {
  const costly = (e: Expectation) => (defaultComparison(e).compare === "rouge_l" ? 1 : 0);
  return Object.entries(target).sort((a, b) => costly(a[1]) - costly(b[1]));
}

/** A `where` filter: every listed column must match fully. */
export function matchesWhere(where: FieldExpectations | undefined, row: Row, ctx: CompareContext): boolean {
  if (!where) return true;
  for (const [column, expected] of Object.entries(where)) if (compareValue(expected, row[column], ctx) < 1) return false;
  return true;
}

export interface Update { before: Row; after: Row }
export interface TableDiff { added: Row[]; removed: Row[]; updated: Update[] }

/** Rows are keyed by id; a row whose id survives with any column changed is an update. */
export function diffTable(before: readonly Row[], after: readonly Row[]): TableDiff {
  const diff: TableDiff = { added: [], removed: [], updated: [] };
  if (before === after) return diff;
  const old = new Map(before.map((r) => [r.id, r]));
  for (const row of after) {
    const prev = old.get(row.id);
    if (!prev) diff.added.push(row);
    else {
      old.delete(row.id);
      if (prev !== row && !jsonEqual(prev, row)) diff.updated.push({ before: prev, after: row });
    }
  }
  diff.removed.push(...old.values());
  return diff;
}

export function sameRows(a: readonly Row[], b: readonly Row[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !jsonEqual(a[i], b[i])) return false;
  return true;
}

export interface RowPairing {
  similarity: number;
  /** For each expected row, the id of its row, or null when none was left. */
  rows: (string | null)[];
  rowSimilarities: number[];
}

/** The pairing of expected rows with distinct candidates that maximises the geometric mean of the
 *  row similarities; an expected row left without a candidate counts 0. */
export function pairRows<C>(
  targets: readonly FieldExpectations[],
  candidates: readonly C[],
  similarity: (target: FieldExpectations, candidate: C) => number,
  idOf: (candidate: C) => string,
): RowPairing {
  const sim = targets.map((t) => candidates.map((c) => similarity(t, c)));
  const { match, similarity: total } = assignGeometric(sim, candidates.length);
  return {
    similarity: total,
    rows: match.map((j) => (j < 0 ? null : idOf(candidates[j]!))),
    rowSimilarities: match.map((j, i) => (j < 0 ? 0 : sim[i]![j]!)),
  };
}

/** An update's similarity: the listed columns of the new version, and (unless switched off)
 *  every unlisted column unchanged. */
export function updateSimilarity(target: FieldExpectations, u: Update, othersUnchanged: boolean, ctx: CompareContext): number {
  if (othersUnchanged) {
    const columns = new Set([...Object.keys(u.before), ...Object.keys(u.after)]);
    for (const column of columns) {
      if (!(column in target) && !jsonEqual(u.before[column], u.after[column])) return 0;
    }
  }
  return rowSimilarity(target, u.after, ctx);
}
