import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { staffAccounts, staffAvailability } from "../store/schema";
import type { CalendarCache } from "./booking-offer";
import { syncCalendar } from "./booking-calendar-sync";
import type { StaffSide } from "./booking-notices";
import { leadForBooking, type BookingLead, type BookingRow } from "./bookings-repository";
import { markCalendarPending, pendingCalendarWrites } from "./calendar-writes-repository";

/**
 * A call's calendar write leaves the lead's request (decision 0043): the change marks the call
 * pending, the write is tried at once in the background, and the bookings sweep tries every call
 * still pending each minute, so a calendar down at booking gets the event when it is back. The
 * lead's answer never waits on CalDAV; staff see a failed write on the call.
 */

/** The writes this process is making now, by call: the sweep leaves those to finish. */
const inFlight = new WeakMap<FastifyInstance, Map<string, Promise<boolean>>>();

/** At setup (hooks cannot be added later): the process's writes, waited for when the server closes. */
export function watchCalendarWrites(app: FastifyInstance): void {
  const writes = new Map<string, Promise<boolean>>();
  inFlight.set(app, writes);
  app.addHook("onClose", async () => {
    await Promise.allSettled([...writes.values()]);
  });
}

const writesOf = (app: FastifyInstance) => inFlight.get(app) ?? new Map<string, Promise<boolean>>();

/** Marks the call pending, then tries its write without waiting for it (the server waits for it on close). */
export async function queueCalendarWrite(
  app: FastifyInstance,
  calendars: CalendarCache,
  input: { booking: BookingRow; lead: BookingLead; staff: StaffSide },
): Promise<void> {
  await markCalendarPending(app.store.db, input.booking.id);
  const writes = writesOf(app);
  const id = input.booking.id;
  const write = (writes.get(id) ?? Promise.resolve(true))
    .then(() => syncCalendar(app, calendars, input))
    .catch(() => false);
  writes.set(id, write);
  void write.finally(() => {
    if (writes.get(id) === write) writes.delete(id);
  });
}

/** Once the calendar writes under way have ended (tests read the calendar after them). */
export async function calendarWritesSettled(app: FastifyInstance): Promise<void> {
  await Promise.allSettled([...writesOf(app).values()]);
}

/** Each call still pending written again (its lead and staff member as they are now). Answers how many were written. */
export async function retryCalendarWrites(app: FastifyInstance, calendars: CalendarCache): Promise<number> {
  const db = app.store.db;
  let written = 0;
  const busy = writesOf(app);
  for (const booking of await pendingCalendarWrites(db)) {
    if (busy.has(booking.id)) continue;
    const lead = await leadForBooking(db, booking.leadId);
    const [staff] = await db
      .select({
        email: staffAccounts.email,
        shownName: staffAvailability.shownName,
        timeZone: staffAvailability.timeZone,
      })
      .from(staffAvailability)
      .innerJoin(staffAccounts, eq(staffAccounts.id, staffAvailability.staffId))
      .where(eq(staffAvailability.staffId, booking.staffId))
      .limit(1);
    if (!lead || !staff) continue;
    if (await syncCalendar(app, calendars, { booking, lead, staff })) written++;
  }
  return written;
}
