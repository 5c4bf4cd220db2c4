/**
 * The one analytics module: every event goes through here. It calls `window.gtag` only when
 * it exists (the Google tag is loaded only when an id is configured), so a missing or
 * blocked tag never breaks a page.
 */

type Gtag = (command: "event" | "config" | "js", target: string | Date, params?: Record<string, unknown>) => void;

declare global {
  interface Window {
    gtag?: Gtag;
    dataLayer?: unknown[];
  }
}

/**
 * The events the site sends, with their GA4 parameter names (spec 7.3, 7.4). `event_category`
 * and `event_label` are the names GA4 shows as custom dimensions for the old Universal
 * Analytics category/label pair.
 */
export const ANALYTICS_EVENTS = {
  /** A landing-page lead was stored (201 from /api/leads). */
  leadCreated: { name: "lead_created", params: { source: "homepage_form" } },
  /** The $50 incentive card's button was clicked. */
  incentiveClick: {
    name: "cta_click_incentive",
    params: { event_category: "engagement", event_label: "incentive_card" },
  },
} as const;

export function trackEvent(name: string, params: Record<string, unknown> = {}): void {
  if (typeof window === "undefined" || typeof window.gtag !== "function") return;
  try {
    window.gtag("event", name, params);
  } catch {
    // Analytics must never break the page.
  }
}

/** The ad-conversion event of the thank-you page (spec 2.4: value 1, currency USD). */
export function trackConversion(sendTo: string | undefined): void {
  trackEvent("conversion", { ...(sendTo ? { send_to: sendTo } : {}), value: 1, currency: "USD" });
}
