import type { FastifyInstance } from "fastify";
import { and, desc, eq, gt } from "drizzle-orm";
import { BOOKING_MESSAGES as M, type OfferTimesAnswer } from "../../domain/booking-requests";
import { callNextSteps, OFFER_AGAIN_AFTER_MS } from "../../domain/call-next-steps";
import { bookingOffer, mailsLeftTo } from "../mail";
import { issueContactLink } from "../privacy";
import { issueQualificationToken } from "../store/qualification-tokens";
import { bookingChanges, facilityLeads, staffAvailability } from "../store/schema";
import { insertDeliveries } from "../store/submission";
import type { Outcome } from "./booking-core";
import { staffCallableLead } from "./staff-booking-service";
import { callsOfLead, latestBookingOf, recordChange } from "./bookings-repository";

type Refusal = Extract<Outcome, { ok: false }>;

/**
 * "Offer new times" (decision 0045): after the lead's call was marked missed, the lead is e-mailed
 * their own /call picker (a fresh qualification token in the fragment, as the confirmation's
 * link), through the outbox, inside the per-recipient daily cap. The missed call's history says
 * who offered and when. A second offer within OFFER_AGAIN_AFTER_MS sends nothing and answers the
 * first (a double click, two tabs): the lead's row is locked while the offer is read and written,
 * so two requests at once cannot both send.
 */
export async function offerNewTimes(
  app: FastifyInstance,
  input: { leadId: string; actor: string },
): Promise<{ ok: true; answer: OfferTimesAnswer } | Refusal> {
  const now = new Date();
  const lead = await staffCallableLead(app, input.leadId);
  if ("ok" in lead) return lead as Refusal;
  const refusal = callNextSteps(await callsOfLead(app.store.db, lead.id)).offerTimes;
  if (refusal === "has_booked_call") return { ok: false, status: 409, error: M.staffHasBookedCall };
  if (refusal === "no_missed_call") return { ok: false, status: 409, error: M.staffNoMissedCall };
  const mail = app.mail;
  if (!mail) return { ok: false, status: 409, error: M.staffNoMail };
  const missed = (await latestBookingOf(app.store.db, lead.id))!;
  const outcome = await app.store.db.transaction(async (tx) => {
    await tx.select({ id: facilityLeads.id }).from(facilityLeads).where(eq(facilityLeads.id, lead.id)).for("update");
    const [recent] = await tx
      .select({ at: bookingChanges.at })
      .from(bookingChanges)
      .where(
        and(
          eq(bookingChanges.leadId, lead.id),
          eq(bookingChanges.kind, "offered"),
          gt(bookingChanges.at, new Date(now.getTime() - OFFER_AGAIN_AFTER_MS)),
        ),
      )
      .orderBy(desc(bookingChanges.at))
      .limit(1);
    if (recent) return { offeredAt: recent.at.toISOString(), again: true };
    if ((await mailsLeftTo(tx, lead.email, app.config.MAIL_PER_RECIPIENT_DAILY_LIMIT, now)) < 1) return "full" as const;
    const token = await issueQualificationToken(tx, lead.id, now);
    const contact = await issueContactLink(tx, lead.id, now);
    await insertDeliveries(tx, "facility_lead", lead.id, [bookingOffer(mail, lead, token, contact)]);
    const [staff] = await tx
      .select({ shownName: staffAvailability.shownName })
      .from(staffAvailability)
      .where(eq(staffAvailability.staffId, missed.staffId));
    await recordChange(tx, missed, { kind: "offered", actor: input.actor, withName: staff?.shownName ?? "", now });
    return { offeredAt: now.toISOString(), again: false };
  });
  if (outcome === "full") return { ok: false, status: 429, error: M.staffMailboxFull };
  if (!outcome.again) app.outbox?.wake();
  return { ok: true, answer: outcome };
}
