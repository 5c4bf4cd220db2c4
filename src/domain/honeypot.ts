/**
 * The name of the honeypot field every public form sends: people never see it (and so leave it
 * empty), bots fill it in. Kept apart from the zod schemas so pages can name it without loading them.
 */
export const HONEYPOT_FIELD = "companyWebsite";
