import addressparser from "nodemailer/lib/addressparser";
import { z } from "zod";
import { count, emailList, emptyToUndefined, flag } from "./config-fields";

/** The e-mail settings (decision 0023): SMTP, the sender, DKIM, staff alerts, the brand the e-mails write as. */
export const MAIL_SETTINGS = {
  // E-mail (decision 0023): sent by the outbox over SMTP; SMTP_URL unset, nothing is sent.
  /** E-mails a day (confirmations and codes) to an address that has confirmed nothing yet; past it none is sent (0 turns the limit off). */
  MAIL_PER_RECIPIENT_DAILY_LIMIT: count(3),
  /** `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS from the start). */
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  ),
  /** The sender: an address with an optional display name, `"ShiftReady Staffing" <hello@shiftready.example>`; unset, the brand at no-reply@ the contact mailbox's domain. */
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().max(300).optional()),
  /** DKIM signing (all three or none): the signing domain, the selector, the private key (PEM, `\n` for line breaks allowed). */
  DKIM_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9.-]{1,253}$/, "must be a domain name")
      .optional(),
  ),
  DKIM_SELECTOR: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,63}$/, "must be a DKIM selector")
      .optional(),
  ),
  DKIM_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((v) => v.replace(/\\n/g, "\n"))
      .optional(),
  ),
  /** Who hears of a qualified lead and, daily, of overdue calls (besides console accounts that turn alerts on). */
  STAFF_ALERT_EMAILS: z.preprocess(emptyToUndefined, emailList.default([])),
  /** Tests only: the process kills itself right after the SMTP server accepts an e-mail, before recording it. */
  MAIL_TEST_CRASH_AFTER_SEND: z.preprocess(emptyToUndefined, flag.optional()).default(false),
  // The brand the e-mails write as (the same settings the site is built with).
  VITE_BRAND_NAME: z.preprocess(emptyToUndefined, z.string().max(100).default("ShiftReady Staffing")),
  VITE_CONTACT_PHONE: z.preprocess(emptyToUndefined, z.string().max(40).default("(888) 555-0142")),
  VITE_CONTACT_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email("must be an e-mail address").default("partners@shiftready.example"),
  ),
};

/** The sender of MAIL_FROM, or the brand at no-reply@ the contact mailbox's domain; undefined when MAIL_FROM holds no single address. */
export function senderOf(config: {
  MAIL_FROM?: string | undefined;
  VITE_BRAND_NAME: string;
  VITE_CONTACT_EMAIL: string;
}): { name: string; address: string } | undefined {
  if (!config.MAIL_FROM)
    return { name: config.VITE_BRAND_NAME, address: `no-reply@${config.VITE_CONTACT_EMAIL.split("@")[1]}` };
  const parsed = addressparser(config.MAIL_FROM, { flatten: true });
  const [only] = parsed;
  if (parsed.length !== 1 || !only || !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(only.address)) return undefined;
  return { name: only.name.replace(/[\r\n]/g, " ").trim(), address: only.address };
}
