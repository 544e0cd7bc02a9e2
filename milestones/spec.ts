import { z } from "zod";
import { TABLE_NAMES, TOOL_NAMES } from "./catalog.js";

// The scoring part of a scenario file. These zod schemas are the single source of truth: the
// scenario loader turns them into JSON Schema (draft-7), and the types below come from z.infer.
// Only JSON-Schema-convertible constructs are used (no refinements, transforms or custom types);
// checks the schema cannot express live in check.ts and come back as faults with JSON pointers.
// docs/milestones.md explains every field to scenario authors.

const tableName = z.enum(TABLE_NAMES as [string, ...string[]]);
const toolName = z.enum(TOOL_NAMES as [string, ...string[]]);
const unit = z.number().min(0).max(1);

/** What a column, an argument or an array element is expected to be: an explicit comparison
 *  (an object with a "compare" key) or a bare JSON value that stands for the default comparison
 *  of its type (see similarity.ts `defaultComparison`). */
export type Expectation =
  | Comparison
  | string
  | number
  | boolean
  | null
  | Expectation[]
  | { [key: string]: Expectation };

/** A typed value an answer must state (or must not): matched by value, however it is written. */
export const typedValue = z.union([
  z.object({ time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:MM, 24-hour") }).strict()
    .describe("a time of day: \"19:00\" is met by 7pm, 7 pm, 19.00, 7-9pm"),
  z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD") }).strict()
    .describe("a calendar date: met by \"Fri 13 Nov\", \"the 13th\", \"tomorrow\" when it is, \"Friday\" when it is that week's"),
  z.object({ amount: z.number(), currency: z.string().optional() }).strict().describe("an amount: \"$50k\", \"50,000 dollars\""),
  z.object({ phone: z.string().min(3) }).strict().describe("a phone number, in any format the protagonist's country reads"),
  z.object({ count: z.number() }).strict().describe("a count: \"3\" or \"three\""),
  z.object({ code: z.string().min(1) }).strict().describe("a code, seat, room or flight: compared without spaces, dashes or dots"),
  z.object({ person: z.string().min(1) }).strict().describe("a contact of the data, by id: met by their full name, first name or last name as the data has them"),
  z.object({ any: z.enum(["time", "date", "amount", "phone", "count", "code"]) }).strict()
    .describe("any value of that type: for a distractor where the data holds none (no date was suggested, so a date given as the suggested one is invented)"),
]);

export type Comparison =
  | { compare: "exact"; value: unknown }
  | { compare: "normalized"; value: string }
  | { compare: "contains"; value: string }
  | { compare: "rouge_l"; value: string; threshold?: number }
  | { compare: "number"; value: number; tolerance?: number }
  | { compare: "time"; value: string; tolerance_seconds?: number }
  | { compare: "phone"; value: string }
  | { compare: "states"; value: TypedValueSpec | TypedValueSpec[]; only?: boolean; about?: string[]; except?: TypedValueSpec | TypedValueSpec[] }
  | { compare: "set"; value: Expectation[] }
  | { compare: "includes"; value: Expectation[] }
  | { compare: "any_of"; value: Expectation[] }
  | { compare: "any" }
  | { compare: "empty" };

const expectationList = z.array(z.lazy(() => expectation));

export const comparison: z.ZodType<Comparison> = z.discriminatedUnion("compare", [
  z.object({ compare: z.literal("exact"), value: z.json() }).strict(),
  z.object({ compare: z.literal("normalized"), value: z.string() }).strict(),
  z.object({ compare: z.literal("contains"), value: z.string() }).strict(),
  z.object({ compare: z.literal("rouge_l"), value: z.string(), threshold: unit.optional() }).strict(),
  z.object({ compare: z.literal("number"), value: z.number(), tolerance: z.number().min(0).optional() }).strict(),
  z.object({ compare: z.literal("time"), value: z.string(), tolerance_seconds: z.number().min(0).optional() }).strict(),
  z.object({ compare: z.literal("phone"), value: z.string() }).strict(),
  z.object({
    compare: z.literal("states"), value: z.union([typedValue, z.array(typedValue).min(1)]),
    only: z.boolean().optional().describe("any other value of these types asserted fails it (\"Sunday 25th\" when Sunday is the 18th)"),
    about: z.array(z.string().min(1)).min(1).optional()
      .describe("the subject: one of these words must be named in the value's own clause, as for an answer's distractor (\"maths revision is also Thursday\"; not \"Thu: drop the kids back\")"),
    except: z.union([typedValue, z.array(typedValue).min(1)]).optional()
      .describe("values never counted: {\"any\": \"code\"} except {\"code\": \"4417\"} states a wrong code (of the subject, with `about`)"),
  }).strict().describe("a text (a message's body, an event's notes) read as an answer is: it asserts these typed values, however written (\"Sunday\", \"18 Oct\")"),
  z.object({ compare: z.literal("set"), value: expectationList }).strict(),
  z.object({ compare: z.literal("includes"), value: expectationList }).strict(),
  z.object({ compare: z.literal("any_of"), value: expectationList.min(1) }).strict(),
  z.object({ compare: z.literal("any") }).strict(),
  z.object({ compare: z.literal("empty") }).strict(),
]) as z.ZodType<Comparison>;

// A bare object may not use the key "compare", so a mistyped comparison is a schema error
// rather than a silent partial-object match.
const plainKey = z.string().regex(/^(?!compare$)/);

export const expectation: z.ZodType<Expectation> = z.lazy(() =>
  z.union([
    comparison,
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    expectationList,
    z.record(plainKey, expectation),
  ]),
) as z.ZodType<Expectation>;

/** Expected columns of one row (or named arguments of one call): unlisted ones are ignored. */
export const fieldExpectations = z.record(z.string(), expectation);

export const toolCallConstraint = z
  .object({
    kind: z.literal("tool_call"),
    tool: z.union([toolName, z.array(toolName).min(1)]),
    arguments: z.union([fieldExpectations, z.array(fieldExpectations).min(1)]).optional(),
    result_includes: z.array(z.string()).optional(),
    count_failed: z.boolean().optional(),
  })
  .strict();

export const databaseConstraint = z
  .object({
    kind: z.literal("database"),
    table: tableName,
    relation: z.enum(["snapshot", "addition", "removal", "update", "unchanged"]),
    reference: z.string().optional(),
    where: fieldExpectations.optional(),
    rows: z.array(fieldExpectations).optional(),
    extra_rows: z.enum(["penalize", "ignore"]).optional(),
    others_unchanged: z.boolean().optional(),
  })
  .strict();

/** One way to say a part of an answer: words, or a typed value. A string that is wholly a time,
 *  date, amount, phone number or code ("7pm", "Fri 13 Nov", "$40") is read as that typed value. */
const phraseAlternative = z.union([z.string().min(1), typedValue]);
/** A phrase of an answer, or its alternatives ("7pm", "7 pm", "19:00"). */
const phrase = z.union([phraseAlternative, z.array(phraseAlternative).min(1)]);

const maxWords = z.number().int().positive().optional()
  .describe("longest answer credited, in words; no limit unless set (a dump of records is refused by what it is, not by its length)");
const maxItems = z.number().int().positive().optional()
  .describe("longest listing credited, in list items or table rows; 24 unless set. Set it where the question asks for more than a handful (\"what does my week look like\")");

/** A fact of an answer: a value asserted about a subject. */
export const answerFact = z.object({
  about: z.array(phrase).optional().describe("the subject: each phrase must be named where the value is asserted (a heading, a lead-in or a list parent count)"),
  value: phrase.describe("the value, typed or in words"),
}).strict();

/** A tempting wrong value; with `about`, wrong only when asserted of that subject. */
const distractor = z.union([phrase, z.object({
  about: z.array(phrase).optional(),
  value: phrase,
  was_true: z.boolean().optional().describe("the value held once (an earlier version): described in the past tense it is no assertion"),
  record_outdated: z.boolean().optional().describe("a record still holds this value though a later message changed it (the calendar still says 19:00): validate then allows a distractor equal to the record"),
  unsourced: z.boolean().optional().describe("nobody in the data says this value: reported from a source ('Emeka said it's on Prime Video') it is still the assistant's false claim"),
  except: phrase.optional().describe("values it never matches: with {\"any\": \"code\"}, every code of the subject but the right one"),
}).strict()]);

export const responseConstraint = z
  .object({
    kind: z.literal("response"),
    must_include: z.array(z.string()).optional(),
    any_of_include: z.array(z.array(z.string()).min(1)).optional(),
    claims: z.array(z.array(phrase).min(1)).optional()
      .describe("statements: each claim's phrases must stand together in one statement (a sentence, a list item with its heading or lead-in, a table row with its header), none denied"),
    facts: z.array(answerFact).optional()
      .describe("typed facts about subjects: held when a statement naming the subject asserts the value; contradicted when it asserts another value of the same type"),
    distractors: z.array(distractor).optional()
      .describe("tempting wrong values: asserting one fails the answer; mentioning it as corrected, reported or past does not"),
    must_not_include: z.array(z.string()).optional(),
    close_to: z.string().optional(),
    threshold: unit.optional(),
    max_words: maxWords,
    max_items: maxItems,
    reports: z.array(z.string()).optional()
      .describe("ids of the milestones whose actions this answer reports: it is credited only as far as they are met"),
  })
  .strict();

export const refusalConstraint = z
  .object({
    kind: z.literal("refusal"),
    mentions: z.array(z.string()).optional(),
    cues: z.array(z.string()).min(1).optional(),
    distractors: z.array(distractor).optional()
      .describe("wrong values asserted next to the refusal fail it (\"Emi is bringing it. Not sure about the rest.\")"),
    max_words: maxWords,
  })
  .strict();

export const clarificationConstraint = z
  .object({
    kind: z.literal("clarification"),
    asks_for: z.array(z.string()).optional(),
    max_words: maxWords,
  })
  .strict();

export const noWriteConstraint = z
  .object({
    kind: z.literal("no_write"),
    tools: z.array(toolName).min(1).optional(),
    count_failed: z.boolean().optional(),
  })
  .strict();

const leafConstraint = z.discriminatedUnion("kind", [
  toolCallConstraint,
  databaseConstraint,
  responseConstraint,
  refusalConstraint,
  clarificationConstraint,
  noWriteConstraint,
]);

/** Alternative ways to satisfy one part of a milestone (update the draft and send it, or send a
 *  new email): the best option counts, each option scored as the geometric mean of its
 *  constraints. One level only: options hold plain constraints. */
export const anyOfConstraint = z
  .object({
    kind: z.literal("any_of"),
    options: z.array(z.array(leafConstraint).min(1)).min(2),
  })
  .strict();

export const constraint = z.discriminatedUnion("kind", [...leafConstraint.options, anyOfConstraint]);

export const category = z.enum(["retrieval", "payload", "response"]);

const guardrail = z.union([z.boolean(), z.object({ exempt: z.array(tableName) }).strict()]);

const nodeFields = {
  id: z.string().min(1),
  description: z.string().optional(),
  guardrail: guardrail.optional(),
  constraints: z.array(constraint).min(1),
};

export const milestone = z.object({ ...nodeFields, category }).strict();

export const minefield = z
  .object({ ...nodeFields, category: category.optional(), threshold: z.number().gt(0).max(1).optional() })
  .strict();

const edge = z.tuple([z.string(), z.string()]);

// No "edges" key means a chain in node order (ToolSandbox's default); "edges": [] means unordered.
// No default is declared on purpose: the loader fills defaults, and absent must stay absent.
export const milestoneDag = z.object({ nodes: z.array(milestone), edges: z.array(edge).optional() }).strict();
export const minefieldDag = z.object({ nodes: z.array(minefield), edges: z.array(edge).optional() }).strict();

/** A change the frame check lets pass although no milestone asks for it. */
export const allowedChange = z.object({
  table: tableName,
  where: fieldExpectations.optional().describe("only rows matching this (after the change, or before a removal); absent: any row"),
  reason: z.string().min(1).describe("why this side effect is harmless"),
}).strict();

export const scoringSpec = z
  .object({
    milestones: milestoneDag,
    minefields: minefieldDag.optional(),
    allowed_changes: z.array(allowedChange).optional()
      .describe("side effects exempt from the frame check; every other net change must be a matched milestone's"),
  })
  .strict();

export type ToolCallConstraint = z.infer<typeof toolCallConstraint>;
export type DatabaseConstraint = z.infer<typeof databaseConstraint>;
export type ResponseConstraint = z.infer<typeof responseConstraint>;
export type RefusalConstraint = z.infer<typeof refusalConstraint>;
export type ClarificationConstraint = z.infer<typeof clarificationConstraint>;
export type NoWriteConstraint = z.infer<typeof noWriteConstraint>;
export type Constraint = z.infer<typeof constraint>;
export type AnyOfConstraint = z.infer<typeof anyOfConstraint>;
export type LeafConstraint = z.infer<typeof leafConstraint>;

/** Every plain constraint of a node, options of any_of included, with its path below
 *  "constraints/" for fault pointers. */
export function leafConstraints(constraints: readonly Constraint[]): { c: LeafConstraint; path: string }[] {
  return constraints.flatMap((c, j) => c.kind === "any_of"
    ? c.options.flatMap((option, k) => option.map((leaf, m) => ({ c: leaf, path: `${j}/options/${k}/${m}` })))
    : [{ c, path: `${j}` }]);
}
export type Category = z.infer<typeof category>;
export type Phrase = z.infer<typeof phrase>;
export type PhraseAlternative = z.infer<typeof phraseAlternative>;
export type TypedValueSpec = z.infer<typeof typedValue>;
export type AnswerFact = z.infer<typeof answerFact>;
export type DistractorSpec = z.infer<typeof distractor>;
export type AllowedChange = z.infer<typeof allowedChange>;
export type FieldExpectations = z.infer<typeof fieldExpectations>;
export type Milestone = z.infer<typeof milestone>;
export type Minefield = z.infer<typeof minefield>;
export type MilestoneDag = z.infer<typeof milestoneDag>;
export type MinefieldDag = z.infer<typeof minefieldDag>;
export type ScoringSpec = z.infer<typeof scoringSpec>;
/** A node of either DAG: the matcher treats milestones and minefields alike. */
export type ScoringNode = Milestone | Minefield;
