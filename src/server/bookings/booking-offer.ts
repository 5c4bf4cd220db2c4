import type { FastifyBaseLogger } from "fastify";
import type { SlotsAnswer } from "../../domain/booking-requests";
import { offeredStarts, type BookingRules, type CallTaker, type Interval } from "../../domain/booking-slots";
import type { Config } from "../config";
import type { Database } from "../store/database";
import { openSecret } from "../sealed-secrets";
import { bookedCalls, callTakers, type AvailabilityRow } from "./bookings-repository";
import { busyTimes, type CalendarAccess } from "./caldav-calendar";

/** How far ahead a calendar is read: past any offer's end (20 business days and their weekends). */
const READ_AHEAD_MS = 31 * 86_400_000;

export const bookingRulesOf = (config: Config): BookingRules => ({
  callMinutes: config.BOOKING_CALL_MINUTES,
  minNoticeMinutes: config.BOOKING_MIN_NOTICE_MINUTES,
  days: config.BOOKING_DAYS,
});

/** A person's CalDAV access, the password opened with STAFF_SECRET_KEY; undefined when none is linked. */
export function calendarAccessOf(
  row: AvailabilityRow,
  key: Buffer | undefined,
  guardedFetch: typeof fetch,
): CalendarAccess | undefined {
  if (!row.caldavUrl || !row.caldavUsername || row.caldavPassword === null) return undefined;
  return {
    url: row.caldavUrl,
    username: row.caldavUsername,
    password: openSecret(row.caldavPassword, key),
    fetch: guardedFetch,
  };
}

interface CachedCalendar {
  readAt: number;
  /** Undefined: the calendar could not be read then. */
  busy: Interval[] | undefined;
}

/**
 * The busy times of each linked calendar, read at most once per BOOKING_CALENDAR_CACHE_SECONDS
 * (per process). A read that fails makes the person's times unavailable until a read succeeds:
 * a double booking is worse than a missed offer.
 */
export class CalendarCache {
  private readonly entries = new Map<string, CachedCalendar>();

  constructor(
    private readonly ttlMs: number,
    private readonly key: Buffer | undefined,
    private readonly log: FastifyBaseLogger,
    /** Every calendar request's fetch (caldav-fetch.ts: public addresses, or CALDAV_ALLOWED_HOSTS). */
    readonly guardedFetch: typeof fetch,
  ) {}

  async busyOf(row: AvailabilityRow, now: number): Promise<Interval[] | undefined> {
    let access: CalendarAccess | undefined;
    try {
      access = calendarAccessOf(row, this.key, this.guardedFetch);
    } catch {
      return undefined; // sealed, and the key is gone or changed: unreadable
    }
    if (!access) return [];
    const cached = this.entries.get(row.staffId);
    if (cached && now - cached.readAt < this.ttlMs) return cached.busy;
    let busy: Interval[] | undefined;
    try {
      busy = await busyTimes(access, now - 86_400_000, now + READ_AHEAD_MS);
    } catch (error) {
      this.log.warn(
        { staffId: row.staffId, err: { message: String((error as Error).message).slice(0, 200) } },
        "calendar could not be read",
      );
      busy = undefined;
    }
    this.entries.set(row.staffId, { readAt: now, busy });
    return busy;
  }

  /** Whether the last read of this person's calendar failed (the console says why their times are not offered). */
  failed(staffId: string): boolean {
    const cached = this.entries.get(staffId);
    return cached !== undefined && cached.busy === undefined;
  }

  forget(staffId: string): void {
    this.entries.delete(staffId);
  }
}

/** Everyone who takes calls, with their busy times: their calendar's and their booked calls (one booking left out: the one being moved). */
export async function callTakersNow(
  db: Database,
  calendars: CalendarCache,
  now: number,
  exceptBooking?: string,
): Promise<{ people: CallTaker[]; rows: Map<string, AvailabilityRow & { email: string }> }> {
  const rows = await callTakers(db);
  const booked = await bookedCalls(
    db,
    rows.map((row) => row.staffId),
    now - 86_400_000,
    now + READ_AHEAD_MS,
    exceptBooking,
  );
  const people = await Promise.all(
    rows.map(async (row): Promise<CallTaker> => {
      const calendar = await calendars.busyOf(row, now);
      return {
        id: row.staffId,
        timeZone: row.timeZone,
        weekly: row.weekly,
        busy: calendar === undefined ? undefined : [...calendar, ...(booked.get(row.staffId) ?? [])],
      };
    }),
  );
  return { people, rows: new Map(rows.map((row) => [row.staffId, row])) };
}

/** The times offered now, read in a zone (one booking left out: the one being moved). */
export async function offerNow(
  db: Database,
  calendars: CalendarCache,
  config: Config,
  timeZone: string,
  exceptBooking?: string,
): Promise<SlotsAnswer> {
  const now = Date.now();
  const rules = bookingRulesOf(config);
  const { people } = await callTakersNow(db, calendars, now, exceptBooking);
  const callMs = rules.callMinutes * 60_000;
  return {
    timeZone,
    callMinutes: rules.callMinutes,
    slots: offeredStarts(people, rules, now).map((start) => ({
      start: new Date(start).toISOString(),
      end: new Date(start + callMs).toISOString(),
    })),
  };
}
