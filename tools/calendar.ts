import { z } from "zod";
import { DateTime } from "luxon";
import { insertRow } from "../db/state.js";
import { eq } from "drizzle-orm";
import { byTime } from "./order.js";
import { calendar_events, type CalendarEventRow } from "../db/schema.js";
import { defineTool } from "./tool.js";
import type { ToolContext } from "./context.js";
import { invalid, notFound } from "./errors.js";
import { ContactDirectory, matchesText } from "./match.js";
import { eventView, viewEvent } from "./views.js";
import { id, isoTime, orCleared, textQuery } from "./inputs.js";
import { minutesBetween, nextSecond, plusMinutes, rangeArgs, rangeEnd, rangeStart, timeArg } from "./clock-args.js";

function allEvents(ctx: ToolContext): CalendarEventRow[] {
  return byTime(ctx.rows("calendar_events"), (e) => e.start, "asc");
}

function getEvent(ctx: ToolContext, eventId: string): CalendarEventRow {
  const row = ctx.rows("calendar_events").find((e) => e.id === eventId);
  if (!row) throw notFound("calendar event", eventId, "event_id");
  return row;
}

const oneEvent = z.object({ event: eventView });

const eventFields = {
  title: z.string().min(1).describe("Event title"),
  start: isoTime("Start time"),
  end: isoTime("End time; default one hour after start").optional(),
  all_day: z.boolean().optional().describe("true for an all-day event; start and end are then dates"),
  calendar: z.string().min(1).optional().describe('Calendar name, e.g. "Personal" or "Work"; default "Personal"'),
  location: z.string().optional().describe("Where it happens"),
  attendees: z.array(z.string()).optional().describe("Attendees' email addresses (or names when no address is known)"),
  notes: z.string().optional().describe("Free-text notes"),
};

/** An all-day event runs from the start of its first day to the midnight after its last day
 *  (a phone's convention); `end` given as a date is the last day, included, and given as a
 *  midnight after the first day ("2026-12-30T00:00") it is that midnight, the day before it the last. */
function allDaySpan(ctx: ToolContext, startText: string, endText: string | undefined): { start: string; end: string } {
  const start = rangeStart(startText.slice(0, 10), ctx.zone, "start");
  const endDay = endText?.slice(0, 10);
  const lastDay = endText === undefined || endDay === undefined ? startText.slice(0, 10)
    : /T00:00(?::00(?:\.0+)?)?$/.test(endText) && endDay > startText.slice(0, 10) ? DateTime.fromISO(endDay).minus({ days: 1 }).toISODate()! : endDay;
  return { start, end: nextSecond(rangeEnd(lastDay, ctx.zone, "end")) };
}

/** An all-day event moved or resized as create_calendar_event reads it: a date-only `end` is the
 *  last day, included; moving only the start keeps the number of days. */
function allDayChange(ctx: ToolContext, before: CalendarEventRow, start: string | undefined, end: string | undefined): { start: string; end: string } {
  const firstDay = start?.slice(0, 10) ?? DateTime.fromISO(before.start).setZone(ctx.zone).toISODate()!;
  if (end !== undefined) return allDaySpan(ctx, firstDay, end);
  const days = Math.max(1, Math.round(minutesBetween(before.start, before.end) / 1440));
  return allDaySpan(ctx, firstDay, DateTime.fromISO(firstDay).plus({ days: days - 1 }).toISODate()!);
}

function checkOrder(start: string, end: string): void {
  if (end <= start) throw invalid("end", "must be after start");
}

export const searchCalendarEvents = defineTool({
  name: "search_calendar_events",
  title: "Search calendar events",
  description:
    "Find calendar events. All given filters must match (AND). time_from/time_to select events that overlap that span, " +
    'e.g. {"time_from": "2026-03-14", "time_to": "2026-03-14"} is everything on 14 March. Times are in the user\'s time zone. ' +
    "Returns {events: [...]} ordered by start, each with id, calendar, title, start, end (with offset), location, attendees, notes.",
  domain: "calendar",
  write: false,
  tables: [],
  input: z.object({
    query: textQuery.describe("Words to find in the title, location, notes or attendees"),
    attendee: z.string().min(1).optional().describe("An attendee's email address or name, or part of it"),
    location: z.string().min(1).optional().describe("Words to find in the location"),
    calendar: z.string().min(1).optional().describe('Calendar name, e.g. "Work"'),
    time_from: isoTime("Only events that end after this time").optional(),
    time_to: isoTime("Only events that start at or before this time").optional(),
  }),
  output: z.object({ events: z.array(eventView) }),
  handler(ctx, args) {
    const range = rangeArgs(ctx, args.time_from, args.time_to);
    const people = new ContactDirectory(ctx.rows("contacts"), ctx.region);
    const found = allEvents(ctx).filter((e) =>
      (args.query === undefined || matchesText(args.query, [e.title, e.location, e.notes, ...e.attendees])) &&
      (args.attendee === undefined || e.attendees.some((a) => matchesText(args.attendee!, [a, people.nameForEmail(a)]))) &&
      (args.location === undefined || matchesText(args.location, [e.location])) &&
      (args.calendar === undefined || e.calendar.toLowerCase() === args.calendar.toLowerCase()) &&
      (range.hi === undefined || e.start <= range.hi) &&
      (range.lo === undefined || e.end > range.lo));
    return { events: found.map((e) => viewEvent(e, ctx.zone)) };
  },
});

export const getAllCalendars = defineTool({
  name: "get_all_calendars",
  title: "List all calendars and their events",
  description:
    "Return the user's calendars and every event in them: {calendars: [{name, event_count}], events: [...]}, events ordered by start.",
  domain: "calendar",
  write: false,
  tables: [],
  input: z.object({}),
  output: z.object({
    calendars: z.array(z.object({ name: z.string(), event_count: z.number() })),
    events: z.array(eventView),
  }),
  handler(ctx) {
    const events = allEvents(ctx);
    const counts = new Map<string, number>();
    for (const e of events) counts.set(e.calendar, (counts.get(e.calendar) ?? 0) + 1);
    const calendars = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, event_count]) => ({ name, event_count }));
    return { calendars, events: events.map((e) => viewEvent(e, ctx.zone)) };
  },
});

export const createCalendarEvent = defineTool({
  name: "create_calendar_event",
  title: "Create a calendar event",
  description:
    'Add an event to the calendar. Example: {"title": "Dinner with Jess", "start": "2026-03-14T19:00:00", "end": "2026-03-14T21:00:00", ' +
    '"location": "Luca\'s", "attendees": ["jess@example.com"]}. Times without an offset are in the user\'s time zone. ' +
    "Returns {event: {...}} with the new event's id.",
  domain: "calendar",
  write: true,
  tables: ["calendar_events"],
  input: z.object(eventFields),
  output: oneEvent,
  handler(ctx, args) {
    const { start, end } = args.all_day
      ? allDaySpan(ctx, args.start, args.end)
      : (() => {
        const s = timeArg(ctx, "start", args.start);
        return { start: s, end: args.end === undefined ? plusMinutes(s, 60) : timeArg(ctx, "end", args.end) };
      })();
    checkOrder(start, end);
    const row: CalendarEventRow = {
      id: ctx.nextId("evt"),
      calendar: args.calendar ?? "Personal",
      title: args.title,
      start,
      end,
      all_day: args.all_day ?? false,
      location: args.location ?? null,
      attendees: args.attendees ?? [],
      notes: args.notes ?? null,
    };
    insertRow(ctx.db, "calendar_events", row);
    return { event: viewEvent(row, ctx.zone) };
  },
});

export const modifyCalendarEvent = defineTool({
  name: "modify_calendar_event",
  title: "Modify a calendar event",
  description:
    "Change an existing event; fields you leave out keep their values, and an empty string clears location or notes. " +
    "Moving only the start keeps the event's duration. " +
    "attendees replaces the whole list. Returns {event: {...}} as it is after the change.",
  domain: "calendar",
  write: true,
  tables: ["calendar_events"],
  input: z.object({ event_id: id("event"), ...eventFields, title: eventFields.title.optional(), start: eventFields.start.optional() }),
  output: oneEvent,
  handler(ctx, args) {
    const { event_id, ...changes } = args;
    const before = getEvent(ctx, event_id);
    if (Object.values(changes).every((v) => v === undefined)) {
      throw invalid("event_id", "give at least one field to change besides event_id");
    }
    const allDay = changes.all_day ?? before.all_day;
    const { start, end } = allDay && (changes.start !== undefined || changes.end !== undefined || changes.all_day === true)
      ? allDayChange(ctx, before, changes.start, changes.end)
      : (() => {
        const s = changes.start === undefined ? before.start : timeArg(ctx, "start", changes.start);
        return { start: s, end: changes.end !== undefined ? timeArg(ctx, "end", changes.end) : plusMinutes(s, minutesBetween(before.start, before.end)) };
      })();
    checkOrder(start, end);
    const after: CalendarEventRow = {
      ...before,
      title: changes.title ?? before.title,
      calendar: changes.calendar ?? before.calendar,
      start,
      end,
      all_day: changes.all_day ?? before.all_day,
      location: orCleared(changes.location, before.location),
      attendees: changes.attendees ?? before.attendees,
      notes: orCleared(changes.notes, before.notes),
    };
    ctx.db.update(calendar_events).set(after).where(eq(calendar_events.id, event_id)).run();
    return { event: viewEvent(after, ctx.zone) };
  },
});

export const removeCalendarEvent = defineTool({
  name: "remove_calendar_event",
  title: "Remove a calendar event",
  description: "Delete an event from the calendar. Returns {removed: {...}}: the event as it was.",
  domain: "calendar",
  write: true,
  tables: ["calendar_events"],
  input: z.object({ event_id: id("event") }),
  output: z.object({ removed: eventView }),
  handler(ctx, args) {
    const row = getEvent(ctx, args.event_id);
    ctx.db.delete(calendar_events).where(eq(calendar_events.id, row.id)).run();
    return { removed: viewEvent(row, ctx.zone) };
  },
});

export const calendarTools = [searchCalendarEvents, getAllCalendars, createCalendarEvent, modifyCalendarEvent, removeCalendarEvent];
