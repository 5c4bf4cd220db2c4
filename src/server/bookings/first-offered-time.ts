import type { FastifyInstance } from "fastify";
import { BOOKING_MESSAGES as M, SlotsQuerySchema } from "../../domain/booking-requests";
import { timeZoneOfState } from "../../domain/state-time-zones";
import { doNotContactOf } from "../privacy";
import { leadOfToken } from "../store/qualification-tokens";
import { parseBody } from "../validation";
import { offerNow, type CalendarCache } from "./booking-offer";
import { leadForBooking } from "./bookings-repository";

/** How long a promise waits for the calendars before it says nothing about a time (a lead is never held up). */
const BUDGET_MS = 2_000;

/**
 * The earliest call time offered now, which every "we'll call you" promise names: an
 * ISO instant, null when no time is offered, undefined when the offer could not be read in time.
 */
export async function firstOfferedStart(
  app: FastifyInstance,
  calendars: CalendarCache,
  timeZone: string,
): Promise<string | null | undefined> {
  // Read once per zone every few seconds, not once per lead: the intake's statement stays alone.
  const cache = recentAnswers.get(app) ?? new Map<string, { at: number; start: string | null }>();
  recentAnswers.set(app, cache);
  const recent = cache.get(timeZone);
  if (recent && Date.now() - recent.at < REUSE_MS) return recent.start;
  const start = await readFirstOfferedStart(app, calendars, timeZone);
  // A time and "none" are kept as long (staff's new hours show within REUSE_MS); "unknown" (the
  // calendars did not answer in time) is asked again by the next lead.
  if (start !== undefined) cache.set(timeZone, { at: Date.now(), start });
  return start;
}

/** How long the earliest time read for a zone is reused (the calendars' own cache is longer). */
const REUSE_MS = 10_000;
const recentAnswers = new WeakMap<FastifyInstance, Map<string, { at: number; start: string | null }>>();

async function readFirstOfferedStart(
  app: FastifyInstance,
  calendars: CalendarCache,
  timeZone: string,
): Promise<string | null | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), BUDGET_MS);
  });
  try {
    const offer = offerNow(app.store.db, calendars, app.config, timeZone).then(
      (answer) => answer.slots[0]?.start ?? null,
    );
    return await Promise.race([offer, late]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/bookings/first-time?lead&token&tz: the promise's time for the lead's own pages (the
 * thank-you page, the chat's end, /call): `{ timeZone, start }`, start null when no time is
 * offered to this lead (none open; or a lead caught as spam or asked not to be contacted), with
 * the server's `now`.
 */
export async function registerFirstOfferedTime(app: FastifyInstance, calendars: CalendarCache): Promise<void> {
  app.get("/api/bookings/first-time", async (request, reply) => {
    const query = parseBody(SlotsQuerySchema, request.query, reply);
    if (!query) return reply;
    const holder = await leadOfToken(app.store.db, query.token, new Date());
    if (!holder || holder.leadId !== query.lead) return reply.code(401).send({ error: M.sessionExpired });
    const lead = await leadForBooking(app.store.db, query.lead);
    if (!lead || lead.erasedAt) return reply.code(404).send({ error: M.notBookable });
    const timeZone = query.tz ?? timeZoneOfState(lead.location);
    // `now`: the server's clock, so "Monday" is said against the offer's own week.
    const now = new Date().toISOString();
    if (lead.isSpam || (await doNotContactOf(app.store.db, lead)) !== false) return { timeZone, start: null, now };
    // Read afresh, not from the intake's few-second reuse: a lead's page shows staff's hours as they are.
    return { timeZone, start: (await readFirstOfferedStart(app, calendars, timeZone)) ?? null, now };
  });
}
