import { test } from "node:test";
import assert from "node:assert/strict";
import { call, openEpisode } from "../helpers.js";

type Contacts = { contacts: { id: string; name: string }[] };

test("search_contacts by first name finds both people who share it", () => {
  const e = openEpisode();
  const r = call<Contacts>(e, "search_contacts", { name: "jess" });
  assert.deepEqual(r.contacts.map((c) => c.id).sort(), ["ct_jess_moore", "ct_jess_tran"]);
});

test("search_contacts filters are ANDed", () => {
  const e = openEpisode();
  const r = call<Contacts>(e, "search_contacts", { name: "Jess", relationship: "colleague" });
  assert.deepEqual(r.contacts.map((c) => c.id), ["ct_jess_tran"]);
});

test("search_contacts matches a phone number in another format, including a second number", () => {
  const e = openEpisode();
  assert.deepEqual(call<Contacts>(e, "search_contacts", { phone_number: "(206) 555-0151" }).contacts.map((c) => c.id), ["ct_sam"]);
});

test("search text is data, never SQL", () => {
  const e = openEpisode();
  const r = call<Contacts>(e, "search_contacts", { query: "' OR 1=1; DROP TABLE contacts; --" });
  assert.deepEqual(r.contacts, []);
  assert.equal(call<Contacts>(e, "get_all_contacts").contacts.length, 5);
});

test("add_contact creates an id from the episode counter and returns the contact", () => {
  const e = openEpisode();
  const r = call<{ contact: { id: string; phone_numbers: { label: string; number: string }[] } }>(e, "add_contact", {
    first_name: "Ola", phone_numbers: [{ number: "+1 510 555 0177" }],
  });
  assert.equal(r.contact.id, "ct_new1");
  assert.deepEqual(r.contact.phone_numbers, [{ label: "mobile", number: "+1 510 555 0177" }]);
  assert.equal(call<Contacts>(e, "get_all_contacts").contacts.length, 6);
});

test("modify_contact keeps fields that are not given", () => {
  const e = openEpisode();
  const r = call<{ contact: { notes: string; relationship: string } }>(e, "modify_contact", { contact_id: "ct_sam", notes: "allergic to cats" });
  assert.equal(r.contact.notes, "allergic to cats");
  assert.equal(r.contact.relationship, "brother");
});

test("remove_contact names what it removed; an unknown id is an error naming the id", () => {
  const e = openEpisode();
  const r = call<{ removed: { id: string } }>(e, "remove_contact", { contact_id: "ct_dr_kim" });
  assert.equal(r.removed.id, "ct_dr_kim");
  const step = e.callTool("remove_contact", { contact_id: "ct_nobody" });
  assert.equal(step.ok, false);
  assert.equal(step.error?.code, "not_found");
  assert.equal(step.error?.id, "ct_nobody");
  assert.match(step.error!.message, /ct_nobody/);
});

test("the user's own card cannot be removed", () => {
  const e = openEpisode();
  const step = e.callTool("remove_contact", { contact_id: "ct_self" });
  assert.equal(step.error?.code, "conflict");
});

test("modify_contact: an empty string clears a text field", () => {
  const e = openEpisode();
  const r = call<{ contact: { address: string | null } }>(e, "modify_contact", { contact_id: "ct_sam", address: "" });
  assert.equal(r.contact.address, null);
});

test("search_contacts query finds a number written without spaces or signs", () => {
  const e = openEpisode();
  assert.deepEqual(call<Contacts>(e, "search_contacts", { query: "4155550134" }).contacts.map((c) => c.id), ["ct_jess_moore"]);
});
