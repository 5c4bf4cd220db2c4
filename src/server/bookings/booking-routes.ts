import type { FastifyInstance, FastifyReply } from "fastify";
import { and, eq } from "drizzle-orm";
import {
  BOOKING_MESSAGES as M,
  BookRequestSchema,
  CancelRequestSchema,
  MoveRequestSchema,
  SlotsQuerySchema,
} from "../../domain/booking-requests";
import { timeZoneOfState } from "../../domain/state-time-zones";
import { parseBody } from "../validation";
import { leadOfToken } from "../store/qualification-tokens";
import { staffAccounts, staffAvailability } from "../store/schema";
import { bookingRulesOf, offerNow, type CalendarCache } from "./booking-offer";
import type { Outcome } from "./booking-core";
import { bookCall, cancelCall, moveCall } from "./booking-service";
import { activeBookingOf, leadForBooking } from "./bookings-repository";
import { clientBookingLimiter, clientBookingsUsedUp, eligibilityOf } from "./booking-eligibility-facts";

const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The lead's side of booking a call (decision 0036): the times offered, book, move, cancel, each with
 * the lead's own qualification token. Every refusal a 4xx in words; a time taken meanwhile is a
 * 409 with fresh times.
 */
export async function registerBookingRoutes(app: FastifyInstance, calendars: CalendarCache): Promise<void> {
  const db = () => app.store.db;

  const slotsFor = (timeZone: string) => offerNow(db(), calendars, app.config, timeZone);

  const answer = async (reply: FastifyReply, outcome: Outcome, timeZone: string) => {
    if (outcome.ok) return reply.code(outcome.status).send(outcome.answer);
    if (outcome.taken) return reply.code(409).send({ error: outcome.error, ...(await slotsFor(timeZone)) });
    return reply.code(outcome.status).send({ error: outcome.error });
  };

  const staffOf = async (staffId: string) => {
    const [row] = await db()
      .select({
        email: staffAccounts.email,
        shownName: staffAvailability.shownName,
        timeZone: staffAvailability.timeZone,
      })
      .from(staffAvailability)
      .innerJoin(staffAccounts, eq(staffAccounts.id, staffAvailability.staffId))
      .where(and(eq(staffAvailability.staffId, staffId)))
      .limit(1);
    return row;
  };

  /** The lead's zone: the one asked for, else their facility's state's. */
  const zoneOf = async (leadId: string, asked: string | undefined) =>
    asked ?? timeZoneOfState((await leadForBooking(db(), leadId))?.location ?? "");

  app.get("/api/bookings/slots", async (request, reply) => {
    const query = parseBody(SlotsQuerySchema, request.query, reply);
    if (!query) return reply;
    const holder = await leadOfToken(db(), query.token, new Date());
    if (!holder || holder.leadId !== query.lead) return reply.code(401).send({ error: M.sessionExpired });
    const lead = await leadForBooking(db(), query.lead);
    if (!lead || lead.erasedAt) return reply.code(404).send({ error: M.notBookable });
    // Never times that cannot be booked (decision 0043): a lead caught as spam or asked not to be
    // contacted is answered like one nobody is free for (a bot cannot tell it was caught); one not
    // qualified yet is told to qualify first.
    const eligibility = await eligibilityOf(db(), lead);
    if (eligibility !== "bookable")
      return {
        timeZone: query.tz ?? timeZoneOfState(lead.location),
        callMinutes: bookingRulesOf(app.config).callMinutes,
        slots: [],
        ...(eligibility === "not_qualified" ? { needsQualification: true } : {}),
        booking: null,
      };
    const booked = await activeBookingOf(db(), lead.id);
    const staff = booked ? await staffOf(booked.staffId) : undefined;
    return {
      ...(await slotsFor(query.tz ?? timeZoneOfState(lead.location))),
      booking:
        booked && staff
          ? {
              id: booked.id,
              start: booked.startAt.toISOString(),
              end: booked.endAt.toISOString(),
              with: staff.shownName,
            }
          : null,
    };
  });

  const perClient = clientBookingLimiter(app);
  app.post("/api/bookings", async (request, reply) => {
    const body = parseBody(BookRequestSchema, request.body, reply);
    if (!body) return reply;
    if (await clientBookingsUsedUp(perClient, request)) return reply.code(429).send({ error: M.busyToday });
    const timeZone = await zoneOf(body.lead, body.tz);
    const outcome = await bookCall(app, calendars, {
      leadId: body.lead,
      token: body.token,
      start: body.start,
      timeZone,
    });
    if (outcome.ok) await perClient(request);
    return answer(reply, outcome, timeZone);
  });

  app.post<{ Params: { id: string } }>("/api/bookings/:id/move", async (request, reply) => {
    const body = parseBody(MoveRequestSchema, request.body, reply);
    if (!body) return reply;
    if (!BOOKING_ID.test(request.params.id)) return reply.code(404).send({ error: M.notFound });
    const outcome = await moveCall(app, calendars, {
      bookingId: request.params.id,
      token: body.token,
      start: body.start,
    });
    return answer(reply, outcome, "UTC");
  });

  app.post<{ Params: { id: string } }>("/api/bookings/:id/cancel", async (request, reply) => {
    const body = parseBody(CancelRequestSchema, request.body, reply);
    if (!body) return reply;
    if (!BOOKING_ID.test(request.params.id)) return reply.code(404).send({ error: M.notFound });
    return answer(
      reply,
      await cancelCall(app, calendars, { bookingId: request.params.id, token: body.token }, staffOf),
      "UTC",
    );
  });
}
