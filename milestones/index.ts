// The scorer's public API: pure functions from a trajectory and a scoring spec to a report.
export { scoringSpec, milestone, minefield, constraint, comparison, expectation } from "./spec.js";
export type {
  ScoringSpec, Milestone, Minefield, ScoringNode, Constraint, Comparison, Expectation, Category,
  ToolCallConstraint, DatabaseConstraint, ResponseConstraint, RefusalConstraint, ClarificationConstraint, NoWriteConstraint,
} from "./spec.js";
export { scoreTrajectory, ScoringSpecError, turnCounts, retrievalRecall } from "./score.js";
export type { ScoreReport, NodeReport, MinefieldReport, ScoreOptions, ReportedAction } from "./score.js";
export type { UnaccountedChange } from "./frame.js";
export { checkScoringSpec, type SpecFault } from "./check.js";
export { renderReport, why as explainNode } from "./render.js";
export { TooLargeToScore } from "./budget.js";
export { matchDag, MatchTooLarge, type MatchProblem, type MatchResult } from "./matcher.js";
export { rougeL, rougeTokens } from "./rouge.js";
export { compareValue, compareContext, defaultComparison, type CompareContext } from "./similarity.js";
export { assignGeometric } from "./assignment.js";
export { TABLE_COLUMNS, TABLE_NAMES, TOOL_NAMES, WRITE_TOOL_TABLES } from "./catalog.js";
export type { ConstraintResult, GuardrailResult } from "./oracle.js";
