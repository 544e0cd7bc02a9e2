import { z } from "zod";

// Live calibration (scenarios/data/<protagonist>/live/): trajectories produced by assistants acting
// live through the episode API (HTTP or MCP), each in a stated style, at their best or with one
// mistake written down before acting, then graded PASS or FAIL by a different person who read the
// gold, the data and the trajectory, never the score. `grades.json` lists them; each log is
// `<id>.jsonl`, the server's own trajectory export. `pimbox validate` scores every log and reports
// how often the score agrees with the grade.

export const LIVE_STYLES = ["plain", "markdown", "table", "several", "context"] as const;

export const liveGrade = z.object({
  id: z.string().regex(/^t[0-9a-f]{8}$/, "t and 8 hex digits: the log is <id>.jsonl"),
  scenario_id: z.string().min(1),
  channel: z.enum(["http", "mcp"]),
  style: z.enum(LIVE_STYLES).describe("how the assistant was told to write: short prose, markdown, a table, several messages, extra correct context"),
  variant: z.enum(["best", "mistake"]),
  intent: z.string().min(1).describe("for a mistake: the mistake, written down before acting; else \"best\""),
  verdict: z.enum(["PASS", "FAIL"]).describe("the blind grader's verdict; changed only when the grader misread the data (see regraded)"),
  credit: z.number().min(0).max(1),
  reason: z.string().min(1),
  scenario_issue: z.string().nullable().optional().describe("what the grader found wrong or too strict in the scenario"),
  grader: z.string().min(1),
  regraded: z.string().min(1).optional().describe("why a grade was changed: the grader misread the data"),
}).strict();

export const liveGrades = z.object({
  description: z.string().optional(),
  trajectories: z.array(liveGrade),
}).strict();

export type LiveGrade = z.infer<typeof liveGrade>;
