/**
 * E-mail (decision 0023): the door. Its settings and the SMTP sender (app.ts), the e-mails other
 * capabilities queue (a lead's and a nurse's confirmation, the work-email code, booking notices,
 * auto-pay paused), what a pipeline step sends (`stepEffects`), the overdue digest, and the
 * kinds the outbox and metrics count. No routes of its own.
 */

export { queueAutoPayPaused } from "./auto-pay-paused";
export { calendarInviteText } from "./calendar-invite";
export type { CalendarInvite } from "./calendar-invite";
export { BOOKING_MAIL_COPY } from "./mail-copy-bookings";
export { isMailDestination, mailDelivery, mailKindOf } from "./mail-deliveries";
export { MAIL_KINDS } from "./mail-kinds";
export { mailSettingsOf } from "./mail-settings";
export type { MailSettings } from "./mail-settings";
export { bookingOffer, leadConfirmation, nurseConfirmation, workEmailCodeMail } from "./mail-triggers";
export { mailsLeftTo, mayMailAddress } from "./mail-allowance";
export { startOverdueDigest } from "./overdue-digest";
export { stepEffects } from "./pipeline-step-effects";
export { SmtpSender } from "./smtp-sender";
export type { MailAnswer } from "./smtp-sender";
