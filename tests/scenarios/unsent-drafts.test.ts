import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { unsentDrafts } from "../../scenarios/unsent-drafts.js";
import { loadProtagonistFile } from "../../scenarios/protagonist-load.js";
import { replyOf, responseOutcome } from "../../milestones/constraints.js";
import { compareContext } from "../../milestones/index.js";
import { FIXTURE_DATA } from "../helpers.js";

// Dana drafted an email to her brother Sam on 28 Oct and never sent him one; she has replied to
// Jess Moore. "You emailed Sam" is then a false claim about Dana's own doing; about Jess it is not.

const loaded = loadProtagonistFile(path.join(FIXTURE_DATA, "test-person", "protagonist.json"));
if (!loaded.ok) throw new Error("the fixture protagonist does not load");
const p = loaded.value;
p.contacts.find((c) => c.id === "ct_sam")!.emails = [{ label: "home", address: "sam.reyes@example.com" }];
const WHEN = "2026-10-29T09:00:00-07:00";

const read = (text: string) => responseOutcome({ kind: "response", claims: [["dinner"]] },
  replyOf({ index: 3, time: WHEN, snapshot: 0, kind: "agent", content: text }),
  compareContext("America/Los_Angeles", "US", unsentDrafts(p, "2026-10-29T09:00:00"))).similarity;

test("only a person the user has a draft to and no sent email is named by the claims", () => {
  assert.deepEqual(unsentDrafts(p, "2026-10-29T09:00:00").map((d) => typeof d === "object" && "about" in d ? d.about : null), [[["Sam Reyes", "Sam"]]]);
  assert.deepEqual(unsentDrafts(p, "2026-10-27T09:00:00"), []);
});

test("\"you emailed Sam\" is false while the email is a draft; a draft named as one, or Sam's own email, is not", () => {
  assert.equal(read("The dinner is Thursday. You already emailed Sam about it."), 0);
  assert.equal(read("The dinner is Thursday. You've replied to Jess Moore."), 1);
  assert.equal(read("The dinner is Thursday. Your email to Sam is still a draft."), 1);
  assert.equal(read("The dinner is Thursday. Sam emailed you about it."), 1);
});
