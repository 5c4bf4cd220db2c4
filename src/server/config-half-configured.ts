const isLocalHost = (url: URL) => url.hostname === "localhost" || url.hostname === "127.0.0.1";
/** Names reserved for examples and tests (RFC 2606, RFC 6761) and local addresses: no real mailbox lives there. */
const isReservedHost = (host: string) =>
  /(^|\.)(example|test|invalid|localhost)\.?$/i.test(host) ||
  /^example\.(com|net|org)\.?$/i.test(host) ||
  host === "127.0.0.1";

/**
 * Settings that switch a feature on without what it needs (decision 0040): automatic pay sends no code
 * and orders no card without the code key, mail and a rewards provider; e-mail links and the
 * unsubscribe header point at SITE_URL, which must then be the site's https address.
 */
export function refuseHalfConfigured(
  env: {
    VERIFICATION_AUTO_PAY: boolean;
    WORK_EMAIL_CODE_KEY?: Buffer | undefined;
    SMTP_URL?: string | undefined;
    REWARDS_PROVIDER?: string | undefined;
    SITE_URL?: string | undefined;
    VITE_CONTACT_EMAIL: string;
    VERIFICATION_CALLBACK?: boolean;
    VAPI_PRIVATE_KEY?: string | undefined;
    VAPI_PHONE_NUMBER_ID?: string | undefined;
    VOICE_WEBHOOK_SECRET?: string | undefined;
  },
  missing: (path: string, message: string) => void,
): void {
  if (env.VERIFICATION_AUTO_PAY) {
    const needs = "is required with VERIFICATION_AUTO_PAY=true";
    if (!env.WORK_EMAIL_CODE_KEY) missing("WORK_EMAIL_CODE_KEY", `${needs} (no code, no confirmed address, no card)`);
    if (!env.SMTP_URL) missing("SMTP_URL", `${needs} (the work e-mail code is sent by e-mail)`);
    if (!env.REWARDS_PROVIDER) missing("REWARDS_PROVIDER", `${needs} (the card is ordered from it)`);
  }
  if (env.VERIFICATION_CALLBACK) {
    const needs = "is required with VERIFICATION_CALLBACK=true";
    if (!env.VAPI_PRIVATE_KEY) missing("VAPI_PRIVATE_KEY", `${needs} (the call is placed through the voice provider)`);
    if (!env.VAPI_PHONE_NUMBER_ID) missing("VAPI_PHONE_NUMBER_ID", `${needs} (the number the call is placed from)`);
    if (!env.VOICE_WEBHOOK_SECRET)
      missing("VOICE_WEBHOOK_SECRET", `${needs} (the call's outcome arrives on the voice events route)`);
    if (!env.SITE_URL) missing("SITE_URL", `${needs} (the provider sends the call's report to it)`);
  }
  if (env.SMTP_URL) {
    const site = env.SITE_URL ? new URL(env.SITE_URL) : undefined;
    if (!site || (site.protocol !== "https:" && !isLocalHost(site)))
      missing(
        "SITE_URL",
        "must be the site's https:// address when SMTP_URL is set (e-mail links point at it; http only for localhost and 127.0.0.1)",
      );
    // A real site's e-mails answer to a real mailbox: Reply-To and "e-mail us" are the contact
    // address, whose default is a reserved example domain nobody reads.
    else if (!isReservedHost(site.hostname) && isReservedHost(env.VITE_CONTACT_EMAIL.split("@")[1] ?? ""))
      missing(
        "VITE_CONTACT_EMAIL",
        `must be a mailbox people read when SMTP_URL is set for ${site.hostname} (e-mails reply to it)`,
      );
  }
}
