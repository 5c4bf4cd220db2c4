/**
 * "Do not contact" (decision 0033): how a person asked, and what the console, the forwarded events
 * and the stop-contacting page agree on. `false`, or when and how they asked.
 */

/** How a person asked: the link in an e-mail, an admin in the console, or the CLI / admin API. */
export const OPT_OUT_VIA = ["link", "console", "cli"] as const;
export type OptOutVia = (typeof OPT_OUT_VIA)[number];

/** What a lead carries in the console's API and in its forwarded events. */
export type DoNotContact = false | { at: string; via: OptOutVia };

/** The words of a refusal or a bad link, shared by the server's answers and the page. */
export const DO_NOT_CONTACT_MESSAGES = {
  badLink: "This link is not complete or not valid. Please use the link from our e-mail as it is.",
  unknownLink: "We do not know this link. Please use the link from our e-mail, or call or e-mail us.",
  noCall: "You asked us not to contact you, so we do not start a call. You can still call our 24/7 staffing hotline.",
} as const;

/** The page's API and the RFC 8058 one-click address (a mail client's POST, the token in the query). */
export const STOP_CONTACTING_API = "/api/stop-contacting";
export const ONE_CLICK_API = "/api/stop-contacting/one-click";

/** 32 random bytes, base64url: the token of a stop-contacting link. */
export const CONTACT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The token in a stop-contacting link's fragment (`#token=…`), or undefined. */
export function tokenOfFragment(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? "";
  return CONTACT_TOKEN.test(token) ? token : undefined;
}
