import { test } from "node:test";
import assert from "node:assert/strict";
import { call, openEpisode } from "../helpers.js";
import { Episode } from "../../episode/episode.js";
import { ScenarioCatalog } from "../../scenarios/catalog.js";
import { DEFAULT_DATA_DIR } from "../../scenarios/paths.js";

type Email = { id: string; thread_id: string; folder: string; subject: string; to: string[]; body: string; time: string };

test("emails after the reference time are not on the phone yet", () => {
  const e = openEpisode();
  const r = call<{ emails: Email[] }>(e, "get_all_emails");
  assert.ok(!r.emails.some((m) => m.id === "em_late"));
  assert.equal(r.emails.length, 5);
});

test("search_emails finds a sender by contact name", () => {
  const e = openEpisode();
  const r = call<{ emails: Email[] }>(e, "search_emails", { from: "Jess Moore" });
  assert.deepEqual(r.emails.map((m) => m.id), ["em_jess_book"]);
});

test("a reply joins the thread with a Re: subject, sent at the clock's time", () => {
  const e = openEpisode();
  const r = call<{ email: Email }>(e, "send_email", { to: ["jess.moore@example.com"], body: "Thanks!", reply_to_email_id: "em_jess_book" });
  assert.equal(r.email.thread_id, "th_book");
  assert.equal(r.email.subject, "Re: That book");
  assert.equal(r.email.folder, "sent");
  assert.equal(r.email.time, "2026-10-28T20:00:10-07:00");
});

test("a draft is created with save_as_draft, edited, then sent with modify_draft_email", () => {
  const e = openEpisode();
  const draft = call<{ email: Email }>(e, "send_email", { to: ["sam@example.com"], subject: "Hi", body: "draft", save_as_draft: true }).email;
  assert.equal(draft.folder, "drafts");
  const edited = call<{ email: Email }>(e, "modify_draft_email", { draft_id: draft.id, body: "final" }).email;
  assert.equal(edited.body, "final");
  assert.equal(edited.folder, "drafts");
  const sent = call<{ email: Email }>(e, "modify_draft_email", { draft_id: draft.id, send: true }).email;
  assert.equal(sent.folder, "sent");
  const again = e.callTool("modify_draft_email", { draft_id: draft.id, body: "x" });
  assert.equal(again.error?.code, "conflict");
});

test("deleting a thread moves it to trash; deleting from trash deletes for good", () => {
  const e = openEpisode();
  const r = call<{ removed: Email[]; action: string }>(e, "remove_email_or_thread", { thread_id: "th_book" });
  assert.equal(r.action, "moved_to_trash");
  assert.equal(r.removed.length, 2);
  const gone = call<{ action: string }>(e, "remove_email_or_thread", { email_id: "em_spam" });
  assert.equal(gone.action, "deleted");
  assert.equal(call<{ emails: Email[] }>(e, "get_all_emails").emails.length, 4);
});

test("remove_email_or_thread wants exactly one of its ids", () => {
  const e = openEpisode();
  const step = e.callTool("remove_email_or_thread", {});
  assert.equal(step.error?.code, "invalid_argument");
});

// Sofia Lindqvist (shipped data) has a personal address (her card's first) and a work one.
const PERSONAL = "sofia.lindqvist@gmail.com";
const WORK = "sofia@lygonvets.com.au";
type Sent = { email: Email & { from: string } };
const sofia = () => {
  const scenario = ScenarioCatalog.lazy(DEFAULT_DATA_DIR).get("sofia-034")!;
  return new Episode("test-sofia-034", scenario);
};

test("a reply goes out from the address its thread reached the user at", () => {
  const e = sofia();
  const reply = (id: string) => call<Sent>(e, "send_email", { to: ["x@example.com"], body: "Thanks", reply_to_email_id: id }).email.from;
  assert.equal(reply("em_fergus_hello_oct11"), WORK); // Fergus wrote to her work address
  assert.equal(reply("em_hamish_estimate_oct08"), PERSONAL); // the specialist wrote to her personal one
  assert.equal(reply("em_roster_oct_sep25"), WORK); // to team@lygonvets.com.au: the list of her work domain
  // Replying to her own sent mail keeps its account; a draft reply too.
  const workSent = call<{ emails: Email[] }>(e, "search_emails", { folder: "sent", from: WORK }).emails.at(-1)!;
  assert.equal(reply(workSent.id), WORK);
  const draft = call<Sent>(e, "send_email", { to: ["x@example.com"], body: "Later", reply_to_email_id: "em_fergus_hello_oct11", save_as_draft: true }).email;
  assert.deepEqual([draft.folder, draft.from], ["drafts", WORK]);
});

test("a new email goes from the first own address, or from the one named in from (any case)", () => {
  const e = sofia();
  const send = (args: Record<string, unknown>) => call<Sent>(e, "send_email", { to: ["x@example.com"], subject: "Hi", body: "Hello", ...args }).email.from;
  assert.equal(send({}), PERSONAL);
  assert.equal(send({ from: "Sofia@LygonVets.com.au" }), WORK);
  assert.equal(send({ from: WORK, reply_to_email_id: "em_hamish_estimate_oct08" }), WORK); // named wins over the thread's
});

test("from must be one of the user's own addresses: a tool error naming the field and the allowed values, nothing sent", () => {
  const e = sofia();
  const before = call<{ emails: Email[] }>(e, "get_all_emails").emails.length;
  const step = e.callTool("send_email", { to: ["x@example.com"], subject: "Hi", body: "Hello", from: "fergus.doyle.vet@gmail.com" });
  assert.equal(step.ok, false);
  assert.equal(step.error?.code, "invalid_argument");
  assert.equal(step.error?.field, "from");
  assert.match(step.error!.message, new RegExp(`use one of: ${PERSONAL}, ${WORK}`));
  const malformed = e.callTool("send_email", { to: ["x@example.com"], subject: "Hi", body: "Hello", from: "sofia" });
  assert.equal(malformed.error?.field, "from");
  assert.equal(call<{ emails: Email[] }>(e, "get_all_emails").emails.length, before);
});
