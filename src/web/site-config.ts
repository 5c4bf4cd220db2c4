/**
 * The site config (docs/architecture.md): everything a provider would change, with working defaults.
 * Read at build time from VITE_* variables; this is the only module that reads them, so it is
 * also the allowlist of what configuration reaches the browser. Unset integrations are off.
 */
// Outside Vite (Playwright, scripts) there is no import.meta.env: the defaults apply.
const env: Partial<ImportMetaEnv> = import.meta.env ?? {};
const read = (value: string | undefined, fallback: string) => (value && value.trim() ? value.trim() : fallback);
const optional = (value: string | undefined) => (value && value.trim() ? value.trim() : undefined);

export const siteConfig = {
  brandName: read(env.VITE_BRAND_NAME, "ShiftReady Staffing"),
  /** Toll-free number, as shown; the tel: link is derived from it. */
  phone: read(env.VITE_CONTACT_PHONE, "(888) 555-0142"),
  email: read(env.VITE_CONTACT_EMAIL, "partners@shiftready.example"),
  address: { city: "Alpharetta", region: "GA", country: "US" },
  companySiteUrl: read(env.VITE_COMPANY_SITE_URL, "https://www.shiftready.example"),
  /** Canonical origin for links and share tags. */
  siteUrl: read(env.SITE_URL ?? env.VITE_SITE_URL, "http://localhost:3000").replace(/\/$/, ""),
  /** The footer's ©: the year of the build (pages are prerendered), else this year. */
  copyrightYear: typeof __BUILD_YEAR__ === "number" ? __BUILD_YEAR__ : new Date().getUTCFullYear(),
  integrations: {
    /** Google tag (gtag.js) id, e.g. G-XXXX: analytics off when unset. */
    googleTagId: optional(env.VITE_GOOGLE_TAG_ID),
    /** Google Ads conversion `send_to`, e.g. AW-123/abc: the thank-you conversion is off when unset. */
    adsConversionSendTo: optional(env.VITE_ADS_CONVERSION_SEND_TO),
    vapiPublicKey: optional(env.VITE_VAPI_PUBLIC_KEY),
    vapiAssistantId: optional(env.VITE_VAPI_ASSISTANT_ID),
    vapiApiUrl: optional(env.VITE_VAPI_API_URL),
    chatWidgetSrc: optional(env.VITE_CHAT_WIDGET_SRC),
    /** JSON object of extra attributes for the chat script tag, e.g. {"data-widget-id":"abc"}. */
    chatWidgetAttributes: optional(env.VITE_CHAT_WIDGET_ATTRIBUTES),
    /** id of the element the chat script mounts into (many widgets look one up by id). */
    chatWidgetContainerId: read(env.VITE_CHAT_WIDGET_CONTAINER_ID, "chat-widget"),
  },
} as const;

export type SiteConfig = typeof siteConfig;

/** "(888) 555-0142" -> "tel:+18885550142" */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}
