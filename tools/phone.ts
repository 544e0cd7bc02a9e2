import { z } from "zod";
import { insertRow } from "../db/state.js";
import { inArray } from "drizzle-orm";
import { byTime } from "./order.js";
import { calls, type CallRow } from "../db/schema.js";
import { samePhone } from "../db/phone.js";
import { defineTool } from "./tool.js";
import type { ToolContext } from "./context.js";
import { invalid, notFound } from "./errors.js";
import { ContactDirectory } from "./match.js";
import { allContacts } from "./contacts.js";
import { callView, viewCall } from "./views.js";
import { phoneNumber, timeFrom, timeTo } from "./inputs.js";
import { inRange, rangeArgs } from "./clock-args.js";

function allCalls(ctx: ToolContext): CallRow[] {
  return byTime(ctx.rows("calls"), (c) => c.start, "desc");
}

const callList = z.object({ calls: z.array(callView) });

export const searchPhonelogCalls = defineTool({
  name: "search_phonelog_calls",
  title: "Search the call log",
  description:
    "Find calls in the phone's call log. All given filters must match (AND). direction is incoming, outgoing or missed. " +
    'Example: {"direction": "missed", "time_from": "2026-03-13"}. Returns {calls: [...]} newest first, each with id, phone_number, ' +
    "contact_name (null for numbers not in the contacts), direction, start, duration_seconds.",
  domain: "phone",
  write: false,
  tables: [],
  input: z.object({
    phone_number: phoneNumber.optional(),
    person: z.string().min(1).optional().describe("Calls with a contact of this name, e.g. \"Jess\""),
    direction: z.enum(["incoming", "outgoing", "missed"]).optional(),
    time_from: timeFrom,
    time_to: timeTo,
  }),
  output: callList,
  handler(ctx, args) {
    const range = rangeArgs(ctx, args.time_from, args.time_to);
    const people = new ContactDirectory(allContacts(ctx), ctx.region);
    const numbers = args.person === undefined ? undefined : people.named(args.person).flatMap((c) => c.phone_numbers.map((p) => p.number));
    const found = allCalls(ctx).filter((c) =>
      inRange(c.start, range) &&
      (args.phone_number === undefined || samePhone(c.phone_number, args.phone_number, ctx.region)) &&
      (numbers === undefined || numbers.some((n) => samePhone(n, c.phone_number, ctx.region))) &&
      (args.direction === undefined || c.direction === args.direction));
    return { calls: found.map((c) => viewCall(c, ctx.zone, people)) };
  },
});

export const getAllPhoneCalls = defineTool({
  name: "get_all_phone_calls",
  title: "List the whole call log",
  description: "Return every call in the call log as {calls: [...]}, newest first.",
  domain: "phone",
  write: false,
  tables: [],
  input: z.object({}),
  output: callList,
  handler(ctx) {
    const people = new ContactDirectory(allContacts(ctx), ctx.region);
    return { calls: allCalls(ctx).map((c) => viewCall(c, ctx.zone, people)) };
  },
});

export const createOutgoingCall = defineTool({
  name: "create_outgoing_call",
  title: "Call a phone number",
  description:
    'Place a call from the user\'s phone, e.g. {"phone_number": "+1 415 555 0134"}. The call is logged as outgoing at the current time. ' +
    "Returns {call: {...}}.",
  domain: "phone",
  write: true,
  tables: ["calls"],
  input: z.object({ phone_number: phoneNumber }),
  output: z.object({ call: callView }),
  handler(ctx, args) {
    const people = new ContactDirectory(allContacts(ctx), ctx.region);
    if (people.isSelfPhone(args.phone_number)) throw invalid("phone_number", "is the user's own number");
    const row: CallRow = {
      id: ctx.nextId("call"),
      phone_number: args.phone_number,
      contact_id: people.byPhone(args.phone_number)?.id ?? null,
      direction: "outgoing",
      start: ctx.now(),
      duration_seconds: 0,
    };
    insertRow(ctx.db, "calls", row);
    return { call: viewCall(row, ctx.zone, people) };
  },
});

export const removePhoneCallLogs = defineTool({
  name: "remove_phone_call_logs",
  title: "Delete call log entries",
  description:
    "Delete entries from the call log: the calls with the given call_ids, or every call with phone_number; give exactly one. " +
    "Returns {removed: [...]}: the calls as they were.",
  domain: "phone",
  write: true,
  tables: ["calls"],
  input: z.object({
    call_ids: z.array(z.string().min(1)).min(1).optional().describe("Ids of the calls to delete"),
    phone_number: phoneNumber.optional().describe("Delete every call with this number"),
  }),
  output: z.object({ removed: z.array(callView) }),
  handler(ctx, args) {
    if ((args.call_ids === undefined) === (args.phone_number === undefined)) {
      throw invalid("call_ids", "give exactly one of call_ids or phone_number");
    }
    const all = allCalls(ctx);
    let rows: CallRow[];
    if (args.call_ids) {
      rows = args.call_ids.map((callId, i) => {
        const row = all.find((c) => c.id === callId);
        if (!row) throw notFound("call", callId, `call_ids/${i}`);
        return row;
      });
    } else {
      rows = all.filter((c) => samePhone(c.phone_number, args.phone_number!, ctx.region));
      if (rows.length === 0) throw notFound("call with number", args.phone_number!, "phone_number");
    }
    ctx.db.delete(calls).where(inArray(calls.id, rows.map((r) => r.id))).run();
    const people = new ContactDirectory(allContacts(ctx), ctx.region);
    return { removed: rows.map((c) => viewCall(c, ctx.zone, people)) };
  },
});

export const phoneTools = [searchPhonelogCalls, getAllPhoneCalls, createOutgoingCall, removePhoneCallLogs];
