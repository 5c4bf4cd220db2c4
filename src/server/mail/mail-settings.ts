import type { Config } from "../config";
import { senderOf } from "../config-mail";
import type { MailBrand } from "./mail-kinds";

/** Who the e-mails come from, who writes them, and who hears of qualified leads: read once from the config. */
export interface MailSettings {
  brand: MailBrand;
  from: { name: string; address: string };
  /** The right-hand side of every Message-ID (the sender's domain). */
  messageIdDomain: string;
  /** STAFF_ALERT_EMAILS (console accounts that turned alerts on are read when an alert is queued). */
  staffAlertEmails: string[];
  /** Who e-mails a card itself: the rewards provider ("Tremendous"), else the brand (staff send it by hand). */
  rewardSender: string;
  /** WORK_EMAIL_CODE_KEY (decision 0031): with it, facility leads' e-mails carry a work e-mail code. */
  workEmailCodeKey?: Buffer | undefined;
}

/** The mail settings when SMTP_URL is set; undefined when e-mail is off. */
export function mailSettingsOf(config: Config): MailSettings | undefined {
  if (!config.SMTP_URL) return undefined;
  const from = senderOf(config);
  if (!from) throw new Error("MAIL_FROM: must be one e-mail address with an optional display name");
  return {
    brand: {
      brandName: config.VITE_BRAND_NAME,
      phone: config.VITE_CONTACT_PHONE,
      contactEmail: config.VITE_CONTACT_EMAIL,
      siteUrl: (config.SITE_URL ?? "http://localhost:3000").replace(/\/+$/, ""),
    },
    from,
    messageIdDomain: from.address.split("@")[1]!.toLowerCase(),
    staffAlertEmails: config.STAFF_ALERT_EMAILS,
    rewardSender: config.REWARDS_PROVIDER === "tremendous" ? "Tremendous" : config.VITE_BRAND_NAME,
    workEmailCodeKey: config.WORK_EMAIL_CODE_KEY,
  };
}
