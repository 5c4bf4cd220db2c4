import addressparser from "nodemailer/lib/addressparser";
import type { Config } from "../config";
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
  /** WORK_EMAIL_CODE_KEY (issue 31): with it, facility leads' e-mails carry a work e-mail code. */
  workEmailCodeKey?: Buffer | undefined;
}

/** The sender of MAIL_FROM, or the brand at no-reply@ the contact mailbox's domain; undefined when MAIL_FROM holds no single address. */
export function senderOf(
  config: Pick<Config, "MAIL_FROM" | "VITE_BRAND_NAME" | "VITE_CONTACT_EMAIL">,
): { name: string; address: string } | undefined {
  if (!config.MAIL_FROM)
    return { name: config.VITE_BRAND_NAME, address: `no-reply@${config.VITE_CONTACT_EMAIL.split("@")[1]}` };
  const parsed = addressparser(config.MAIL_FROM, { flatten: true });
  const [only] = parsed;
  if (parsed.length !== 1 || !only || !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(only.address)) return undefined;
  return { name: only.name.replace(/[\r\n]/g, " ").trim(), address: only.address };
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
