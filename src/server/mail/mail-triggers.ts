import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../store/database";
import { staffAccounts } from "../store/schema";
import type { PendingDelivery } from "../store/submission";
import { defaultRecipient } from "../store/reward-recipients";
import { isOptedOut, contactLinkUrls, issueContactLink } from "../privacy";
import { mailDelivery } from "./mail-deliveries";
import type { RewardOrderedData, StaffOverdueDigestData } from "./mail-kinds";
import type { MailSettings } from "./mail-settings";

/**
 * Which e-mails a cause queues (decision 0023), each as a delivery its caller writes in the cause's
 * own transaction. Only e-mails a person asked for: the confirmation of their own request, a
 * reward they were promised, and the alerts staff turned on. A lead stored as spam never gets
 * here (spam is stored without deliveries).
 */

/** The console's page of a lead (absolute: it is opened from a mailbox). */
export const consoleLeadUrl = (settings: MailSettings, leadId: string) =>
  `${settings.brand.siteUrl}/staff?lead=${encodeURIComponent(leadId)}`;

/** The console's list of leads whose call is due. */
const consoleDueCallsUrl = (settings: MailSettings) => `${settings.brand.siteUrl}/staff?view=due`;

/**
 * The link that resumes a lead's own qualification chat: its id and token in the fragment,
 * which a browser never sends to a server (no access log, no Referer holds the token).
 */
const resumeQualificationUrl = (settings: MailSettings, leadId: string, token: string) =>
  `${settings.brand.siteUrl}/qualifying-chat#lead=${encodeURIComponent(leadId)}&token=${encodeURIComponent(token)}`;

/** The lead's own /call page (decision 0036): its id and token in the fragment, as the chat's link. */
const callPickerUrl = (settings: MailSettings, leadId: string, token: string) =>
  `${settings.brand.siteUrl}/call#lead=${encodeURIComponent(leadId)}&token=${encodeURIComponent(token)}`;

/** "We received your request": to a facility lead from the landing page, /qualify or the chat's contact form. */
export function leadConfirmation(
  settings: MailSettings,
  lead: { id: string; email: string; firstName: string; facilityName: string },
  token: string,
  /** The lead's stop-contacting link token (decision 0033), stored in the same transaction. */
  contactToken: string,
  /** The nonce of the lead's first work e-mail code (decision 0031), when codes are on. */
  codeNonce?: string,
  /** The earliest call time offered when the lead came; start null: none was. */
  firstCall?: { start: string | null; timeZone: string },
): PendingDelivery {
  return mailDelivery({
    kind: "lead_confirmation",
    to: lead.email,
    data: {
      firstName: lead.firstName,
      facilityName: lead.facilityName,
      resumeUrl: resumeQualificationUrl(settings, lead.id, token),
      voiceUrl: `${settings.brand.siteUrl}/voice-agent`,
      bookingUrl: callPickerUrl(settings, lead.id, token),
      ...(codeNonce ? { workEmailCode: { leadId: lead.id, nonce: codeNonce } } : {}),
      ...(firstCall ? { firstCall } : {}),
      ...contactLinkUrls(settings.brand.siteUrl, contactToken),
    },
  });
}

/**
 * "Pick a new time for your call" (decision 0045): staff offered new times after the lead's call was
 * missed; the same /call link as the confirmation's, for a fresh token of the lead's own.
 */
export function bookingOffer(
  settings: MailSettings,
  lead: { id: string; email: string; firstName: string },
  token: string,
  contactToken: string,
): PendingDelivery {
  return mailDelivery({
    kind: "booking_offer",
    to: lead.email,
    data: {
      firstName: lead.firstName,
      bookingUrl: callPickerUrl(settings, lead.id, token),
      ...contactLinkUrls(settings.brand.siteUrl, contactToken),
    },
  });
}

/** "Your new code": a facility lead asked for another work e-mail code (decision 0031); only its nonce is stored. */
export function workEmailCodeMail(
  lead: { id: string; email: string; firstName: string },
  nonce: string,
  /** The lead's stop-contacting link (decision 0040: on every e-mail to a lead), with the site it points at. */
  contact?: { siteUrl: string; token: string },
): PendingDelivery {
  return mailDelivery({
    kind: "work_email_code",
    to: lead.email,
    data: {
      firstName: lead.firstName,
      workEmailCode: { leadId: lead.id, nonce },
      ...(contact ? contactLinkUrls(contact.siteUrl, contact.token) : {}),
    },
  });
}

/** "Application received": to a nurse who applied, with the stop link of the application's address (decision 0040). */
export function nurseConfirmation(
  application: { email: string; firstName: string },
  contact: { siteUrl: string; token: string },
): PendingDelivery {
  return mailDelivery({
    kind: "nurse_confirmation",
    to: application.email,
    data: { firstName: application.firstName, ...contactLinkUrls(contact.siteUrl, contact.token) },
  });
}

/** STAFF_ALERT_EMAILS and every enabled console account that turned alerts on, each once (case-insensitive). */
async function staffAlertRecipients(db: Database, settings: MailSettings): Promise<string[]> {
  const accounts = await db
    .select({ email: staffAccounts.email })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.mailAlerts, true), isNull(staffAccounts.disabledAt)));
  const seen = new Map<string, string>();
  for (const address of [...settings.staffAlertEmails, ...accounts.map((a) => a.email)]) {
    if (!seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  }
  return [...seen.values()];
}

/** "A lead qualified and waits for verification": one per staff recipient; facility and first name only. */
async function qualifiedAlerts(
  db: Database,
  settings: MailSettings,
  lead: { id: string; firstName: string; facilityName: string },
  channel: "chat" | "voice",
): Promise<PendingDelivery[]> {
  const data = {
    firstName: lead.firstName,
    facilityName: lead.facilityName,
    channel,
    leadUrl: consoleLeadUrl(settings, lead.id),
  };
  return (await staffAlertRecipients(db, settings)).map((to) =>
    mailDelivery({ kind: "staff_qualified_alert", to, data }),
  );
}

/** The day's digest of overdue calls, one per staff recipient. */
export async function overdueDigests(
  db: Database,
  settings: MailSettings,
  leads: StaffOverdueDigestData["leads"],
): Promise<PendingDelivery[]> {
  const data = { leads, listUrl: consoleDueCallsUrl(settings) };
  return (await staffAlertRecipients(db, settings)).map((to) =>
    mailDelivery({ kind: "staff_overdue_digest", to, data }),
  );
}

/** "Your card is on its way": to the lead's own address, saying from whom and to which address. */
function rewardOrdered(lead: { email: string }, data: RewardOrderedData): PendingDelivery {
  return mailDelivery({ kind: "reward_ordered", to: lead.email, data });
}

/** What a pipeline step needs to write its e-mails: the settings, and where a card went when the caller knows. */
export interface StepMail {
  settings: MailSettings;
  /** The address the card goes to, when the caller knows it (an order's recipient); else the lead's gift-card e-mail or own. */
  rewardRecipient?: string | undefined;
}

/**
 * The e-mails of a pipeline step, written in its transaction: "qualified" (chat or voice)
 * alerts staff; a card or bonus sent tells the lead where it went.
 */
export async function stepMails(
  db: Database,
  mail: StepMail,
  step: { to: string; via?: string; amountUsd?: number | undefined },
  lead: { id: string; email: string; firstName: string; facilityName: string },
): Promise<PendingDelivery[]> {
  if (step.to === "qualified" && (step.via === "chat" || step.via === "voice"))
    return qualifiedAlerts(db, mail.settings, lead, step.via);
  if ((step.to === "gift_card_sent" || step.to === "bonus_sent") && step.amountUsd !== undefined) {
    if (await isOptedOut(db, { email: lead.email })) return []; // asked not to be contacted
    const recipientEmail = mail.rewardRecipient ?? (await defaultRecipient(db, lead.id))?.email ?? lead.email;
    const contactToken = await issueContactLink(db, lead.id, new Date());
    return [
      rewardOrdered(lead, {
        firstName: lead.firstName,
        reward: step.to === "gift_card_sent" ? "card" : "bonus",
        amountUsd: step.amountUsd,
        sentBy: mail.settings.rewardSender,
        recipientEmail,
        ...contactLinkUrls(mail.settings.brand.siteUrl, contactToken),
      }),
    ];
  }
  return [];
}
