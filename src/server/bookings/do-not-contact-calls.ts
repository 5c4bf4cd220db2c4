import { and, eq, gt, inArray, or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { phoneDigits } from "../../domain/phone";
import { bookings, contactOptOuts, facilityLeads, staffAccounts, staffAvailability } from "../store/schema";
import type { CalendarCache } from "./booking-offer";
import { syncCalendar } from "./booking-calendar-sync";
import { writeBookingNotices } from "./booking-notices";
import { cancelPendingReminder, endBooking, leadForBooking, recordChange } from "./bookings-repository";

/** The history's actor when a call is called off because its person asked not to be contacted. */
export const DO_NOT_CONTACT_ACTOR = "system:do-not-contact";

/** A lead's phone as the opt-out list keeps it (its last 10 digits), else undefined. */
const listedDigits = (phone: string) => {
  const digits = phoneDigits(phone);
  return digits.length >= 10 ? digits.slice(-10) : undefined;
};

/**
 * Calls still ahead whose person asked not to be contacted since they booked (decision 0036): called
 * off, so nobody calls them. The staff member gets the cancel (their invite and calendar), the
 * pipeline `lead.call_cancelled`; the lead is not written to. Answers how many.
 */
export async function cancelCallsOfOptedOut(app: FastifyInstance, calendars: CalendarCache): Promise<number> {
  const db = app.store.db;
  const now = new Date();
  const ahead = await db
    .select({ id: bookings.id, leadId: bookings.leadId, email: facilityLeads.email, phone: facilityLeads.phone })
    .from(bookings)
    .innerJoin(facilityLeads, eq(facilityLeads.id, bookings.leadId))
    .where(and(eq(bookings.status, "booked"), gt(bookings.startAt, now)))
    .limit(1000);
  if (ahead.length === 0) return 0;
  const emails = [...new Set(ahead.map((row) => row.email.toLowerCase()))];
  const phones = [...new Set(ahead.map((row) => listedDigits(row.phone)).filter((d): d is string => !!d))];
  const listed = await db
    .select({ email: contactOptOuts.email, phoneDigits: contactOptOuts.phoneDigits })
    .from(contactOptOuts)
    .where(
      or(
        inArray(contactOptOuts.email, emails),
        ...(phones.length > 0 ? [inArray(contactOptOuts.phoneDigits, phones)] : []),
      ),
    );
  const listedEmails = new Set(listed.map((row) => row.email));
  const listedPhones = new Set(listed.map((row) => row.phoneDigits));
  const refused = ahead.filter(
    (row) => listedEmails.has(row.email.toLowerCase()) || listedPhones.has(listedDigits(row.phone) ?? "-"),
  );
  let cancelled = 0;
  for (const row of refused) {
    const lead = await leadForBooking(db, row.leadId);
    if (!lead) continue;
    const ended = await db.transaction(async (tx) => {
      const booking = await endBooking(tx, row.id, "cancelled", now);
      if (!booking) return undefined;
      const [staff] = await tx
        .select({
          email: staffAccounts.email,
          shownName: staffAvailability.shownName,
          timeZone: staffAvailability.timeZone,
        })
        .from(staffAvailability)
        .innerJoin(staffAccounts, eq(staffAccounts.id, staffAvailability.staffId))
        .where(eq(staffAvailability.staffId, booking.staffId));
      const side = staff ?? { email: "", shownName: "", timeZone: "UTC" };
      await cancelPendingReminder(tx, lead.id);
      await recordChange(tx, booking, {
        kind: "cancelled",
        actor: DO_NOT_CONTACT_ACTOR,
        withName: side.shownName,
        now,
      });
      if (staff)
        await writeBookingNotices(app, tx, "cancelled", { booking, lead, staff, token: "", now, toLead: false });
      return { booking, staff };
    });
    if (!ended) continue;
    cancelled++;
    if (ended.staff) await syncCalendar(app, calendars, { booking: ended.booking, lead, staff: ended.staff });
  }
  if (cancelled > 0) app.outbox?.wake();
  return cancelled;
}
