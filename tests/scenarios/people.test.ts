import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { peopleHandles } from "../../scenarios/people.js";
import { FIXTURE_DATA, loadChangedProtagonist } from "../helpers.js";

// Whom a message reaches: a contact's card, and the addresses they wrote from.

test("a contact's handles: the card's numbers and addresses, and those they wrote from under their name or their own domain", () => {
  const p = JSON.parse(fs.readFileSync(path.join(FIXTURE_DATA, "test-person", "protagonist.json"), "utf8")) as { emails: Record<string, unknown>[] };
  const base = p.emails[0]!;
  p.emails.push(
    { ...base, id: "em_kim_billing", from: "billing@kimdental.example.com", from_name: "Kim Dental Billing" },
    { ...base, id: "em_jess_other", from: "jessm@elsewhere.example.com", from_name: "Jess Moore" },
    { ...base, id: "em_stranger", from: "someone@example.com", from_name: "Someone" },
  );
  const loaded = loadChangedProtagonist(p);
  assert.ok(loaded.ok);
  const handles = peopleHandles(loaded.value);
  assert.equal(handles.has("ct_self"), false, "the owner is left out");
  // Kim Dental's domain is on no other card; example.com is on several, so it names nobody.
  assert.ok(handles.get("ct_dr_kim")!.includes("billing@kimdental.example.com"));
  assert.ok(handles.get("ct_jess_moore")!.includes("jessm@elsewhere.example.com"));
  assert.ok(!handles.get("ct_jess_moore")!.includes("someone@example.com"));
  assert.ok(!handles.get("ct_jess_tran")!.includes("jessm@elsewhere.example.com"));
});
