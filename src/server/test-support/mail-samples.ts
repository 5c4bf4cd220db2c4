import type { MailBrand, MailKind, MailMessage } from "../mail/mail-kinds";

/**
 * One e-mail of each kind with believable data: what `npm run mail:preview` writes, and what
 * the tests and the accessibility journey render. The addresses are on reserved domains.
 */
export const SAMPLE_BRAND: MailBrand = {
  brandName: "ShiftReady Staffing",
  phone: "(888) 555-0142",
  contactEmail: "partners@shiftready.example",
  siteUrl: "https://shiftready.example",
};

const SITE = SAMPLE_BRAND.siteUrl;

/** A fixed WORK_EMAIL_CODE_KEY for samples and tests (never a real one): the samples show their code with it. */
export const SAMPLE_KEYS = { workEmailCode: Buffer.alloc(32, 7) };
// The links as mail-triggers.ts builds them.
const LEAD_ID = "3f6a2c1e-8b4d-4e2a-9c7f-1d5e6b8a9c42";
const CONTACT_LINKS = {
  stopUrl: `${SITE}/stop-contacting#token=sample-contact-token`,
  oneClickUrl: `${SITE}/api/stop-contacting/one-click?token=sample-contact-token`,
};

export const SAMPLE_MESSAGES = {
  lead_confirmation: {
    kind: "lead_confirmation",
    to: "dana.whitfield@maplegrove-care.example",
    data: {
      firstName: "Dana",
      facilityName: "Maple Grove Care Center",
      resumeUrl: `${SITE}/qualifying-chat#lead=${LEAD_ID}&token=sample-qualification-token`,
      voiceUrl: `${SITE}/voice-agent`,
      bookingUrl: `${SITE}/call#lead=${LEAD_ID}&token=sample-qualification-token`,
      workEmailCode: { leadId: LEAD_ID, nonce: "sample-nonce" },
      firstCall: { start: "2027-01-11T14:00:00.000Z", timeZone: "America/New_York" },
      ...CONTACT_LINKS,
    },
  },
  work_email_code: {
    kind: "work_email_code",
    to: "dana.whitfield@maplegrove-care.example",
    data: { firstName: "Dana", workEmailCode: { leadId: LEAD_ID, nonce: "sample-nonce-2" }, ...CONTACT_LINKS },
  },
  nurse_confirmation: {
    kind: "nurse_confirmation",
    to: "jordan.ellis@mail.example",
    data: { firstName: "Jordan", ...CONTACT_LINKS },
  },
  staff_qualified_alert: {
    kind: "staff_qualified_alert",
    to: "alerts@shiftready.example",
    data: {
      firstName: "Dana",
      facilityName: "Maple Grove Care Center",
      channel: "chat",
      leadUrl: `${SITE}/staff?lead=${LEAD_ID}`,
    },
  },
  staff_auto_pay_paused: {
    kind: "staff_auto_pay_paused",
    to: "admin@shiftready.example",
    data: { ceiling: "daily", limit: 10, listUrl: `${SITE}/staff?view=due` },
  },
  staff_overdue_digest: {
    kind: "staff_overdue_digest",
    to: "alerts@shiftready.example",
    data: {
      leads: [
        {
          firstName: "Priya",
          facilityName: "Riverside Rehabilitation Center",
          receivedAt: "2025-03-02T14:05:00.000Z",
          leadUrl: `${SITE}/staff?lead=5b0e1f7a-91c2-4d0e-8f3a-2c6b7d9e1a31`,
        },
        {
          firstName: "Marcus",
          facilityName: "Oak Hill Assisted Living",
          receivedAt: "2025-03-02T21:40:00.000Z",
          leadUrl: `${SITE}/staff?lead=0c4d2e8b-7a15-4f6c-9b2d-8e1f3a5c7d36`,
        },
      ],
      listUrl: `${SITE}/staff?view=due`,
    },
  },
  reward_ordered: {
    kind: "reward_ordered",
    to: "dana.whitfield@maplegrove-care.example",
    data: {
      firstName: "Dana",
      reward: "card",
      amountUsd: 50,
      sentBy: "Tremendous",
      recipientEmail: "dana.whitfield@maplegrove-care.example",
      ...CONTACT_LINKS,
    },
  },
  booking_invite: {
    kind: "booking_invite",
    to: "dana.whitfield@maplegrove-care.example",
    data: {
      recipient: "lead",
      change: "booked",
      firstName: "Dana",
      withWhom: "Sam",
      timeZone: "America/Chicago",
      actionUrl: `${SITE}/call#lead=5b0e1f7a-91c2-4d0e-8f3a-2c6b7d9e1a31&token=sample&booking=0c4d2e8b-7a15-4f6c-9b2d-8e1f3a5c7d36`,
      invite: {
        uid: "booking-0c4d2e8b-7a15-4f6c-9b2d-8e1f3a5c7d36@shiftready.example",
        sequence: 0,
        method: "REQUEST",
        start: "2025-03-04T15:00:00.000Z",
        end: "2025-03-04T15:15:00.000Z",
        summary: "Call with ShiftReady Staffing",
        description: "Sam calls you about your staffing request.",
        organizer: { name: "Sam", email: "sam@shiftready.example" },
        attendee: { name: "Dana Whitfield", email: "dana.whitfield@maplegrove-care.example" },
      },
      ...CONTACT_LINKS,
    },
  },
  booking_reminder: {
    kind: "booking_reminder",
    to: "dana.whitfield@maplegrove-care.example",
    data: {
      firstName: "Dana",
      withWhom: "Sam",
      start: "2025-03-04T15:00:00.000Z",
      timeZone: "America/Chicago",
      actionUrl: `${SITE}/call#lead=5b0e1f7a-91c2-4d0e-8f3a-2c6b7d9e1a31&token=sample&booking=0c4d2e8b-7a15-4f6c-9b2d-8e1f3a5c7d36`,
      ...CONTACT_LINKS,
    },
  },
  booking_offer: {
    kind: "booking_offer",
    to: "dana.whitfield@maplegrove-care.example",
    data: {
      firstName: "Dana",
      bookingUrl: `${SITE}/call#lead=5b0e1f7a-91c2-4d0e-8f3a-2c6b7d9e1a31&token=sample-qualification-token`,
      ...CONTACT_LINKS,
    },
  },
} as const satisfies { [K in MailKind]: Extract<MailMessage, { kind: K }> };
