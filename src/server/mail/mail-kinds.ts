/**
 * The e-mails the product writes (decision 0023): one kind per message, each with the data its
 * template needs and nothing more. The outbox stores a kind and its data (`MailMessage`); the
 * worker renders it at send time (render-mail.ts), so a template fix reaches the mails still
 * waiting.
 */

import type { CalendarInvite } from "./calendar-invite";

/** Who writes: the brand and how to reach it, the same everywhere in one e-mail. */
export interface MailBrand {
  /** "ShiftReady Staffing" (VITE_BRAND_NAME). */
  brandName: string;
  /** The staffing hotline as shown, "(888) 555-0142" (VITE_CONTACT_PHONE). */
  phone: string;
  /** The contact mailbox (VITE_CONTACT_EMAIL). */
  contactEmail: string;
  /** The public site's origin, without a trailing slash (SITE_URL). */
  siteUrl: string;
}

/** The "Stop contacting me" link of an e-mail to a lead or a nurse (decisions 0033 and 0040); absent in e-mails queued before it existed. */
interface ContactLinkData {
  /** The stop-contacting page, its token in the fragment. */
  stopUrl?: string;
  /** The RFC 8058 one-click address (List-Unsubscribe), its token in the query. */
  oneClickUrl?: string;
}

export interface LeadConfirmationData extends ContactLinkData {
  firstName: string;
  facilityName: string;
  /** Opens the lead's own qualification chat (its token in the fragment, never sent to a server log). */
  resumeUrl: string;
  /** The voice qualification page. */
  voiceUrl: string;
  /** "Pick a time for your call" (decision 0036): the /call page for the lead's own token; absent in e-mails queued before it. */
  bookingUrl?: string;
  /** The lead's work e-mail code (decision 0031), when codes are on: derived when the e-mail is rendered. */
  workEmailCode?: WorkEmailCodeRef;
  /** The earliest call time offered when the e-mail was queued, in the lead's zone; start null: none. Absent: unknown. */
  firstCall?: { start: string | null; timeZone: string };
}

/**
 * What the outbox keeps of a work e-mail code (decision 0031): the lead and the issue's
 * nonce. The six digits and the link's token are derived from them with WORK_EMAIL_CODE_KEY at
 * render time (work-email/work-email-code-keys.ts), so no row ever holds the code itself.
 */
export interface WorkEmailCodeRef {
  leadId: string;
  nonce: string;
}

/** A work e-mail code as the templates show it: the digits and the link to the Confirm page. */
export interface WorkEmailCodeShown {
  code: string;
  confirmUrl: string;
}

/** "Your new code": the code a lead asked for again (the thank-you page's or the chat's "Send a new code"). */
interface WorkEmailCodeData extends ContactLinkData {
  firstName: string;
  workEmailCode: WorkEmailCodeRef;
}

export interface NurseConfirmationData extends ContactLinkData {
  firstName: string;
}

export interface StaffQualifiedAlertData {
  /** The lead's first name and facility: no other personal data in staff alerts. */
  firstName: string;
  facilityName: string;
  channel: "chat" | "voice";
  /** The lead's page in the console. */
  leadUrl: string;
}

export interface StaffOverdueDigestData {
  /** The leads whose 24-hour call is overdue, oldest first (first name and facility only). */
  leads: { firstName: string; facilityName: string; receivedAt: string; leadUrl: string }[];
  /** The console's list of leads due a call. */
  listUrl: string;
}

/**
 * To admins, once when automatic cards stop at a ceiling (decision 0040): which one, its figure,
 * where leads now wait.
 */
export interface StaffAutoPayPausedData {
  ceiling: "daily" | "monthly";
  /** VERIFICATION_AUTO_PAY_DAILY_LIMIT (cards) or REWARDS_MONTHLY_LIMIT_USD (dollars). */
  limit: number;
  /** The console's list of leads waiting for verification. */
  listUrl: string;
}

export interface RewardOrderedData extends ContactLinkData {
  firstName: string;
  /** "card" ($50 gift card) or "bonus" ($250 first-shift bonus). */
  reward: "card" | "bonus";
  amountUsd: number;
  /** Who sends the e-mail with the card itself (the rewards provider), e.g. "Tremendous". */
  sentBy: string;
  /** The address the card goes to. */
  recipientEmail: string;
}

/**
 * A booked call's invite (decision 0036), to the lead or the staff member: the call in words (in the
 * recipient's zone, named) and the invite itself, attached as text/calendar.
 */
interface BookingInviteData extends ContactLinkData {
  recipient: "lead" | "staff";
  change: "booked" | "moved" | "cancelled";
  /** The recipient's first name. */
  firstName: string;
  /** Whom the call is with: the staff member's shown name, or the lead's name and facility. */
  withWhom: string;
  /** The recipient's IANA zone, the times shown in it. */
  timeZone: string;
  /** The lead's page to move or cancel the call, or the staff member's console page of the lead. */
  actionUrl: string;
  invite: CalendarInvite;
}

/** "Your call is in an hour": to the lead, BOOKING_REMINDER_MINUTES before the call. */
interface BookingReminderData extends ContactLinkData {
  firstName: string;
  withWhom: string;
  start: string;
  timeZone: string;
  actionUrl: string;
}

/**
 * "Pick a new time for your call" (decision 0045): after staff marked the lead's call missed, the
 * lead's own /call picker (its qualification token in the fragment), sent when staff choose
 * "Offer new times".
 */
interface BookingOfferData extends ContactLinkData {
  firstName: string;
  /** The lead's /call page for their own token: the times offered now. */
  bookingUrl: string;
}

interface MailDataByKind {
  lead_confirmation: LeadConfirmationData;
  nurse_confirmation: NurseConfirmationData;
  staff_qualified_alert: StaffQualifiedAlertData;
  staff_overdue_digest: StaffOverdueDigestData;
  staff_auto_pay_paused: StaffAutoPayPausedData;
  reward_ordered: RewardOrderedData;
  work_email_code: WorkEmailCodeData;
  booking_invite: BookingInviteData;
  booking_reminder: BookingReminderData;
  booking_offer: BookingOfferData;
}

export type MailKind = keyof MailDataByKind;

export const MAIL_KINDS = [
  "lead_confirmation",
  "nurse_confirmation",
  "staff_qualified_alert",
  "staff_overdue_digest",
  "staff_auto_pay_paused",
  "reward_ordered",
  "work_email_code",
  "booking_invite",
  "booking_reminder",
  "booking_offer",
] as const satisfies readonly MailKind[];

/** One e-mail as the outbox keeps it: to whom, which kind, its data. */
export type MailMessage = { [K in MailKind]: { kind: K; to: string; data: MailDataByKind[K] } }[MailKind];

/** What a template renders to: the subject and both parts, and a calendar invite when the e-mail carries one. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
}
