import type { FastifyInstance } from "fastify";
import { BOOKING_MAIL_COPY, mailDelivery, mailsLeftTo, type CalendarInvite } from "../mail";
import { contactLinkUrls, issueContactLink } from "../privacy";
import type { Database } from "../store/database";
import { deliveryRow } from "../store/deliveries-repository";
import { deliveries } from "../store/schema";
import { insertDeliveries, type PendingDelivery } from "../store/submission";
import type { BookingLead, BookingRow } from "./bookings-repository";

/**
 * What a booked, moved or cancelled call sends (decision 0036), written in its transaction: the
 * invite to the lead and to the staff member (the same UID, SEQUENCE the booking's), the lead's
 * reminder (an outbox row due BOOKING_REMINDER_MINUTES before the call: sent once, called off by
 * a cancel or a move), and the signed pipeline event.
 */

export type BookingChange = "booked" | "moved" | "cancelled";

export interface StaffSide {
  email: string;
  shownName: string;
  timeZone: string;
}

const EVENT_TYPES = { booked: "lead.call_booked", moved: "lead.call_moved", cancelled: "lead.call_cancelled" } as const;

/** The invite's UID: one per booking, the same through every change. */
const inviteUid = (booking: Pick<BookingRow, "id">, domain: string) => `booking-${booking.id}@${domain}`;

/** The lead's page to move or cancel (its token in the fragment, never sent to a server log). */
const manageUrl = (siteUrl: string, booking: Pick<BookingRow, "id" | "leadId">, token: string) =>
  `${siteUrl}/call#lead=${encodeURIComponent(booking.leadId)}&token=${encodeURIComponent(token)}&booking=${encodeURIComponent(booking.id)}`;

/** The invite of a booking as it stands (CANCEL once cancelled). */
export function inviteOf(
  booking: BookingRow,
  lead: BookingLead,
  staff: StaffSide,
  brand: { brandName: string; phone: string },
  domain: string,
): CalendarInvite {
  return {
    uid: inviteUid(booking, domain),
    sequence: booking.sequence,
    method: booking.status === "cancelled" ? "CANCEL" : "REQUEST",
    start: booking.startAt.toISOString(),
    end: booking.endAt.toISOString(),
    summary: BOOKING_MAIL_COPY.invite.summary(brand.brandName),
    description: BOOKING_MAIL_COPY.invite.leadDescription(staff.shownName, brand.phone),
    organizer: { name: staff.shownName, email: staff.email },
    attendee: { name: `${lead.firstName} ${lead.lastName}`.trim(), email: lead.email },
  };
}

/** Writes the change's e-mails, reminder and event in the caller's transaction. */
export async function writeBookingNotices(
  app: FastifyInstance,
  tx: Database,
  change: BookingChange,
  input: {
    booking: BookingRow;
    lead: BookingLead;
    staff: StaffSide;
    token: string;
    previousStart?: Date;
    now: Date;
    /** False: the lead is not written to (they asked not to be contacted); the staff member still is. */
    toLead?: boolean;
  },
): Promise<void> {
  const { booking, lead, staff, token, now } = input;
  const pending: PendingDelivery[] = [];
  const mail = app.mail;
  // Inside the per-recipient cap (decision 0043): an address that confirmed nothing gets its invite
  // (and its reminder) only while e-mails to its mailbox are left today; staff's copy always goes.
  const left =
    mail && (input.toLead ?? true)
      ? await mailsLeftTo(tx, lead.email, app.config.MAIL_PER_RECIPIENT_DAILY_LIMIT, now)
      : 0;
  const toLead = left >= 1;
  if (mail) {
    const invite = inviteOf(booking, lead, staff, mail.brand, mail.messageIdDomain);
    const leadUrl = manageUrl(mail.brand.siteUrl, booking, token);
    // The lead's stop link on both e-mails to them (decision 0040: on every e-mail to a lead).
    const stop = toLead ? contactLinkUrls(mail.brand.siteUrl, await issueContactLink(tx, lead.id, now)) : {};
    if (toLead) {
      pending.push(
        mailDelivery({
          kind: "booking_invite",
          to: lead.email,
          data: {
            recipient: "lead",
            change,
            firstName: lead.firstName,
            withWhom: staff.shownName,
            timeZone: booking.leadTimeZone,
            actionUrl: leadUrl,
            invite,
            ...stop,
          },
        }),
      );
    }
    pending.push(
      mailDelivery({
        kind: "booking_invite",
        to: staff.email,
        data: {
          recipient: "staff",
          change,
          firstName: staff.shownName,
          withWhom: `${lead.firstName} at ${lead.facilityName}`,
          timeZone: staff.timeZone,
          actionUrl: `${mail.brand.siteUrl}/staff/leads/${encodeURIComponent(lead.id)}`,
          invite,
        },
      }),
    );
    const remindAt = booking.startAt.getTime() - app.config.BOOKING_REMINDER_MINUTES * 60_000;
    const reminded = left >= 2 && change !== "cancelled" && app.config.BOOKING_REMINDER_MINUTES > 0;
    if (reminded && remindAt > now.getTime()) {
      const reminder = mailDelivery({
        kind: "booking_reminder",
        to: lead.email,
        data: {
          firstName: lead.firstName,
          withWhom: staff.shownName,
          start: booking.startAt.toISOString(),
          timeZone: booking.leadTimeZone,
          actionUrl: leadUrl,
          ...stop,
        },
      });
      await tx.insert(deliveries).values({
        ...deliveryRow({
          ...reminder,
          payload: JSON.stringify(reminder.payload),
          recordKind: "facility_lead",
          recordId: lead.id,
        }),
        nextAttemptAt: new Date(remindAt),
        // Worth sending until the call starts, never after.
        retryUntil: booking.startAt,
      });
    }
  }
  const pipelineUrl = app.destinations.pipeline_webhook;
  if (pipelineUrl) {
    pending.push({
      destination: "pipeline_webhook",
      url: pipelineUrl,
      payload: {
        type: EVENT_TYPES[change],
        bookingId: booking.id,
        leadId: lead.id,
        at: now.toISOString(),
        start: booking.startAt.toISOString(),
        end: booking.endAt.toISOString(),
        ...(input.previousStart ? { previousStart: input.previousStart.toISOString() } : {}),
        with: staff.shownName,
      },
    });
  }
  await insertDeliveries(tx, "facility_lead", lead.id, pending);
}
