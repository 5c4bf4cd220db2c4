import type { FastifyInstance } from "fastify";
import { calendarInviteText } from "../mail";
import type { Database } from "../store/database";
import { staffAvailability } from "../store/schema";
import { eq } from "drizzle-orm";
import { calendarAccessOf, type CalendarCache } from "./booking-offer";
import type { BookingLead, BookingRow } from "./bookings-repository";
import { calendarFailed, calendarWritten, setCalendarHref } from "./calendar-writes-repository";
import { removeEvent, writeEvent } from "./caldav-calendar";
import { inviteOf, type StaffSide } from "./booking-notices";

/** The domain of every invite's UID: the sender's, else the site's host. */
const uidDomainOf = (app: FastifyInstance) =>
  app.mail?.messageIdDomain ?? new URL(app.config.SITE_URL ?? "http://localhost").hostname;

/** A staff member's CalDAV access; undefined when none is linked or its password cannot be opened. */
export async function staffCalendarAccess(app: FastifyInstance, db: Database, staffId: string) {
  const [row] = await db.select().from(staffAvailability).where(eq(staffAvailability.staffId, staffId)).limit(1);
  try {
    return row ? calendarAccessOf(row, app.config.STAFF_SECRET_KEY, app.bookingCalendars.guardedFetch) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * After the change is committed: the call written into (or removed from) the staff member's
 * CalDAV calendar, when one is linked. A call moved to another staff member first leaves the
 * calendar that holds its event (`calendarStaffId`). A calendar that refuses is logged and its
 * problem kept on the call (staff see it); the booking stands (the invite e-mail carries it too)
 * and stays pending: the bookings sweep tries again (calendar-retries.ts), the removal from the
 * previous calendar included. Answers whether it was written.
 */
export async function syncCalendar(
  app: FastifyInstance,
  calendars: CalendarCache,
  input: { booking: BookingRow; lead: BookingLead; staff: StaffSide },
): Promise<boolean> {
  const db = app.store.db;
  const { booking } = input;
  try {
    if (booking.calendarHref && booking.calendarStaffId !== booking.staffId) {
      // Null when that staff member's account is gone: their calendar is no longer ours to reach.
      const previous = booking.calendarStaffId && (await staffCalendarAccess(app, db, booking.calendarStaffId));
      if (previous) await removeEvent(previous, booking.calendarHref);
      if (booking.calendarStaffId) calendars.forget(booking.calendarStaffId);
      booking.calendarHref = null;
      booking.calendarStaffId = null;
      await setCalendarHref(db, booking.id, null);
    }
    const access = await staffCalendarAccess(app, db, booking.staffId);
    calendars.forget(booking.staffId);
    if (!access) return await calendarWritten(db, booking.id);
    if (booking.status === "cancelled") {
      if (booking.calendarHref) await removeEvent(access, booking.calendarHref);
      await setCalendarHref(db, booking.id, null);
      return await calendarWritten(db, booking.id);
    }
    const brand = { brandName: app.config.VITE_BRAND_NAME, phone: app.config.VITE_CONTACT_PHONE };
    const invite = inviteOf(booking, input.lead, input.staff, brand, uidDomainOf(app));
    const href = await writeEvent(
      access,
      invite.uid,
      calendarInviteText(invite, { stored: true }),
      booking.calendarHref,
    );
    await setCalendarHref(db, booking.id, { href, staffId: booking.staffId });
    return await calendarWritten(db, booking.id);
  } catch (error) {
    app.log.warn(
      { booking: booking.id, err: { message: String((error as Error).message).slice(0, 200) } },
      "the call could not be written to the staff member's calendar",
    );
    await calendarFailed(db, booking.id).catch(() => undefined);
    return false;
  }
}
