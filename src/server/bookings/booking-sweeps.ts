import { and, eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { bookings } from "../store/schema";
import type { CalendarCache } from "./booking-offer";
import { staffCalendarAccess } from "./booking-calendar-sync";
import { setCalendarHref } from "./calendar-writes-repository";
import { removeEvent } from "./caldav-calendar";
import { cancelCallsOfOptedOut } from "./do-not-contact-calls";
import { onceAcrossFleet } from "../store/fleet-lock";
import { retryCalendarWrites } from "./calendar-retries";

/** How often cancelled calls still in a calendar are looked for (a calendar that was down, an erasure by the retention job). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Cancelled calls whose event is still in a staff member's CalDAV calendar are taken out of it
 * (decision 0036): a person erased (erasure cancels their booked call: the event names them), and a
 * cancel whose removal failed while the calendar was down. Answers how many events left.
 */
async function removeCancelledEvents(app: FastifyInstance, calendars: CalendarCache): Promise<number> {
  const db = app.store.db;
  const rows = await db
    .select({ id: bookings.id, owner: bookings.calendarStaffId, href: bookings.calendarHref })
    .from(bookings)
    .where(and(eq(bookings.status, "cancelled"), isNotNull(bookings.calendarHref)))
    .limit(200);
  let removed = 0;
  for (const row of rows) {
    try {
      // The calendar that holds the event; none when its owner's account is gone, or no calendar is
      // linked any more (or its password cannot be opened): nothing this server can take out.
      const access = row.owner ? await staffCalendarAccess(app, db, row.owner) : undefined;
      if (access) await removeEvent(access, row.href!);
      await setCalendarHref(db, row.id, null);
      if (row.owner) calendars.forget(row.owner);
      if (access) removed++;
    } catch (error) {
      app.log.warn(
        { booking: row.id, err: { message: String((error as Error).message).slice(0, 200) } },
        "a cancelled call could not be taken out of the staff member's calendar",
      );
    }
  }
  return removed;
}

/**
 * What a privacy request leaves the bookings to do: the calls of people who asked not to be
 * contacted called off, and cancelled calls (an erased person's) out of staff's calendars; and
 * every call whose calendar write failed written again (decision 0043).
 */
export async function sweepBookings(app: FastifyInstance, calendars: CalendarCache): Promise<void> {
  await cancelCallsOfOptedOut(app, calendars);
  await removeCancelledEvents(app, calendars);
  await retryCalendarWrites(app, calendars);
}

/** Runs the sweep every minute once the server is ready, until it closes. */
export function startBookingSweeps(app: FastifyInstance, calendars: CalendarCache): void {
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      await onceAcrossFleet(app.store, "bookings-sweep", () => sweepBookings(app, calendars));
    } catch (error) {
      app.log.warn({ err: { message: String((error as Error).message).slice(0, 200) } }, "bookings sweep failed");
    }
  };
  app.addHook("onReady", async () => {
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
