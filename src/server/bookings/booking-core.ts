import type { FastifyInstance } from "fastify";
import { BOOKING_MESSAGES as M, type BookingAnswer } from "../../domain/booking-requests";
import { onGrid, weekStartOf, whoTakes, type CallTaker } from "../../domain/booking-slots";
import { violatedUniqueIndex } from "../store/money-guards";
import type { Database } from "../store/database";
import { ONE_PER_LEAD_INDEX, STAFF_START_INDEX } from "../store/schema";
import { bookingRulesOf, callTakersNow, type CalendarCache } from "./booking-offer";
import { queueCalendarWrite } from "./calendar-retries";
import { writeBookingNotices, type StaffSide } from "./booking-notices";
import {
  callsInWeek,
  cancelPendingReminder,
  insertBooking,
  moveBooking,
  recordChange,
  type BookingLead,
  type BookingRow,
} from "./bookings-repository";

/**
 * The booking and the move themselves, whoever asks: the lead (booking-service.ts) or staff
 * (staff-booking-service.ts) (decision 0036). "Never twice at one time" is the database's
 * (bookings_staff_start_idx): the person chosen is tried in a transaction of its own, and when
 * another process got there first the next free person is tried, then the lead is told the time
 * was just taken.
 */

export type Outcome =
  | { ok: true; status: 200 | 201; answer: BookingAnswer }
  | { ok: false; status: 400 | 401 | 403 | 404 | 409 | 429; error: string; taken?: boolean };

export const refuse = (status: 400 | 401 | 403 | 404 | 409 | 429, error: string, taken = false): Outcome => ({
  ok: false,
  status,
  error,
  ...(taken ? { taken } : {}),
});

export const answerOf = (booking: BookingRow, staff: StaffSide): BookingAnswer => ({
  booking: {
    id: booking.id,
    start: booking.startAt.toISOString(),
    end: booking.endAt.toISOString(),
    with: staff.shownName,
  },
});

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

/** The booking itself, whoever asked: the free person with the fewest calls, the history, the notices, the calendar write. */
export async function bookFor(
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

/** The move itself, whoever asked: the free person with the fewest calls, SEQUENCE raised, the reminder anew, the notices. */
export async function moveBookedCall(
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
