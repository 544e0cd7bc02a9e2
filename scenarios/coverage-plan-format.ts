import { z } from "zod";
import { level } from "./scenario-format.js";

// The coverage plan (scenarios/data/coverage-plan.json): what the dataset is meant to hold, written
// before the scenarios that meet it, in the BenchAgents way (plan, generate, verify, evaluate).
// `pimbox validate` prints each target beside what the data holds. zod is the single source; the
// published JSON Schema (coverage-plan.schema.json) is generated from it.

const count = z.number().int().min(0);
const share = z.number().min(0).max(1);

export const coveragePlanFile = z.object({
  description: z.string().default("").describe("what the plan is for, in a sentence or two"),
  scenarios: count.describe("at least this many scenarios in all"),
  protagonists: count.describe("at least this many protagonists"),
  per_protagonist: count.describe("at least this many scenarios for every protagonist"),
  zones: z.object({
    off_the_hour: count.default(0).describe("protagonists whose zone is offset by a part of an hour (UTC+5:30, +9:30, -3:30)"),
    southern: count.default(0).describe("protagonists whose country lies south of the equator"),
  }).strict().default({ off_the_hour: 0, southern: 0 }),
  multi_turn: share.describe("at least this share of scenarios are multi-turn"),
  challenges: z.object({
    misinformation: share.default(0),
    insufficient_context: share.default(0),
  }).strict().describe("at least this share of scenarios carry each challenge"),
  goal_types: z.object({
    answer: share.default(0), change: share.default(0), answer_and_change: share.default(0), none: share.default(0),
  }).strict().describe("at least this share of scenarios has each goal type"),
  complexity: z.object({
    per_level: count.describe("at least this many scenarios at every level of every dimension: a cell of the per-tranche table"),
    levels: z.array(level).default(["low", "moderate", "high"]),
  }).strict(),
  tools: z.object({
    gold_scenarios: count.describe("every tool is a gold step in at least this many scenarios"),
  }).strict(),
  infeasible: z.object({
    scenarios: count.describe("at least this many requests that cannot be done (no such person, no free slot, no such number)"),
    with_twin: count.describe("at least this many of them have a feasible twin, so that over-refusal is measured too"),
  }).strict(),
}).strict();

export type CoveragePlan = z.infer<typeof coveragePlanFile>;
