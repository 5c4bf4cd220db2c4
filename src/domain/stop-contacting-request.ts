import { z } from "zod";
import { CONTACT_TOKEN, DO_NOT_CONTACT_MESSAGES } from "./do-not-contact";

/**
 * The body of POST /api/stop-contacting (decision 0033), apart from do-not-contact.ts so the pages
 * that only need its paths and words load no zod (decision 0005).
 */
/** POST /api/stop-contacting: the token from the link's fragment (the page's only field). */
export const StopContactingSchema = z
  .object({ token: z.string(DO_NOT_CONTACT_MESSAGES.badLink).regex(CONTACT_TOKEN, DO_NOT_CONTACT_MESSAGES.badLink) })
  .strict();
