import { z } from "zod";
import { scriptStep } from "./scenario-format.js";

// A calibration file (scenarios/data/<protagonist>/calibration/<scenario-id>.json): trajectories
// written blind, by someone who read only the request and the protagonist's data, never the
// milestones, each with its expected outcome written down before it was first scored.
// `pimbox validate` scores them and reports where the scenario and the expectation disagree.

export const MISTAKES = [
  "similar_name", "wrong_recipient", "zone_or_clock_change", "believed_misinformation",
  "claimed_undone_action", "unrequested_write", "wrong_value", "missed_step", "wrong_record",
  "acted_without_asking", "other",
] as const;

export const calibrationTrajectory = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, "lower-case name of letters, digits, _ and -"),
  expected: z.enum(["correct", "wrong"]).describe("written before the trajectory was first scored; never edited to fit"),
  mistake: z.enum(MISTAKES).optional().describe("for a wrong trajectory: the kind of mistake"),
  why: z.string().min(1).describe("what makes it correct or wrong, read from the data"),
  steps: z.array(scriptStep).min(1),
  retracted: z.string().min(1).optional().describe(
    "set only when a later reading of the data showed the expectation itself was wrong (say why); the trajectory stays for the record and leaves the counts"),
}).strict();

export const calibrationFile = z.object({
  scenario_id: z.string().min(1),
  author: z.string().min(1).describe("who wrote the trajectories (blind to the milestones)"),
  trajectories: z.array(calibrationTrajectory).min(1),
}).strict();

export type CalibrationFile = z.infer<typeof calibrationFile>;
export type CalibrationTrajectory = z.infer<typeof calibrationTrajectory>;
