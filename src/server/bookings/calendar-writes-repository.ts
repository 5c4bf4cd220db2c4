import { asc, eq } from "drizzle-orm";
import { BOOKING_MESSAGES } from "../../domain/booking-requests";
import type { Database } from "../store/database";
import { bookings } from "../store/schema";
import type { BookingRow } from "./bookings-repository";

/**
 * Each call's calendar write (decision 0043): pending until the staff member's calendar took the
 * last change, why it failed, and whose calendar holds the event (calendar-retries.ts writes them).
 */

/** The call's change is still to reach the staff member's calendar (set with each change, before the write is tried). */
export async function markCalendarPending(db: Database, id: string): Promise<void> {
  await db.update(bookings).set({ calendarPending: true }).where(eq(bookings.id, id));
}

/** The calendar took the call's last change. Answers true. */
export async function calendarWritten(db: Database, id: string): Promise<true> {
  await db.update(bookings).set({ calendarPending: false, calendarProblem: null }).where(eq(bookings.id, id));
  return true;
}

/** The calendar did not take it: staff read why on the call; it stays pending for the sweep. */
export async function calendarFailed(db: Database, id: string): Promise<void> {
  await db.update(bookings).set({ calendarProblem: BOOKING_MESSAGES.calendarWriteFailed }).where(eq(bookings.id, id));
}

/** The calls whose calendar write is still to be made, oldest change first. */
export async function pendingCalendarWrites(db: Database, limit = 100): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(eq(bookings.calendarPending, true))
    .orderBy(asc(bookings.updatedAt))
    .limit(limit);
}

/** The call's event written (its address, in that staff member's calendar) or taken out (null). */
export async function setCalendarHref(
  db: Database,
  id: string,
  event: { href: string; staffId: string } | null,
): Promise<void> {
  await db
    .update(bookings)
    .set({ calendarHref: event?.href ?? null, calendarStaffId: event?.staffId ?? null })
    .where(eq(bookings.id, id));
}
