import type { FastifyInstance } from "fastify";
import { BOOKING_MESSAGES as M } from "../../domain/booking-requests";
import { issueQualificationToken } from "../store/qualification-tokens";
import { doNotContactOf } from "../privacy";
import { domainBookedUpToday, eligibilityOf } from "./booking-eligibility-facts";
import type { CalendarCache } from "./booking-offer";
import { callNextSteps } from "../../domain/call-next-steps";
import { timeZoneOfState } from "../../domain/state-time-zones";
import { bookingById, callsOfLead, latestBookingOf, leadForBooking, type BookingLead } from "./bookings-repository";
import { type Outcome, refuse, bookFor, moveBookedCall } from "./booking-core";

/** Staff book or move a lead's call (decisions 0036 and 0045), by the same rules as the lead's own. */

/**
 * The lead a staff member may offer times to or book a call for (decision 0045): there, not erased,
 * not spam, not asked to be left alone, qualified; else the refusal in staff's words.
 */
export async function staffCallableLead(app: FastifyInstance, leadId: string): Promise<BookingLead | Outcome> {
  const db = app.store.db;
  const lead = await leadForBooking(db, leadId);
  if (!lead) return refuse(404, M.staffLeadNotFound);
  if (lead.erasedAt) return refuse(409, M.staffErased);
  if (lead.isSpam) return refuse(409, M.staffSpam);
  if ((await doNotContactOf(db, lead)) !== false) return refuse(409, M.staffDoNotContact);
  const eligibility = await eligibilityOf(db, lead);
  if (eligibility === "not_qualified") return refuse(409, M.staffNotQualified);
  if (eligibility === "closed") return refuse(409, M.staffDoNotContact);
  return lead;
}

/**
 * "Book for the lead" (decision 0045): a staff member books one of the times offered for a lead with
 * no call booked, through the same path as the lead's own booking (the same people, grid, limits
 * per e-mail domain, one call per lead, invites to both, reminder, calendar write). The lead's
 * e-mail carries a fresh link of their own to move or cancel it. A second click finds the call
 * booked (one per lead, the database's index) and books nothing more.
 */
export async function staffBookCall(
  app: FastifyInstance,
  calendars: CalendarCache,
  input: { leadId: string; start: number; actor: string },
): Promise<Outcome> {
  const now = new Date();
  const lead = await staffCallableLead(app, input.leadId);
  if ("ok" in lead) return lead;
  const calls = await callsOfLead(app.store.db, lead.id);
  if (callNextSteps(calls).book) return refuse(409, M.staffHasBookedCall);
  if (await domainBookedUpToday(app.store.db, lead.email, now)) return refuse(429, M.staffBusyToday);
  return bookFor(app, calendars, {
    lead,
    start: input.start,
    // The zone the lead last booked in (their browser's), else their facility's state's.
    timeZone: (await latestBookingOf(app.store.db, lead.id))?.leadTimeZone ?? timeZoneOfState(lead.location),
    actor: input.actor,
    token: (tx) => issueQualificationToken(tx, lead.id, now),
    alreadyBooked: M.staffHasBookedCall,
    now,
  });
}

/**
 * Staff move a lead's call (decision 0036) to one of the times offered, by the same rules as the
 * lead's move; the lead's e-mail carries a fresh link of their own to move or cancel it again.
 */
export async function staffMoveCall(
  app: FastifyInstance,
  calendars: CalendarCache,
  input: { bookingId: string; start: number; actor: string },
): Promise<Outcome> {
  const now = new Date();
  const booking = await bookingById(app.store.db, input.bookingId);
  if (!booking) return refuse(404, M.notFound);
  if (booking.status !== "booked") return refuse(409, M.notBookedNow);
  if (booking.startAt.getTime() <= now.getTime()) return refuse(409, M.started);
  const lead = await leadForBooking(app.store.db, booking.leadId);
  if (!lead || lead.isSpam || lead.erasedAt) return refuse(404, M.notBookable);
  if ((await doNotContactOf(app.store.db, lead)) !== false) return refuse(409, M.doNotContact);
  return moveBookedCall(app, calendars, {
    booking,
    lead,
    start: input.start,
    actor: input.actor,
    token: (tx) => issueQualificationToken(tx, lead.id, now),
    now,
  });
}
