import { randomUUID } from "node:crypto";
import { and, asc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Interval } from "../../domain/booking-slots";
import type { Database } from "../store/database";
import { bookingChanges, bookings, deliveries, facilityLeads, staffAccounts, staffAvailability } from "../store/schema";

/** The bookings' reads and writes (decision 0036); the rules are in src/domain/booking-slots.ts. */

export type BookingRow = typeof bookings.$inferSelect;
export type AvailabilityRow = typeof staffAvailability.$inferSelect;

/** Everyone who takes calls, with a live account. */
export async function callTakers(db: Database): Promise<(AvailabilityRow & { email: string })[]> {
  const rows = await db
    .select({ availability: staffAvailability, email: staffAccounts.email })
    .from(staffAvailability)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffAvailability.staffId))
    .where(and(eq(staffAvailability.takesCalls, true), isNull(staffAccounts.disabledAt)));
  return rows.map((row) => ({ ...row.availability, email: row.email }));
}

/** The booked calls of these people between two instants, by person. */
export async function bookedCalls(
  db: Database,
  staffIds: string[],
  from: number,
  to: number,
  exceptBooking?: string,
): Promise<Map<string, Interval[]>> {
  const byStaff = new Map<string, Interval[]>();
  if (staffIds.length === 0) return byStaff;
  const rows = await db
    .select({ staffId: bookings.staffId, start: bookings.startAt, end: bookings.endAt, id: bookings.id })
    .from(bookings)
    .where(
      and(
        inArray(bookings.staffId, staffIds),
        eq(bookings.status, "booked"),
        lt(bookings.startAt, new Date(to)),
        sql`${bookings.endAt} > ${new Date(from).toISOString()}`,
      ),
    );
  for (const row of rows) {
    if (row.id === exceptBooking) continue;
    const list = byStaff.get(row.staffId) ?? [];
    list.push({ start: row.start.getTime(), end: row.end.getTime() });
    byStaff.set(row.staffId, list);
  }
  return byStaff;
}

/** How many calls each person has booked in a week (from its Monday, UTC). */
export async function callsInWeek(db: Database, weekStart: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ staffId: bookings.staffId, count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, ["booked", "held", "missed"]),
        gte(bookings.startAt, new Date(weekStart)),
        lt(bookings.startAt, new Date(weekStart + 7 * 86_400_000)),
      ),
    )
    .groupBy(bookings.staffId);
  return new Map(rows.map((row) => [row.staffId, Number(row.count)]));
}

/** What the bookings need of a lead: whether it may book, and whom to write to. */
export async function leadForBooking(db: Database, leadId: string) {
  const [row] = await db
    .select({
      id: facilityLeads.id,
      firstName: facilityLeads.firstName,
      lastName: facilityLeads.lastName,
      email: facilityLeads.email,
      phone: facilityLeads.phone,
      facilityName: facilityLeads.facilityName,
      location: facilityLeads.location,
      isSpam: facilityLeads.isSpam,
      erasedAt: facilityLeads.erasedAt,
      form: facilityLeads.form,
      title: facilityLeads.title,
      facilityType: facilityLeads.facilityType,
    })
    .from(facilityLeads)
    .where(eq(facilityLeads.id, leadId))
    .limit(1);
  return row;
}
export type BookingLead = NonNullable<Awaited<ReturnType<typeof leadForBooking>>>;

export async function bookingById(db: Database, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row;
}

/** The lead's booked call, if any. */
export async function activeBookingOf(db: Database, leadId: string): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.leadId, leadId), eq(bookings.status, "booked")))
    .limit(1);
  return row;
}

/** The lead's call with the latest start, whatever became of it (decision 0045: the zone they booked in). */
export async function latestBookingOf(db: Database, leadId: string): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(eq(bookings.leadId, leadId))
    .orderBy(sql`${bookings.startAt} desc`)
    .limit(1);
  return row;
}

export async function insertBooking(
  tx: Database,
  input: { leadId: string; staffId: string; start: number; end: number; leadTimeZone: string; now: Date },
): Promise<BookingRow> {
  const [row] = await tx
    .insert(bookings)
    .values({
      id: randomUUID(),
      leadId: input.leadId,
      staffId: input.staffId,
      startAt: new Date(input.start),
      endAt: new Date(input.end),
      leadTimeZone: input.leadTimeZone,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return row!;
}

/** Moves a booked call (its person may change); the invite's SEQUENCE is raised. Undefined when it is no longer booked. */
export async function moveBooking(
  tx: Database,
  id: string,
  input: { staffId: string; start: number; end: number; now: Date },
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({
      staffId: input.staffId,
      startAt: new Date(input.start),
      endAt: new Date(input.end),
      sequence: sql`${bookings.sequence} + 1`,
      updatedAt: input.now,
    })
    .where(and(eq(bookings.id, id), eq(bookings.status, "booked")))
    .returning();
  return row;
}

/** Ends a booked call as cancelled, held or missed; undefined when it was not booked. */
export async function endBooking(
  tx: Database,
  id: string,
  status: "cancelled" | "held" | "missed",
  now: Date,
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ status, updatedAt: now, ...(status === "cancelled" ? { sequence: sql`${bookings.sequence} + 1` } : {}) })
    .where(and(eq(bookings.id, id), eq(bookings.status, "booked")))
    .returning();
  return row;
}

/** The lead's reminder not yet sent is called off (a cancel or a move; a lead has one booked call at a time). */
export async function cancelPendingReminder(tx: Database, leadId: string): Promise<void> {
  await tx
    .update(deliveries)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(deliveries.recordId, leadId),
        eq(deliveries.destination, "mail:booking_reminder"),
        eq(deliveries.status, "pending"),
      ),
    );
}

/** "offered": staff e-mailed the lead new times after this call was missed (decision 0045). */
export type BookingChangeKind = "booked" | "moved" | "cancelled" | "held" | "missed" | "offered";

/** One line of the call's history (the lead's timeline), in the change's transaction. */
export async function recordChange(
  tx: Database,
  booking: BookingRow,
  change: { kind: BookingChangeKind; actor: string; withName: string; now: Date },
): Promise<void> {
  await tx.insert(bookingChanges).values({
    id: randomUUID(),
    bookingId: booking.id,
    leadId: booking.leadId,
    at: change.now,
    actor: change.actor,
    kind: change.kind,
    startAt: booking.startAt,
    withName: change.withName,
  });
}

/** The calls a lead booked, newest first, with whom and what happened to each, oldest first (the lead page, decision 0036). */
export async function callsOfLead(db: Database, leadId: string) {
  const rows = await db
    .select({
      id: bookings.id,
      start: bookings.startAt,
      end: bookings.endAt,
      status: bookings.status,
      with: staffAvailability.shownName,
      calendarProblem: bookings.calendarProblem,
    })
    .from(bookings)
    .leftJoin(staffAvailability, eq(staffAvailability.staffId, bookings.staffId))
    .where(eq(bookings.leadId, leadId))
    .orderBy(sql`${bookings.startAt} desc`);
  const changes = await db
    .select()
    .from(bookingChanges)
    .where(eq(bookingChanges.leadId, leadId))
    .orderBy(asc(bookingChanges.at), asc(bookingChanges.id));
  return rows.map((row) => ({
    id: row.id,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    status: row.status,
    with: row.with ?? "",
    calendarProblem: row.calendarProblem,
    history: changes
      .filter((change) => change.bookingId === row.id)
      .map((change) => ({
        at: change.at.toISOString(),
        kind: change.kind as BookingChangeKind,
        actor: change.actor,
        start: change.startAt.toISOString(),
        with: change.withName,
      })),
  }));
}
