import { test } from "node:test";
import assert from "node:assert/strict";
import { call, openEpisode } from "../helpers.js";

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
