import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ProtagonistFile } from "../scenarios/protagonist-format.js";
import type { ScenarioFile } from "../scenarios/scenario-format.js";
import { scenarioFile } from "../scenarios/scenario-format.js";
import { toJsonSchema } from "../scenarios/json-schema.js";
import { TOOLS } from "../tools/registry.js";
import { openAIFunction } from "../tools/export.js";
import { describeCell, type Cell } from "./cell.js";

// The drafting prompt of `pimbox author`, answer first in the BenchAgents way: the model reads the
// person's data and picks the facts a request will turn on before it writes the request, the
// gold trajectory and the checks that read the answer.

export interface DraftingInput {
  protagonist: ProtagonistFile;
  /** STORY.md: the cast and timeline in prose, when the data folder has one. */
  story?: string;
  /** A scenario of the same person, as an example of the format. */
  example?: ScenarioFile;
  cell: Cell;
  /** The id the draft must carry. */
  id: string;
  /** Queries of the person's existing scenarios: the draft must ask something else. */
  taken: readonly string[];
}

const RULES = `Write the scenario answer first:
1. Read the data and pick the facts the request will turn on (records, times, names). Pick a
   reference_time inside the data window at which those facts exist and are current; nothing the
   gold trajectory reads or names may be created after it.
2. Write the user's request (query) in the person's voice, as they would type it to a phone
   assistant: short, with the references a person uses ("my sister", "the plumber").
3. Write the gold trajectory: the tool calls a careful assistant makes (real ids and arguments
   from the data; at most one write per step) and its final message to the user.
4. Write the checks. milestones: what must happen, in order (category retrieval, payload or
   response). A response milestone reads the answer as statements: "claims" are groups of facts
   that must stand together in one sentence; a fact is a list of alternatives, each a phrase or a
   typed value ({"time": "19:30"}, {"date": "2026-11-20"}, {"amount": 70, "currency": "USD"},
   {"person": "<contact id>"}). "distractors" are the plausible wrong values the data offers (an
   older time, another person's number, the other Diego): an answer asserting one fails; bind a
   distractor to its subject with {"about": [[words]], "value": ...}. minefields: what must never
   happen (a write to the wrong person, a wrong value sent), each with a negative trajectory that
   fires it. success_conditions: the outcome in plain words; every time, date or amount they name
   must be read by a milestone or minefield.
5. Fill complexity (informational, referential, functional: low, moderate or high), goal_type,
   challenges and turns truthfully.
Answer with the scenario as one JSON object, nothing else.`;

export function draftingMessages(input: DraftingInput): ChatCompletionMessageParam[] {
  const tools = TOOLS.map((t) => openAIFunction(t, false).function);
  const system = [
    "You write one benchmark scenario for pimbox: a request that a simulated person makes to a tool-using phone assistant, with the gold trajectory and the checks that score any assistant's attempt. The scenario must be true to the person's data at its reference time, and its checks must pass the gold and fail plausible mistakes.",
    RULES,
  ].join("\n\n");
  const user = [
    `## The cell of the coverage plan this scenario fills\n${describeCell(input.cell).map((l) => `- ${l}`).join("\n") || "- any kind of scenario the data supports"}`,
    `## Identity\nThe scenario's "id" is "${input.id}" and its "protagonist" is "${input.protagonist.id}".`,
    input.taken.length ? `## Requests already in the data set (ask something else)\n${input.taken.map((q) => `- ${q}`).join("\n")}` : "",
    input.story ? `## The person's story\n${input.story}` : "",
    `## The person's data (protagonist.json)\n${JSON.stringify(input.protagonist)}`,
    `## The 27 tools (OpenAI function format)\n${JSON.stringify(tools)}`,
    `## The scenario file's JSON Schema\n${JSON.stringify(toJsonSchema(scenarioFile))}`,
    input.example ? `## An example scenario of this person (another cell)\n${JSON.stringify(input.example)}` : "",
  ].filter(Boolean).join("\n\n");
  return [{ role: "system", content: system }, { role: "user", content: user }];
}
