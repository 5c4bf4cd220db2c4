/** A lead's deliveries (e-mails and webhooks) in staff's words: what each is, to whom, its status. */

const MAIL_NAMES: Record<string, string> = {
  lead_confirmation: "Confirmation",
  nurse_confirmation: "Application confirmation",
  staff_qualified_alert: "Qualified-lead alert",
  staff_overdue_digest: "Overdue calls digest",
  staff_auto_pay_paused: "Automatic cards paused alert",
  reward_ordered: "Gift card e-mail",
  work_email_code: "Work e-mail code",
  booking_invite: "Call invitation",
  booking_reminder: "Call reminder",
  booking_offer: "New call times offered",
};

const WEBHOOK_NAMES: Record<string, string> = {
  qualify_webhook: "Lead sent to the qualify-form webhook",
  homepage_webhook: "Lead sent to the landing-page webhook",
  qualification_webhook: "Qualification sent to the webhook",
  pipeline_webhook: "Pipeline step sent to the webhook",
  nurse_form: "Application sent to the nurse-form webhook",
};

/** "Confirmation to taylor@…", "Pipeline step sent to the webhook"; an unknown kind as "Other delivery". */
export function deliveryName(destination: string, recipient: string | null | undefined): string {
  if (destination.startsWith("mail:")) {
    const name = MAIL_NAMES[destination.slice(5)] ?? "E-mail";
    return recipient ? `${name} to ${recipient}` : name;
  }
  return WEBHOOK_NAMES[destination] ?? "Other delivery";
}

export const DELIVERY_STATUS: Record<string, string> = {
  pending: "Pending",
  delivered: "Delivered",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** "412 ms", "1.2 s". */
export const durationText = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);
