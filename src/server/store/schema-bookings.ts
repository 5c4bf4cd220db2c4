import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { WeeklyHours } from "../../domain/booking-slots";
import { facilityLeads } from "./schema-leads";
import { staffAccounts } from "./schema-staff";

/**
 * Calls a lead books with staff (re-exported by schema.ts, decision 0036): each console
 * account's availability, and the bookings.
 */

/** When and how a console account takes calls; its CalDAV password sealed with STAFF_SECRET_KEY as the second-factor keys are. */
export const staffAvailability = pgTable("staff_availability", {
  staffId: uuid("staff_id")
    .primaryKey()
    .references(() => staffAccounts.id, { onDelete: "cascade" }),
  /** The first name leads see. */
  shownName: text("shown_name").notNull(),
  /** IANA zone the weekly hours are read in. */
  timeZone: text("time_zone").notNull(),
  takesCalls: boolean("takes_calls").notNull().default(false),
  weekly: jsonb("weekly").$type<WeeklyHours[]>().notNull(),
  caldavUrl: text("caldav_url"),
  caldavUsername: text("caldav_username"),
  /** "v1:iv:tag:data" (AES-256-GCM) when STAFF_SECRET_KEY is set. */
  caldavPassword: text("caldav_password"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The unique indexes that hold "never twice at one time" and "one call per lead" (how a violation is recognised). */
export const STAFF_START_INDEX = "bookings_staff_start_idx";
export const ONE_PER_LEAD_INDEX = "bookings_one_per_lead_idx";

/**
 * A booked call. Calls start on a fixed grid of BOOKING_CALL_MINUTES and all last that long, so
 * a unique index on (staff, start) among booked calls is "no person booked twice at one time",
 * held by the database across processes. `sequence` is the invite's SEQUENCE (raised on each
 * change); the invite's UID is derived from the id.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => facilityLeads.id, { onDelete: "cascade" }),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    /** booked | cancelled | held | missed */
    status: text("status").notNull().default("booked"),
    sequence: integer("sequence").notNull().default(0),
    /** The lead's zone when they booked (their browser's, else their facility's state's): their e-mails show times in it. */
    leadTimeZone: text("lead_time_zone").notNull(),
    /** The event's address in the staff member's CalDAV calendar, once written there. */
    calendarHref: text("calendar_href"),
    /**
     * Whose calendar holds that event: after a move to another staff member it is still the
     * previous one's until the event is taken out there (the sweep tries again until then).
     */
    calendarStaffId: uuid("calendar_staff_id").references(() => staffAccounts.id, { onDelete: "set null" }),
    /**
     * The calendar still to be told of the last change (decision 0043): set with the change, cleared
     * once the staff member's calendar took it; the bookings sweep tries again until then.
     */
    calendarPending: boolean("calendar_pending").notNull().default(false),
    /** Why the last calendar write failed, in words staff read on the call (never a person's data); null when none failed. */
    calendarProblem: text("calendar_problem"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex(STAFF_START_INDEX)
      .on(t.staffId, t.startAt)
      .where(sql`${t.status} = 'booked'`),
    uniqueIndex(ONE_PER_LEAD_INDEX)
      .on(t.leadId)
      .where(sql`${t.status} = 'booked'`),
    index("bookings_start_idx").on(t.startAt),
    // The cancelled calls still in a staff member's calendar (calendar-removals.ts): few, found at once.
    // The calls whose calendar write is still to be made (the sweep's retries): few, found at once.
    index("bookings_calendar_pending_idx")
      .on(t.staffId)
      .where(sql`${t.calendarPending}`),
    index("bookings_calendar_removal_idx")
      .on(t.staffId)
      .where(sql`${t.status} = 'cancelled' and ${t.calendarHref} is not null`),
    check("bookings_status_check", sql`${t.status} in ('booked', 'cancelled', 'held', 'missed')`),
    check("bookings_span_check", sql`${t.endAt} > ${t.startAt}`),
  ],
);

/**
 * What happened to each booked call, in order (the lead's timeline): booked, moved, cancelled,
 * held, missed; by whom ("lead" or "staff:<e-mail>") and the call's time after the change.
 */
export const bookingChanges = pgTable(
  "booking_changes",
  {
    id: uuid("id").primaryKey(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actor: text("actor").notNull(),
    /** booked | moved | cancelled | held | missed | offered (staff e-mailed new times after a missed call, decision 0045) */
    kind: text("kind").notNull(),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    /** The staff member's shown name then. */
    withName: text("with_name").notNull(),
  },
  (t) => [
    index("booking_changes_lead_idx").on(t.leadId, t.at),
    check(
      "booking_changes_kind_check",
      sql`${t.kind} in ('booked', 'moved', 'cancelled', 'held', 'missed', 'offered')`,
    ),
  ],
);
