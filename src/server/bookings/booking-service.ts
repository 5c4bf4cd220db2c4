import type { FastifyInstance } from "fastify";
import { BOOKING_MESSAGES as M } from "../../domain/booking-requests";
import { leadOfToken } from "../store/qualification-tokens";
import { mayChangeAgain } from "../../domain/booking-eligibility";
import { domainBookedUpToday, eligibilityOf, leadChangesToday } from "./booking-eligibility-facts";
import type { CalendarCache } from "./booking-offer";
import { queueCalendarWrite } from "./calendar-retries";
import { writeBookingNotices, type StaffSide } from "./booking-notices";
import {
  activeBookingOf,
  bookingById,
  cancelPendingReminder,
  endBooking,
  leadForBooking,
  recordChange,
} from "./bookings-repository";
import { type Outcome, refuse, answerOf, bookFor, moveBookedCall } from "./booking-core";

/** The lead's own call (decision 0036): booked, moved and cancelled with the link of their own. */

/** The history's actor when the lead changed their own call. */
const LEAD_ACTOR = "lead";

/** The lead a token holder may book for: its own, qualified, not spam, not erased, not asked to be left alone (decision 0043). */
async function bookableLead(app: FastifyInstance, leadId: string, token: string, now: Date) {
  const db = app.store.db;
  const holder = await leadOfToken(db, token, now);
  if (!holder || holder.leadId !== leadId) return refuse(401, M.sessionExpired);
  const lead = await leadForBooking(db, leadId);
  if (!lead) return refuse(404, M.notBookable);
  const eligibility = await eligibilityOf(db, lead);
  if (eligibility === "closed") return refuse(404, M.notBookable);
  if (eligibility === "not_qualified") return refuse(403, M.notQualified);
  return lead;
}

/** A lead's own book or move past the day's changes (each e-mails an invite): refused. */
async function changesUsedUp(app: FastifyInstance, leadId: string, now: Date): Promise<Outcome | undefined> {
  if (mayChangeAgain(await leadChangesToday(app.store.db, leadId, now))) return undefined;
  return refuse(429, M.tooManyChanges);
}

export async function bookCall(
  app: FastifyInstance,
  calendars: CalendarCache,
  input: { leadId: string; token: string; start: number; timeZone: string },
): Promise<Outcome> {
  const now = new Date();
  const lead = await bookableLead(app, input.leadId, input.token, now);
  if ("ok" in lead) return lead;
  if (await activeBookingOf(app.store.db, lead.id)) return refuse(409, M.alreadyBooked);
  const usedUp = await changesUsedUp(app, lead.id, now);
  if (usedUp) return usedUp;
  if (await domainBookedUpToday(app.store.db, lead.email, now)) return refuse(429, M.busyToday);
  return bookFor(app, calendars, {
    lead,
    start: input.start,
    timeZone: input.timeZone,
    actor: LEAD_ACTOR,
    token: () => input.token,
    alreadyBooked: M.alreadyBooked,
    now,
  });
}

/** The lead's own booked call, still ahead; else the refusal. */
async function changeableBooking(app: FastifyInstance, bookingId: string, token: string, now: Date) {
  const db = app.store.db;
  const holder = await leadOfToken(db, token, now);
  if (!holder) return refuse(401, M.sessionExpired);
  const booking = await bookingById(db, bookingId);
  if (!booking || booking.leadId !== holder.leadId) return refuse(404, M.notFound);
  if (booking.status !== "booked") return refuse(409, M.cancelled);
  if (booking.startAt.getTime() <= now.getTime()) return refuse(409, M.started);
  const lead = await bookableLead(app, booking.leadId, token, now);
  if ("ok" in lead) return lead;
  return { booking, lead };
}

export async function moveCall(
  app: FastifyInstance,
  calendars: CalendarCache,
  input: { bookingId: string; token: string; start: number },
): Promise<Outcome> {
  const now = new Date();
  const found = await changeableBooking(app, input.bookingId, input.token, now);
  if ("ok" in found) return found;
  const usedUp = await changesUsedUp(app, found.lead.id, now);
  if (usedUp) return usedUp;
  return moveBookedCall(app, calendars, {
    ...found,
    start: input.start,
    actor: LEAD_ACTOR,
    token: () => input.token,
    now,
  });
}

export async function cancelCall(
  app: FastifyInstance,
  calendars: CalendarCache,
  input: { bookingId: string; token: string },
  staffOf: (staffId: string) => Promise<StaffSide | undefined>,
): Promise<Outcome> {
  const now = new Date();
  const found = await changeableBooking(app, input.bookingId, input.token, now);
  if ("ok" in found) return found;
  const { booking, lead } = found;
  const staff = await staffOf(booking.staffId);
  if (!staff) return refuse(404, M.notFound);
  const cancelled = await app.store.db.transaction(async (tx) => {
    const row = await endBooking(tx, booking.id, "cancelled", now);
    if (!row) return undefined;
    await cancelPendingReminder(tx, lead.id);
    await recordChange(tx, row, { kind: "cancelled", actor: LEAD_ACTOR, withName: staff.shownName, now });
    await writeBookingNotices(app, tx, "cancelled", { booking: row, lead, staff, token: input.token, now });
    return row;
  });
  if (!cancelled) return refuse(409, M.cancelled);
  app.outbox?.wake();
  await queueCalendarWrite(app, calendars, { booking: cancelled, lead, staff });
  return { ok: true, status: 200, answer: answerOf(cancelled, staff) };
}
