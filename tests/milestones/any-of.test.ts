import { test } from "node:test";
import assert from "node:assert/strict";
import { checkScoringSpec, scoreTrajectory, type ScoringSpec } from "../../milestones/index.js";
import { call, openEpisode } from "../helpers.js";

// any_of: alternative ways to satisfy one part of a milestone, scored on real episodes.
const spec: ScoringSpec = {
  milestones: {
    nodes: [{
      id: "told_jess", category: "payload",
      constraints: [{
        kind: "any_of",
        options: [
          [{ kind: "database", table: "sms_messages", relation: "addition", reference: "initial", rows: [{ conversation_id: "conv_jess", body: { compare: "contains", value: "Friday" } }] }],
          [
            { kind: "tool_call", tool: "send_email", arguments: { to: { compare: "includes", value: ["jess.moore@example.com"] } } },
            { kind: "database", table: "emails", relation: "addition", reference: "initial", rows: [{ body: { compare: "contains", value: "Friday" } }] },
          ],
        ],
      }],
    }],
  },
};

const score = (e: ReturnType<typeof openEpisode>) => scoreTrajectory(e.trajectory(), spec, { scenarioId: "t" });

test("any_of: either option satisfies the milestone; the report names the option that counted", () => {
  const bySms = openEpisode();
  call(bySms, "send_message", { to: ["+1 415 555 0134"], body: "Friday works" });
  const a = score(bySms);
  assert.equal(a.score, 1);
  assert.equal((a.milestones[0]!.constraints[0]!.details as { chosen_option: number }).chosen_option, 0);

  const byEmail = openEpisode();
  call(byEmail, "send_email", { to: ["jess.moore@example.com"], subject: "Dinner", body: "Friday works" });
  const b = score(byEmail);
  assert.equal(b.score, 1);
  assert.equal((b.milestones[0]!.constraints[0]!.details as { chosen_option: number }).chosen_option, 1);
});

test("any_of: an option counts only when all of its constraints hold; the best partial option is the score", () => {
  const wrongBody = openEpisode();
  call(wrongBody, "send_email", { to: ["jess.moore@example.com"], subject: "Dinner", body: "Thursday works" });
  assert.equal(score(wrongBody).score, 0);
  const nothing = openEpisode();
  assert.equal(score(nothing).score, 0);
});

test("any_of: the tables of every option are exempt from the automatic guardrail", () => {
  const e = openEpisode();
  call(e, "send_email", { to: ["jess.moore@example.com"], subject: "Dinner", body: "Friday works" });
  assert.deepEqual(score(e).milestones[0]!.guardrails.flatMap((g) => g.changed), []);
});

test("any_of: faults inside options are reported at their own pointers", () => {
  const bad = structuredClone(spec) as unknown as { milestones: { nodes: { constraints: { options: { rows?: Record<string, unknown>[]; reference?: string }[][] }[] }[] } };
  bad.milestones.nodes[0]!.constraints[0]!.options[1]![1]!.rows = [{ nope: 1 }];
  bad.milestones.nodes[0]!.constraints[0]!.options[0]![0]!.reference = "ghost";
  const pointers = checkScoringSpec(bad as unknown as ScoringSpec).map((f) => f.pointer).sort();
  assert.deepEqual(pointers, [
    "/milestones/nodes/0/constraints/0/options/0/0/reference",
    "/milestones/nodes/0/constraints/0/options/1/1/rows/0/nope",
  ]);
});
