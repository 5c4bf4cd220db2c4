import type { FastifyInstance } from "fastify";
import { BOOKING_MESSAGES as M, type BookingAnswer } from "../../domain/booking-requests";
import { onGrid, weekStartOf, whoTakes, type CallTaker } from "../../domain/booking-slots";
import { violatedUniqueIndex } from "../store/money-guards";
import { issueQualificationToken, leadOfToken } from "../store/qualification-tokens";
import type { Database } from "../store/database";
import { ONE_PER_LEAD_INDEX, STAFF_START_INDEX } from "../store/schema";
import { doNotContactOf } from "../privacy";
import { BOOKING_LIMITS, mayChangeAgain } from "../../domain/booking-eligibility";
import { bookedTodayFromDomain, eligibilityOf, leadChangesToday } from "./booking-eligibility-facts";
import { bookingRulesOf, callTakersNow, type CalendarCache } from "./booking-offer";
import { queueCalendarWrite } from "./calendar-retries";
import { writeBookingNotices, type StaffSide } from "./booking-notices";
import { callNextSteps } from "../../domain/call-next-steps";
import { timeZoneOfState } from "../../domain/state-time-zones";
import {
  activeBookingOf,
  bookingById,
  callsInWeek,
  callsOfLead,
  latestBookingOf,
  cancelPendingReminder,
  endBooking,
  insertBooking,
  leadForBooking,
  moveBooking,
  recordChange,
  type BookingLead,
  type BookingRow,
} from "./bookings-repository";

/**
 * Booking, moving and cancelling a call (decision 0036). "Never twice at one time" is the database's
 * (bookings_staff_start_idx): the person chosen is tried in a transaction of its own, and when
 * another process got there first the next free person is tried, then the lead is told the time
 * was just taken.
 */

export type Outcome =
  | { ok: true; status: 200 | 201; answer: BookingAnswer }
  | { ok: false; status: 400 | 401 | 403 | 404 | 409 | 429; error: string; taken?: boolean };

/** The history's actor when the lead changed their own call. */
const LEAD_ACTOR = "lead";

const refuse = (status: 400 | 401 | 403 | 404 | 409 | 429, error: string, taken = false): Outcome => ({
  ok: false,
  status,
  error,
  ...(taken ? { taken } : {}),
});

const answerOf = (booking: BookingRow, staff: StaffSide): BookingAnswer => ({
  booking: {
    id: booking.id,
    start: booking.startAt.toISOString(),
    end: booking.endAt.toISOString(),
    with: staff.shownName,
  },
});

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

/** Tries each free person in turn; the first insert the database accepts wins. */
async function tryEach(
  app: FastifyInstance,
  people: CallTaker[],
  start: number,
  now: Date,
  write: (staffId: string) => Promise<BookingRow | undefined>,
): Promise<BookingRow | "taken" | "lead_has_one"> {
  const rules = bookingRulesOf(app.config);
  if (!onGrid(start, rules.callMinutes)) return "taken";
  const counts = await callsInWeek(app.store.db, weekStartOf(start));
  for (const staffId of whoTakes(people, rules, now.getTime(), start, counts)) {
    try {
      const row = await write(staffId);
      if (row) return row;
      return "taken";
    } catch (error) {
      const index = violatedUniqueIndex(error);
      if (index === STAFF_START_INDEX) continue;
      if (index === ONE_PER_LEAD_INDEX) return "lead_has_one";
      throw error;
    }
  }
  return "taken";
}

const staffSideOf = (row: { email: string; shownName: string; timeZone: string }): StaffSide => ({
  email: row.email,
  shownName: row.shownName,
  timeZone: row.timeZone,
});

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
  if ((await bookedTodayFromDomain(app.store.db, lead.email, now)) >= BOOKING_LIMITS.perEmailDomainPerDay)
    return refuse(429, M.busyToday);
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
  if ((await bookedTodayFromDomain(app.store.db, lead.email, now)) >= BOOKING_LIMITS.perEmailDomainPerDay)
    return refuse(429, M.staffBusyToday);
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

/** The booking itself, whoever asked: the free person with the fewest calls, the history, the notices, the calendar write. */
async function bookFor(
  app: FastifyInstance,
  calendars: CalendarCache,
  input: {
    lead: BookingLead;
    start: number;
    timeZone: string;
    actor: string;
    token: (tx: Database) => Promise<string> | string;
    /** The words when the lead has a call booked already (the lead's, or staff's). */
    alreadyBooked: string;
    now: Date;
  },
): Promise<Outcome> {
  const { lead, now } = input;
  const { people, rows } = await callTakersNow(app.store.db, calendars, now.getTime());
  const end = input.start + app.config.BOOKING_CALL_MINUTES * 60_000;
  const result = await tryEach(app, people, input.start, now, (staffId) =>
    app.store.db.transaction(async (tx) => {
      const booking = await insertBooking(tx, {
        leadId: lead.id,
        staffId,
        start: input.start,
        end,
        leadTimeZone: input.timeZone,
        now,
      });
      const staff = staffSideOf(rows.get(staffId)!);
      await recordChange(tx, booking, { kind: "booked", actor: input.actor, withName: staff.shownName, now });
      await writeBookingNotices(app, tx, "booked", {
        booking,
        lead,
        staff,
        token: await input.token(tx),
        now,
      });
      return booking;
    }),
  );
  if (result === "taken") return refuse(409, M.taken, true);
  if (result === "lead_has_one") return refuse(409, input.alreadyBooked);
  const staff = staffSideOf(rows.get(result.staffId)!);
  app.outbox?.wake();
  await queueCalendarWrite(app, calendars, { booking: result, lead, staff });
  return { ok: true, status: 201, answer: answerOf(result, staff) };
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

/** The move itself, whoever asked: the free person with the fewest calls, SEQUENCE raised, the reminder anew, the notices. */
async function moveBookedCall(
  app: FastifyInstance,
  calendars: CalendarCache,
  input: {
    booking: BookingRow;
    lead: BookingLead;
    start: number;
    actor: string;
    token: (tx: Database) => Promise<string> | string;
    now: Date;
  },
): Promise<Outcome> {
  const { booking, lead, now } = input;
  const { people, rows } = await callTakersNow(app.store.db, calendars, now.getTime(), booking.id);
  const end = input.start + app.config.BOOKING_CALL_MINUTES * 60_000;
  const result = await tryEach(app, people, input.start, now, (staffId) =>
    app.store.db.transaction(async (tx) => {
      const moved = await moveBooking(tx, booking.id, { staffId, start: input.start, end, now });
      if (!moved) return undefined;
      await cancelPendingReminder(tx, lead.id);
      const staff = staffSideOf(rows.get(staffId)!);
      await recordChange(tx, moved, { kind: "moved", actor: input.actor, withName: staff.shownName, now });
      await writeBookingNotices(app, tx, "moved", {
        booking: moved,
        lead,
        staff,
        token: await input.token(tx),
        previousStart: booking.startAt,
        now,
      });
      return moved;
    }),
  );
  if (result === "taken" || result === "lead_has_one") return refuse(409, M.taken, true);
  const staff = staffSideOf(rows.get(result.staffId)!);
  app.outbox?.wake();
  await queueCalendarWrite(app, calendars, { booking: result, lead, staff });
  return { ok: true, status: 200, answer: answerOf(result, staff) };
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
