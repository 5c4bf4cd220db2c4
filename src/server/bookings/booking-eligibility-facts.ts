import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, desc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { BOOKING_LIMITS, bookingEligibility, type BookingEligibility } from "../../domain/booking-eligibility";
import { clientAddress, clientAddressKey, normalizeIp } from "../client-address";
import type { QualificationOutcome } from "../../domain/qualification-outcome";
import type { Database } from "../store/database";
import { bookingChanges, chatQualifications, facilityLeads, voiceCalls } from "../store/schema";
import { doNotContactOf } from "../privacy";
import type { BookingLead } from "./bookings-repository";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a lead may be offered times and book (domain/booking-eligibility.ts), from its qualification and opt-outs. */
export async function eligibilityOf(db: Database, lead: BookingLead): Promise<BookingEligibility> {
  const [chat] = await db
    .select({ outcome: chatQualifications.outcome })
    .from(chatQualifications)
    .where(eq(chatQualifications.leadId, lead.id));
  const [call] = await db
    .select({ outcome: voiceCalls.outcome })
    .from(voiceCalls)
    .where(and(eq(voiceCalls.leadId, lead.id), isNotNull(voiceCalls.outcome)))
    .orderBy(desc(voiceCalls.createdAt))
    .limit(1);
  return bookingEligibility({
    isSpam: lead.isSpam,
    erased: lead.erasedAt !== null,
    doNotContact: (await doNotContactOf(db, lead)) !== false,
    chatOutcome: (chat?.outcome ?? null) as QualificationOutcome | null,
    voiceOutcome: (call?.outcome ?? null) as QualificationOutcome | null,
    form: lead.form,
    title: lead.title,
    facilityType: lead.facilityType,
    location: lead.location,
  });
}

/** The lead's own books and moves in the last 24 hours (each one e-mails it an invite). */
export async function leadChangesToday(db: Database, leadId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookingChanges)
    .where(
      and(
        eq(bookingChanges.leadId, leadId),
        eq(bookingChanges.actor, "lead"),
        inArray(bookingChanges.kind, ["booked", "moved"]),
        gt(bookingChanges.at, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return Number(row?.count ?? 0);
}

/** Whether the leads at this e-mail's domain booked their day's calls (BOOKING_LIMITS) in the last 24 hours. */
export async function domainBookedUpToday(db: Database, email: string, now: Date): Promise<boolean> {
  return (await bookedTodayFromDomain(db, email, now)) >= BOOKING_LIMITS.perEmailDomainPerDay;
}

/** Calls booked in the last 24 hours by leads whose e-mail is at this domain. */
async function bookedTodayFromDomain(db: Database, email: string, now: Date): Promise<number> {
  const domain = email.trim().toLowerCase().split("@").pop() ?? "";
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookingChanges)
    .innerJoin(facilityLeads, eq(facilityLeads.id, bookingChanges.leadId))
    .where(
      and(
        eq(bookingChanges.kind, "booked"),
        gt(bookingChanges.at, new Date(now.getTime() - DAY_MS)),
        sql`split_part(lower(${facilityLeads.email}), '@', 2) = ${domain}`,
      ),
    );
  return Number(row?.count ?? 0);
}

/** A limiter's answer (the rate-limit plugin's createRateLimit); `{ increment: false }` only reads the count. */
type Limiter = (
  request: FastifyRequest,
  options?: { increment: boolean },
) => Promise<{ isAllowed: boolean; remaining?: number }>;

/** Whether this client has no booking left today (read without counting). */
export async function clientBookingsUsedUp(limiter: Limiter, request: FastifyRequest): Promise<boolean> {
  const read = await limiter(request, { increment: false });
  return !read.isAllowed && (read.remaining ?? 1) <= 0;
}

/**
 * Calls booked from one client a day (an IPv4 address, an IPv6 /64), shared through Redis when
 * the rate limits are; RATE_LIMIT_EXEMPT_IPS (loopback by default) are exempt. Read before a
 * booking, counted once it is made.
 */
export function clientBookingLimiter(app: FastifyInstance): Limiter {
  const exempt = new Set(app.config.RATE_LIMIT_EXEMPT_IPS.map(normalizeIp));
  return app.createRateLimit({
    max: BOOKING_LIMITS.perClientPerDay,
    timeWindow: DAY_MS,
    keyGenerator: (request: FastifyRequest) => `booking-day:${clientAddressKey(request)}`,
    allowList: (request: FastifyRequest) => exempt.has(clientAddress(request)),
  }) as unknown as Limiter;
}
