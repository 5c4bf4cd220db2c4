/** Every public path, prerendered to static HTML at build time ("/404" is the not-found page). */
export const PUBLIC_PATHS = ["/", "/qualify", "/qualifying-chat", "/voice-agent", "/thank-you", "/privacy"] as const;
export type PublicPath = (typeof PUBLIC_PATHS)[number];
export const PRERENDERED_PATHS = [...PUBLIC_PATHS, "/404"] as const;
/** The staff console: prerendered as an empty shell, not public (not in the sitemap, noindex). */
export const STAFF_PATH = "/staff";
