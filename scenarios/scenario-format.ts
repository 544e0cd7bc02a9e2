import { z } from "zod";
import { scoringSpec } from "../milestones/spec.js";
import { personalData } from "./protagonist-format.js";

// A scenario file (scenarios/data/<protagonist>/scenarios/<id>.json): one task. zod is the single
// source; the published JSON Schema (scenario.schema.json) is generated from it.

const id = z.string().regex(/^[a-z0-9][a-z0-9_.-]*$/, "lower-case id of letters, digits, _ . -");
export const level = z.enum(["low", "moderate", "high"]);
export const goalType = z.enum(["answer", "change", "answer_and_change", "none"]);
export const turns = z.enum(["single", "multi"]);
export const infeasibleReason = z.enum(["no_such_person", "no_such_record", "no_free_slot", "no_such_number", "not_possible_with_tools", "other"]);
const time = z.string().regex(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})?$/,
  "ISO 8601 date-time, offset optional (read in the protagonist's zone)",
);

/** One step of a stored trajectory (gold or negative): a tool call, or the agent's message to the
 *  user. User messages after the first come from the scripted user and are not written here. */
export const scriptStep = z.union([
  z.object({ tool: z.string().min(1), arguments: z.record(z.string(), z.unknown()).default({}) }).strict(),
  z.object({ agent: z.string() }).strict(),
]);

export const scenarioFile = z.object({
  id,
  protagonist: id,
  title: z.string().optional().describe("a short label for tables and the viewer"),
  origin: z.object({
    by: z.enum(["helper", "person", "pimbox author"]).describe("who wrote it: a helper agent briefed by the project, a person, or `pimbox author`'s model"),
    model: z.string().optional().describe("the model that drafted it"),
    cell: z.string().optional().describe("the cell of the coverage plan it was drafted for"),
    date: z.string().optional(),
    reviewed_by: z.string().optional().describe("who reviewed the draft before it was admitted"),
  }).strict().optional().describe("how the scenario was made; absent: written by the project's helper agents and audited in AUDIT.md"),
  reference_time: time.describe("the scenario's 'now'"),
  query: z.string().min(1).describe("the user's first message, in the protagonist's voice"),
  turns: turns.default("single"),
  user: z.object({
    goal: z.string().min(1).describe("what the user wants, in full"),
    knowledge: z.array(z.string()).default([]).describe("what the simulated user knows and will say when asked"),
    replies: z.array(z.object({
      when: z.array(z.string()).default([]).describe("words in the agent's message that trigger this reply (any one); empty: the next reply in order"),
      say: z.string().min(1),
    }).strict()).default([]),
  }).strict().optional().describe("the simulated user, for multi-turn scenarios"),
  goal_type: goalType
    .describe("answer: the user wants information; change: entities must change; none: the right move is to refuse or ask"),
  complexity: z.object({ referential: level, functional: level, informational: level }).strict(),
  challenges: z.object({
    misinformation: z.boolean().default(false),
    insufficient_context: z.boolean().default(false),
  }).strict().default({ misinformation: false, insufficient_context: false }),
  infeasible: infeasibleReason.optional()
    .describe("the request cannot be done, and why: the right answer says so"),
  twin: id.optional().describe("the scenario making the same request feasible (of an infeasible one) or infeasible (of a feasible one); each names the other"),
  tools: z.array(z.string()).optional().describe("tool allow-list; default all 27"),
  state_overrides: z.object({
    add: z.object(personalData).partial().extend({
      sms: personalData.sms.partial().optional(),
      whatsapp: personalData.whatsapp.partial().optional(),
    }).strict().optional(),
    remove: z.array(id).default([]),
  }).strict().optional(),
  related_entities: z.array(id).default([]).describe("ids of the records the task is about"),
  reasoning: z.string().default("").describe("a short monologue: how a careful assistant solves it"),
  success_conditions: z.array(z.string()).default([]),
  ...scoringSpec.shape,
  gold_trajectory: z.array(scriptStep).min(1),
  negative_trajectories: z.array(z.object({
    description: z.string(),
    fires: z.array(z.string()).min(1).describe("ids of the minefields this trajectory must fire"),
    steps: z.array(scriptStep).min(1),
  }).strict()).default([]),
}).strict();

export type ScenarioFile = z.infer<typeof scenarioFile>;
export type ScriptStep = z.infer<typeof scriptStep>;

/** Whether the gold trajectory calls the tool: what "a gold step" of a tool means in the coverage. */
export const goldCalls = (s: Pick<ScenarioFile, "gold_trajectory">, tool: string) => s.gold_trajectory.some((st) => "tool" in st && st.tool === tool);
