import { z } from "zod";
import { insertRow } from "../db/state.js";
import { eq, inArray } from "drizzle-orm";
import { byTime } from "./order.js";
import { emails, type EmailRow } from "../db/schema.js";
import { defineTool } from "./tool.js";
import type { ToolContext } from "./context.js";
import { ToolError, invalid, notFound } from "./errors.js";
import { ContactDirectory, matchesText } from "./match.js";
import { allContacts } from "./contacts.js";
import { emailView, viewEmail } from "./views.js";
import { id, textQuery, timeFrom, timeTo } from "./inputs.js";
import { inRange, rangeArgs } from "./clock-args.js";

const address = z.string().regex(/^[^@\s]+@[^@\s]+$/, "an email address like name@example.com");
const folder = z.enum(["inbox", "sent", "drafts", "trash"]);
/** `from` of send_email and modify_draft_email: one of the user's own addresses (any case),
 *  checked alike by senderAddress, which names the field and the addresses allowed. */
const fromAddress = address.optional();

function allEmails(ctx: ToolContext): EmailRow[] {
  return byTime(ctx.rows("emails"), (m) => m.time, "desc");
}

function getEmail(ctx: ToolContext, emailId: string, field: string): EmailRow {
  const row = ctx.rows("emails").find((m) => m.id === emailId);
  if (!row) throw notFound("email", emailId, field);
  return row;
}

/** The user's own addresses: those on their own contact card, in its order (the first is the
 *  default account). */
function ownAddresses(people: ContactDirectory): string[] {
  return people.self?.emails.map((e) => e.address) ?? [];
}

const FALLBACK_ADDRESS = "me@localhost";

/** The account a new email goes out from: `from` when given (one of the user's own addresses,
 *  any case), else for a reply the address its thread reached the user at, else the default. */
function senderAddress(ctx: ToolContext, people: ContactDirectory, from: string | undefined, original: EmailRow | undefined): string {
  const own = ownAddresses(people);
  const ownOne = (a: string) => own.find((o) => o.toLowerCase() === a.trim().toLowerCase());
  if (from !== undefined) {
    const found = ownOne(from);
    if (found) return found;
    throw invalid("from", own.length
      ? `"${from}" is not one of the user's own addresses; use one of: ${own.join(", ")}`
      : `the user has no email address on their contact card to send from; leave "from" out`);
  }
  if (original) {
    // The replied-to email first, then the rest of its thread, newest first: the user's address
    // as a sender (their own sent mail) or as a recipient (mail they received); failing that, a
    // list it came through (team@clinic for the user's own @clinic address).
    const thread = [original, ...byTime(ctx.rows("emails").filter((m) => m.thread_id === original.thread_id && m.id !== original.id), (m) => m.time, "desc")];
    for (const m of thread) {
      const found = [m.from_address, ...m.to, ...m.cc].map(ownOne).find((a) => a !== undefined);
      if (found) return found;
    }
    const domain = (a: string) => a.slice(a.lastIndexOf("@") + 1).toLowerCase();
    const listDomains = new Set(thread.flatMap((m) => [...m.to, ...m.cc]).map(domain));
    const viaList = own.find((o) => listDomains.has(domain(o)));
    if (viaList) return viaList;
  }
  return own[0] ?? FALLBACK_ADDRESS;
}

const emailList = z.object({ emails: z.array(emailView) });
const oneEmail = z.object({ email: emailView });

export const searchEmails = defineTool({
  name: "search_emails",
  title: "Search emails",
  description:
    "Find emails in all folders (inbox, sent, drafts, trash). All given filters must match (AND). " +
    '"from"/"to" take an address or a contact\'s name ("to" also matches cc). Example: {"from": "Jess", "time_from": "2026-03-10"}. ' +
    "Returns {emails: [...]} newest first, each with id, thread_id, folder, from, from_name, to, cc, subject, body, time, read.",
  domain: "email",
  write: false,
  tables: [],
  input: z.object({
    query: textQuery.describe("Words to find in the subject, body, sender or recipients"),
    from: z.string().min(1).optional().describe("Sender's address or a contact's name, or part of it"),
    to: z.string().min(1).optional().describe("A recipient's (to or cc) address or a contact's name, or part of it"),
    subject: z.string().min(1).optional().describe("Words to find in the subject"),
    folder: folder.optional().describe("Only this folder"),
    thread_id: z.string().min(1).optional().describe("Only emails of this thread"),
    unread_only: z.boolean().optional().describe("true: only unread emails"),
    time_from: timeFrom,
    time_to: timeTo,
  }),
  output: emailList,
  handler(ctx, args) {
    const range = rangeArgs(ctx, args.time_from, args.time_to);
    const people = new ContactDirectory(allContacts(ctx), ctx.region);
    const party = (addr: string, who: string) => matchesText(who, [addr, people.nameForEmail(addr)]);
    const found = allEmails(ctx).filter((m) =>
      inRange(m.time, range) &&
      (args.query === undefined || matchesText(args.query, [m.subject, m.body, m.from_address, m.from_name,
        people.nameForEmail(m.from_address), ...m.to, ...m.cc])) &&
      (args.from === undefined || matchesText(args.from, [m.from_address, m.from_name, people.nameForEmail(m.from_address)])) &&
      (args.to === undefined || [...m.to, ...m.cc].some((a) => party(a, args.to!))) &&
      (args.subject === undefined || matchesText(args.subject, [m.subject])) &&
      (args.folder === undefined || m.folder === args.folder) &&
      (args.thread_id === undefined || m.thread_id === args.thread_id) &&
      (args.unread_only !== true || !m.read));
    return { emails: found.map((m) => viewEmail(m, ctx.zone, people)) };
  },
});

export const getAllEmails = defineTool({
  name: "get_all_emails",
  title: "List all emails",
  description: "Return every email in every folder (inbox, sent, drafts, trash) as {emails: [...]}, newest first.",
  domain: "email",
  write: false,
  tables: [],
  input: z.object({}),
  output: emailList,
  handler(ctx) {
    const people = new ContactDirectory(allContacts(ctx), ctx.region);
    return { emails: allEmails(ctx).map((m) => viewEmail(m, ctx.zone, people)) };
  },
});

export const sendEmail = defineTool({
  name: "send_email",
  title: "Send an email (or save a draft)",
  description:
    "Send an email from the user's address. To reply, give reply_to_email_id: the reply joins that thread, goes out from the address the thread reached the user at, and the subject defaults to \"Re: ...\". " +
    "A user with several addresses (work, personal) can send from another of them with from. " +
    "With save_as_draft: true the email is saved in drafts instead of being sent; edit or send it later with modify_draft_email. " +
    'Example: {"to": ["jess@example.com"], "subject": "Friday", "body": "Hi Jess, ..."}. Returns {email: {...}}.',
  domain: "email",
  write: true,
  tables: ["emails"],
  input: z.object({
    to: z.array(address).min(1).describe("Recipients' email addresses"),
    cc: z.array(address).optional().describe("Cc recipients' email addresses"),
    subject: z.string().optional().describe("Subject line; required unless replying"),
    body: z.string().min(1).describe("The message text"),
    reply_to_email_id: z.string().min(1).optional().describe("Id of the email being answered"),
    from: fromAddress.describe("One of the user's own addresses to send from (default: for a reply, the address the thread came to; otherwise the user's first address)"),
    save_as_draft: z.boolean().optional().describe("true: save in drafts, do not send"),
  }),
  output: oneEmail,
  handler(ctx, args) {
    const people = new ContactDirectory(allContacts(ctx), ctx.region);
    const original = args.reply_to_email_id === undefined ? undefined : getEmail(ctx, args.reply_to_email_id, "reply_to_email_id");
    const subject = args.subject ?? (original ? reSubject(original.subject) : undefined);
    if (subject === undefined) throw invalid("subject", "required when not replying to an email");
    const fromAddress = senderAddress(ctx, people, args.from, original);
    const row: EmailRow = {
      id: ctx.nextId("em"),
      thread_id: original?.thread_id ?? ctx.nextId("th"),
      folder: args.save_as_draft ? "drafts" : "sent",
      from_address: fromAddress,
      from_name: people.self ? [people.self.first_name, people.self.last_name].filter(Boolean).join(" ") : null,
      to: args.to,
      cc: args.cc ?? [],
      subject,
      body: args.body,
      time: ctx.now(),
      read: true,
    };
    insertRow(ctx.db, "emails", row);
    return { email: viewEmail(row, ctx.zone, people) };
  },
});

function reSubject(subject: string): string {
  return /^re:/i.test(subject) ? subject : `Re: ${subject}`;
}

export const modifyDraftEmail = defineTool({
  name: "modify_draft_email",
  title: "Edit or send a draft email",
  description:
    "Change a draft in the drafts folder (drafts are made with send_email and save_as_draft: true); fields you leave out keep their values. " +
    "With send: true the draft is sent after the changes. A user with several addresses can change the account it goes from with from. Returns {email: {...}}.",
  domain: "email",
  write: true,
  tables: ["emails"],
  input: z.object({
    draft_id: id("draft email"),
    to: z.array(address).min(1).optional().describe("Recipients' addresses; replaces the list"),
    cc: z.array(address).optional().describe("Cc addresses; replaces the list"),
    subject: z.string().optional().describe("New subject"),
    body: z.string().min(1).optional().describe("New body text"),
    from: fromAddress.describe("One of the user's own addresses to send from (default: the draft's)"),
    send: z.boolean().optional().describe("true: send the draft after applying the changes"),
  }),
  output: oneEmail,
  handler(ctx, args) {
    const draft = getEmail(ctx, args.draft_id, "draft_id");
    if (draft.folder !== "drafts") {
      throw new ToolError("conflict", `email "${draft.id}" is in ${draft.folder}, not drafts; only drafts can be modified`, { field: "draft_id", id: draft.id });
    }
    const { draft_id: _id, send, ...changes } = args;
    if (Object.values(changes).every((v) => v === undefined) && !send) {
      throw invalid("draft_id", "give at least one field to change, or send: true");
    }
    const people = new ContactDirectory(allContacts(ctx), ctx.region);
    const after: EmailRow = {
      ...draft,
      from_address: changes.from === undefined ? draft.from_address : senderAddress(ctx, people, changes.from, undefined),
      to: changes.to ?? draft.to,
      cc: changes.cc ?? draft.cc,
      subject: changes.subject ?? draft.subject,
      body: changes.body ?? draft.body,
      folder: send ? "sent" : "drafts",
      time: ctx.now(),
    };
    ctx.db.update(emails).set(after).where(eq(emails.id, draft.id)).run();
    return { email: viewEmail(after, ctx.zone, people) };
  },
});

export const removeEmailOrThread = defineTool({
  name: "remove_email_or_thread",
  title: "Delete an email or a whole thread",
  description:
    "Delete one email (email_id) or every email of a thread (thread_id); give exactly one. As on a phone, deleted emails move to trash; " +
    "deleting an email that is already in trash removes it for good. Returns {removed: [...], action: \"moved_to_trash\" | \"deleted\"}.",
  domain: "email",
  write: true,
  tables: ["emails"],
  input: z.object({
    email_id: z.string().min(1).optional().describe("Id of one email to delete"),
    thread_id: z.string().min(1).optional().describe("Id of a thread: all of its emails are deleted"),
  }),
  output: z.object({ removed: z.array(emailView), action: z.enum(["moved_to_trash", "deleted"]) }),
  handler(ctx, args) {
    if ((args.email_id === undefined) === (args.thread_id === undefined)) {
      throw invalid("email_id", "give exactly one of email_id or thread_id");
    }
    const rows = args.email_id !== undefined
      ? [getEmail(ctx, args.email_id, "email_id")]
      : byTime(ctx.rows("emails").filter((m) => m.thread_id === args.thread_id), (m) => m.time, "asc");
    if (rows.length === 0) throw notFound("email thread", args.thread_id!, "thread_id");
    const ids = rows.map((r) => r.id);
    const allTrash = rows.every((r) => r.folder === "trash");
    if (allTrash) ctx.db.delete(emails).where(inArray(emails.id, ids)).run();
    else ctx.db.update(emails).set({ folder: "trash" }).where(inArray(emails.id, ids)).run();
    const people = new ContactDirectory(allContacts(ctx), ctx.region);
    return { removed: rows.map((r) => viewEmail(r, ctx.zone, people)), action: allTrash ? ("deleted" as const) : ("moved_to_trash" as const) };
  },
});

export const emailTools = [searchEmails, getAllEmails, sendEmail, modifyDraftEmail, removeEmailOrThread];
