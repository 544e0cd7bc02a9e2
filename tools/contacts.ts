import { z } from "zod";
import { insertRow } from "../db/state.js";
import { eq } from "drizzle-orm";
import { contacts, type ContactRow } from "../db/schema.js";
import { phoneDigits, samePhone } from "../db/phone.js";
import { defineTool } from "./tool.js";
import type { ToolContext } from "./context.js";
import { ToolError, invalid, notFound } from "./errors.js";
import { contactMatchesName, looksLikePhone, matchesText } from "./match.js";
import { contactView, viewContact } from "./views.js";
import { id, orCleared, phoneNumber, textQuery } from "./inputs.js";

export function allContacts(ctx: ToolContext): readonly ContactRow[] {
  return ctx.rows("contacts");
}

function getContact(ctx: ToolContext, contactId: string): ContactRow {
  const row = ctx.rows("contacts").find((c) => c.id === contactId);
  if (!row) throw notFound("contact", contactId, "contact_id");
  return row;
}

const contactList = z.object({ contacts: z.array(contactView) });
const oneContact = z.object({ contact: contactView });

const phoneEntry = z.object({
  label: z.string().optional().describe('e.g. "mobile", "work", "home"; default "mobile"'),
  number: phoneNumber,
});
const emailEntry = z.object({
  label: z.string().optional().describe('e.g. "home", "work"; default "home"'),
  address: z.string().regex(/^[^@\s]+@[^@\s]+$/, "an email address like name@example.com").describe("Email address"),
});

const contactFields = {
  first_name: z.string().min(1).describe("Given name"),
  last_name: z.string().optional().describe("Family name"),
  phone_numbers: z.array(phoneEntry).optional().describe("Phone numbers; on modify this replaces the whole list"),
  emails: z.array(emailEntry).optional().describe("Email addresses; on modify this replaces the whole list"),
  relationship: z.string().optional().describe('How the user knows them, e.g. "sister", "colleague", "dentist"'),
  birthday: z.string().regex(/^(\d{4}|-)-\d{2}-\d{2}$/, "YYYY-MM-DD, or --MM-DD without a year").optional()
    .describe('Birthday as YYYY-MM-DD, or --MM-DD when the year is unknown'),
  address: z.string().optional().describe("Postal address"),
  notes: z.string().optional().describe("Free-text notes"),
};

const phones = (list: z.infer<typeof phoneEntry>[] | undefined) =>
  (list ?? []).map((p) => ({ label: p.label ?? "mobile", number: p.number }));
const mails = (list: z.infer<typeof emailEntry>[] | undefined) =>
  (list ?? []).map((e) => ({ label: e.label ?? "home", address: e.address }));

export const searchContacts = defineTool({
  name: "search_contacts",
  title: "Search contacts",
  description:
    "Find contacts in the user's address book. All given filters must match (AND); with no filter every contact is returned. " +
    "Returns {contacts: [...]} with id, name, phone numbers, emails, relationship, birthday, address and notes; an empty list when nothing matches. " +
    "The user's own card has is_self: true.",
  domain: "contacts",
  write: false,
  tables: [],
  input: z.object({
    query: textQuery.describe("Words to find in any field (name, numbers, emails, relationship, address, notes)"),
    name: z.string().min(1).optional().describe('Name or part of it, e.g. "Jess" matches "Jessica Moore"'),
    phone_number: phoneNumber.optional(),
    email: z.string().min(1).optional().describe("Email address or part of it"),
    relationship: z.string().min(1).optional().describe('e.g. "sister", "colleague"'),
  }),
  output: contactList,
  handler(ctx, args) {
    const found = allContacts(ctx).filter((c) =>
      (args.query === undefined || matchesText(args.query, [c.first_name, c.last_name, c.relationship, c.address, c.notes,
        ...c.phone_numbers.flatMap((p) => [p.number, phoneDigits(p.number)]), ...c.emails.map((e) => e.address)]) ||
        (looksLikePhone(args.query) && c.phone_numbers.some((p) => samePhone(p.number, args.query!, ctx.region)))) &&
      (args.name === undefined || contactMatchesName(c, args.name)) &&
      (args.phone_number === undefined || c.phone_numbers.some((p) => samePhone(p.number, args.phone_number!, ctx.region))) &&
      (args.email === undefined || c.emails.some((e) => e.address.toLowerCase().includes(args.email!.toLowerCase()))) &&
      (args.relationship === undefined || matchesText(args.relationship, [c.relationship])));
    return { contacts: found.map(viewContact) };
  },
});

export const getAllContacts = defineTool({
  name: "get_all_contacts",
  title: "List all contacts",
  description: "Return every contact in the user's address book as {contacts: [...]}, including the user's own card (is_self: true).",
  domain: "contacts",
  write: false,
  tables: [],
  input: z.object({}),
  output: contactList,
  handler: (ctx) => ({ contacts: allContacts(ctx).map(viewContact) }),
});

export const addContact = defineTool({
  name: "add_contact",
  title: "Add a contact",
  description:
    "Create a new contact. first_name is required; give at least one phone number or email when known. " +
    'Example: {"first_name": "Jess", "last_name": "Moore", "phone_numbers": [{"label": "mobile", "number": "+1 415 555 0134"}]}. ' +
    "Returns {contact: {...}} with the new contact's id.",
  domain: "contacts",
  write: true,
  tables: ["contacts"],
  input: z.object(contactFields),
  output: oneContact,
  handler(ctx, args) {
    const row: ContactRow = {
      id: ctx.nextId("ct"),
      first_name: args.first_name,
      last_name: args.last_name ?? null,
      phone_numbers: phones(args.phone_numbers),
      emails: mails(args.emails),
      relationship: args.relationship ?? null,
      birthday: args.birthday ?? null,
      address: args.address ?? null,
      notes: args.notes ?? null,
      is_self: false,
    };
    insertRow(ctx.db, "contacts", row);
    return { contact: viewContact(row) };
  },
});

export const modifyContact = defineTool({
  name: "modify_contact",
  title: "Modify a contact",
  description:
    "Change fields of an existing contact; fields you leave out keep their values, and an empty string clears a text field. " +
    "phone_numbers and emails replace the whole list, " +
    "so include the existing entries you want to keep. Returns {contact: {...}} as it is after the change.",
  domain: "contacts",
  write: true,
  tables: ["contacts"],
  input: z.object({ contact_id: id("contact"), ...contactFields, first_name: contactFields.first_name.optional() }),
  output: oneContact,
  handler(ctx, args) {
    const { contact_id, ...changes } = args;
    const before = getContact(ctx, contact_id);
    if (Object.values(changes).every((v) => v === undefined)) {
      throw invalid("contact_id", "give at least one field to change besides contact_id");
    }
    const after: ContactRow = {
      ...before,
      first_name: changes.first_name ?? before.first_name,
      last_name: orCleared(changes.last_name, before.last_name),
      phone_numbers: changes.phone_numbers ? phones(changes.phone_numbers) : before.phone_numbers,
      emails: changes.emails ? mails(changes.emails) : before.emails,
      relationship: orCleared(changes.relationship, before.relationship),
      birthday: changes.birthday ?? before.birthday,
      address: orCleared(changes.address, before.address),
      notes: orCleared(changes.notes, before.notes),
    };
    ctx.db.update(contacts).set(after).where(eq(contacts.id, contact_id)).run();
    return { contact: viewContact(after) };
  },
});

export const removeContact = defineTool({
  name: "remove_contact",
  title: "Remove a contact",
  description: "Delete a contact from the address book. The user's own card cannot be removed. Returns {removed: {...}}: the contact as it was.",
  domain: "contacts",
  write: true,
  tables: ["contacts"],
  input: z.object({ contact_id: id("contact") }),
  output: z.object({ removed: contactView }),
  handler(ctx, args) {
    const row = getContact(ctx, args.contact_id);
    if (row.is_self) throw new ToolError("conflict", "the user's own contact card cannot be removed", { field: "contact_id", id: row.id });
    ctx.db.delete(contacts).where(eq(contacts.id, row.id)).run();
    return { removed: viewContact(row) };
  },
});

export const contactTools = [searchContacts, getAllContacts, addContact, modifyContact, removeContact];
