import { z } from "zod";
import { HONEYPOT_FIELD } from "./honeypot";

/**
 * Fields every public form sends so the server can tell people from bots: a honeypot that
 * people never see (and so leave empty) and the time the form was first shown.
 */

export const antiSpamFields = {
  [HONEYPOT_FIELD]: z.string().max(500).optional().default(""),
  /** Milliseconds since the epoch when the visitor first saw the form. */
  formStartedAt: z.number().int().nonnegative().optional(),
};
