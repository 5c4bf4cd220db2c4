/** Every public page's path, by name: links and navigations use these, never a typed string. */
export const PATHS = {
  home: "/",
  qualify: "/qualify",
  qualifyingChat: "/qualifying-chat",
  voiceAgent: "/voice-agent",
  thankYou: "/thank-you",
  privacy: "/privacy",
  /** Opened from the lead's e-mail: one button confirms the work address (decision 0031). */
  confirmEmail: "/confirm-email",
  stopContacting: "/stop-contacting",
  /** Opened from the lead's e-mails: book, move or cancel their call (decision 0036). */
  call: "/call",
} as const;

/** Every public path, prerendered to static HTML at build time ("/404" is the not-found page). */
export const PUBLIC_PATHS = Object.values(PATHS);
export type PublicPath = (typeof PATHS)[keyof typeof PATHS];
export const PRERENDERED_PATHS = [...PUBLIC_PATHS, "/404"] as const;
/** The staff console: prerendered as an empty shell, not public (not in the sitemap, noindex). */
export const STAFF_PATH = "/staff";
