import type { FastifyInstance } from "fastify";
import type { WeeklyHours } from "../../domain/booking-slots";
import type { Database } from "../store/database";
import { chatQualifications, staffAvailability } from "../store/schema";
import { addAccount } from "./staff-test-helpers";
import { homepageLead } from "./test-fixtures";

/** The bookings' tests (decision 0036): leads with their tokens, staff who take calls. */

export interface TestLead {
  id: string;
  qualificationToken: string;
}

/** Every hour of every day: the offer is never empty, whatever the time the test runs. */
export const ALL_WEEK: WeeklyHours[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: "00:00", to: "24:00" }));

export const BOOKING_TEST_CONFIG = {
  MIN_FILL_SECONDS: 0,
  BOOKING_MIN_NOTICE_MINUTES: 0,
  BOOKING_CALENDAR_CACHE_SECONDS: 0,
};

/**
 * A lead through the public form, with its own e-mail and phone, qualified by its chat (only a
 * qualified lead is offered times, decision 0043); `{ qualified: false }` leaves it at the form.
 */
export async function postLead(
  app: FastifyInstance,
  n: number,
  overrides: Record<string, unknown> = {},
  options: { qualified?: boolean } = {},
): Promise<TestLead> {
  const response = await app.inject({
    method: "POST",
    url: "/api/leads",
    payload: homepageLead({
      email: `lead.${n}@care${n}.example`,
      phone: `(404) 555-${String(1000 + n).slice(-4)}`,
      ...overrides,
    }),
  });
  if (response.statusCode !== 201) throw new Error(`lead answered ${response.statusCode}: ${response.body}`);
  const lead = response.json<TestLead>();
  if (options.qualified !== false) await qualify(app.store.db, lead.id);
  return lead;
}

/** The lead's chat, completed as a decision-maker's: qualified. */
export const qualify = (db: Database, leadId: string) =>
  db
    .insert(chatQualifications)
    .values({ leadId, answers: { role: "director_of_nursing" }, outcome: "qualified", completedAt: new Date() })
    .onConflictDoUpdate({ target: chatQualifications.leadId, set: { outcome: "qualified", completedAt: new Date() } });

/** A console account that takes calls. */
export async function addCallTaker(
  db: Database,
  email: string,
  options: {
    shownName?: string;
    timeZone?: string;
    weekly?: WeeklyHours[];
    caldav?: { url: string; username: string; password: string };
  } = {},
): Promise<string> {
  const account = await addAccount(db, email);
  await db.insert(staffAvailability).values({
    staffId: account.id,
    shownName: options.shownName ?? "Sam",
    timeZone: options.timeZone ?? "America/New_York",
    takesCalls: true,
    weekly: options.weekly ?? ALL_WEEK,
    caldavUrl: options.caldav?.url ?? null,
    caldavUsername: options.caldav?.username ?? null,
    caldavPassword: options.caldav?.password ?? null,
  });
  return account.id;
}

export const slotsOf = async (app: FastifyInstance, lead: TestLead, tz = "America/New_York") =>
  app.inject({
    method: "GET",
    url: `/api/bookings/slots?lead=${lead.id}&token=${lead.qualificationToken}&tz=${encodeURIComponent(tz)}`,
  });

export const book = (app: FastifyInstance, lead: TestLead, start: string) =>
  app.inject({
    method: "POST",
    url: "/api/bookings",
    payload: { lead: lead.id, token: lead.qualificationToken, start },
  });
