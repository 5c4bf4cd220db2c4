import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  BOOKING_MESSAGES as M,
  OfferTimesRequestSchema,
  OutcomeRequestSchema,
  StaffBookRequestSchema,
  StaffMoveRequestSchema,
  type SlotsAnswer,
} from "../../domain/booking-requests";
import type { BuiltAs, CallList, CallOutcome, CallTimes } from "../../domain/staff-console-api";
import { parseBody } from "../validation";
import { bookings, facilityLeads, staffAvailability } from "../store/schema";
import { doNotContact } from "../store/due-conditions";
import { offerNow } from "./booking-offer";
import { staffBookCall, staffCallableLead, staffMoveCall } from "./staff-booking-service";
import { offerNewTimes } from "./staff-next-steps";
import { bookingById, endBooking, recordChange } from "./bookings-repository";

const CallsQuerySchema = z.object({
  scope: z.enum(["mine", "all"], "Choose mine or all.").default("mine"),
  days: z.coerce
    .number()
    .int("Give a whole number of days.")
    .min(1, "Give 1 to 14 days.")
    .max(14, "Give 1 to 14 days.")
    .default(5),
});

/**
 * Staff see their calls (decision 0036): today's and the days ahead, one's own or everyone's, each
 * with the lead's facility, roles and status (the lead's page, one click away, has the answers and
 * the verification); mark a call held or missed, or move it to another of the times offered
 * (GET /api/staff/calls/:id/times, in the viewer's zone; POST /api/staff/calls/:id/move `{ start }`:
 * 200 `{ booking }`, 409 taken with fresh times, as the lead's move).
 */
export async function registerStaffCallRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.store.db;
  /** The viewer's zone: their availability's, else UTC. */
  const zoneOf = async (staffId: string) => {
    const [row] = await db()
      .select({ timeZone: staffAvailability.timeZone })
      .from(staffAvailability)
      .where(eq(staffAvailability.staffId, staffId));
    return row?.timeZone ?? "UTC";
  };
  const isId = (id: string) => z.uuid().safeParse(id).success;
  /** A booked call whose start is still ahead. */
  const notStartedYet = async (id: string, now: Date) => {
    const booking = await bookingById(db(), id);
    return booking?.status === "booked" && booking.startAt.getTime() > now.getTime();
  };

  app.get("/api/staff/calls", async (request, reply) => {
    const query = parseBody(CallsQuerySchema, request.query, reply, { error: "first-message" });
    if (!query) return reply;
    const me = request.staff!.account.id;
    const now = Date.now();
    const from = new Date(now - 24 * 3_600_000);
    const to = new Date(now + query.days * 24 * 3_600_000);
    const rows = await db()
      .select({
        id: bookings.id,
        start: bookings.startAt,
        end: bookings.endAt,
        status: bookings.status,
        staffId: bookings.staffId,
        staffName: staffAvailability.shownName,
        leadId: facilityLeads.id,
        firstName: facilityLeads.firstName,
        phone: facilityLeads.phone,
        // The lead's person asked not to be contacted (a badge, and no call actions).
        doNotContact: sql<boolean>`${doNotContact}`,
        facilityName: facilityLeads.facilityName,
        rolesNeeded: facilityLeads.rolesNeeded,
        pipelineStatus: facilityLeads.pipelineStatus,
      })
      .from(bookings)
      .innerJoin(facilityLeads, eq(facilityLeads.id, bookings.leadId))
      .leftJoin(staffAvailability, eq(staffAvailability.staffId, bookings.staffId))
      .where(
        and(
          gte(bookings.startAt, from),
          lt(bookings.startAt, to),
          inArray(bookings.status, ["booked", "held", "missed"]),
          query.scope === "mine" ? eq(bookings.staffId, me) : undefined,
        ),
      )
      .orderBy(asc(bookings.startAt))
      .limit(500);
    return {
      timeZone: await zoneOf(me),
      calls: rows.map((row) => ({
        id: row.id,
        start: row.start.toISOString(),
        end: row.end.toISOString(),
        status: row.status,
        with: row.staffName ?? "",
        mine: row.staffId === me,
        lead: {
          id: row.leadId,
          firstName: row.firstName,
          phone: row.phone,
          doNotContact: Boolean(row.doNotContact),
          facilityName: row.facilityName,
          rolesNeeded: row.rolesNeeded,
          pipelineStatus: row.pipelineStatus,
        },
      })),
    } satisfies BuiltAs<CallList>;
  });

  app.post<{ Params: { id: string } }>("/api/staff/calls/:id/outcome", async (request, reply) => {
    const body = parseBody(OutcomeRequestSchema, request.body, reply, { error: "first-message" });
    if (!body) return reply;
    if (!isId(request.params.id)) return reply.code(404).send({ error: M.notFound });
    const now = new Date();
    // A call is marked held or missed only once it has started (409 in words before).
    if (await notStartedYet(request.params.id, now)) return reply.code(409).send({ error: M.notStartedYet });
    const row = await db().transaction(async (tx) => {
      const ended = await endBooking(tx, request.params.id, body.outcome, now);
      if (!ended) return undefined;
      if (body.outcome === "held")
        await tx.update(facilityLeads).set({ staffActedAt: now }).where(eq(facilityLeads.id, ended.leadId));
      const [staff] = await tx
        .select({ shownName: staffAvailability.shownName })
        .from(staffAvailability)
        .where(eq(staffAvailability.staffId, ended.staffId));
      await recordChange(tx, ended, {
        kind: body.outcome,
        actor: `staff:${request.staff!.account.email}`,
        withName: staff?.shownName ?? "",
        now,
      });
      return ended;
    });
    if (!row) return reply.code(409).send({ error: M.cancelled });
    return { id: row.id, status: row.status } satisfies CallOutcome;
  });

  app.get<{ Params: { id: string } }>("/api/staff/calls/:id/times", async (request, reply) => {
    if (!isId(request.params.id)) return reply.code(404).send({ error: M.notFound });
    const booking = await bookingById(db(), request.params.id);
    if (!booking) return reply.code(404).send({ error: M.notFound });
    if (booking.status !== "booked") return reply.code(409).send({ error: M.notBookedNow });
    const offer = await offerNow(
      db(),
      app.bookingCalendars,
      app.config,
      await zoneOf(request.staff!.account.id),
      booking.id,
    );
    return { ...offer, booking: { id: booking.id, start: booking.startAt.toISOString() } } satisfies CallTimes;
  });

  app.post<{ Params: { id: string } }>("/api/staff/calls/:id/move", async (request, reply) => {
    const body = parseBody(StaffMoveRequestSchema, request.body, reply, { error: "first-message" });
    if (!body) return reply;
    if (!isId(request.params.id)) return reply.code(404).send({ error: M.notFound });
    const outcome = await staffMoveCall(app, app.bookingCalendars, {
      bookingId: request.params.id,
      start: body.start,
      actor: `staff:${request.staff!.account.email}`,
    });
    if (outcome.ok) return reply.code(200).send(outcome.answer);
    if (!outcome.taken) return reply.code(outcome.status).send({ error: outcome.error });
    const offer = await offerNow(
      db(),
      app.bookingCalendars,
      app.config,
      await zoneOf(request.staff!.account.id),
      request.params.id,
    );
    return reply.code(409).send({ error: outcome.error, ...offer });
  });

  // After a missed call (decision 0045), staff offer the lead new times (an e-mail with their picker) or
  // book one of the times offered for them (GET .../times in the viewer's zone, then POST .../book).
  app.post<{ Params: { id: string } }>("/api/staff/leads/:id/offer-times", async (request, reply) => {
    const body = parseBody(OfferTimesRequestSchema, request.body ?? {}, reply, { error: "first-message" });
    if (!body) return reply;
    if (!isId(request.params.id)) return reply.code(404).send({ error: M.staffLeadNotFound });
    const outcome = await offerNewTimes(app, {
      leadId: request.params.id,
      actor: `staff:${request.staff!.account.email}`,
    });
    if (!outcome.ok) return reply.code(outcome.status).send({ error: outcome.error });
    return reply.code(outcome.answer.again ? 200 : 201).send(outcome.answer);
  });

  app.get<{ Params: { id: string } }>("/api/staff/leads/:id/times", async (request, reply) => {
    if (!isId(request.params.id)) return reply.code(404).send({ error: M.staffLeadNotFound });
    const lead = await staffCallableLead(app, request.params.id);
    if ("ok" in lead) return reply.code(lead.status).send({ error: (lead as { error: string }).error });
    return (await offerNow(
      db(),
      app.bookingCalendars,
      app.config,
      await zoneOf(request.staff!.account.id),
    )) satisfies SlotsAnswer;
  });

  app.post<{ Params: { id: string } }>("/api/staff/leads/:id/book", async (request, reply) => {
    const body = parseBody(StaffBookRequestSchema, request.body, reply, { error: "first-message" });
    if (!body) return reply;
    if (!isId(request.params.id)) return reply.code(404).send({ error: M.staffLeadNotFound });
    const outcome = await staffBookCall(app, app.bookingCalendars, {
      leadId: request.params.id,
      start: body.start,
      actor: `staff:${request.staff!.account.email}`,
    });
    if (outcome.ok) return reply.code(outcome.status).send(outcome.answer);
    if (!outcome.taken) return reply.code(outcome.status).send({ error: outcome.error });
    const offer = await offerNow(db(), app.bookingCalendars, app.config, await zoneOf(request.staff!.account.id));
    return reply.code(409).send({ error: outcome.error, ...offer });
  });
}
