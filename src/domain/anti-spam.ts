import { z } from "zod";
import { HONEYPOT_FIELD } from "./honeypot";
import { typeableText } from "./text";

/**
 * Fields every public form sends so the server can tell people from bots: a honeypot that
 * people never see (and so leave empty) and the time the form was first shown.
 */

export const antiSpamFields = {
  [HONEYPOT_FIELD]: typeableText().max(500).optional().default(""),
  /** Milliseconds since the epoch when the visitor first saw the form. */
  formStartedAt: z.number().int().nonnegative().optional(),
};

/** Double submits of the same form with the same e-mail and phone within this window return the first record. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

export interface AntiSpamValues {
  companyWebsite?: string | undefined;
  formStartedAt?: number | undefined;
  /** The browser's ISO time of submission, when it sends one (same clock as formStartedAt). */
  timestamp?: string | undefined;
}

/**
 * A bot filled the honeypot, or submitted faster than a person can (minimum fill time; 0 off).
 * The fill time is measured on the browser's own clock when it sends its timestamp, so a
 * visitor's wrong clock does not make them look like a bot; else against the server's clock,
 * where a negative time (a clock ahead of ours) is not held against them.
 */
export function looksLikeBot(values: AntiSpamValues, minFillSeconds: number, serverNow: number): boolean {
  if ((values.companyWebsite ?? "").trim() !== "") return true;
  if (minFillSeconds <= 0 || values.formStartedAt === undefined) return false;
  const browserNow = values.timestamp ? Date.parse(values.timestamp) : Number.NaN;
  const elapsed = (Number.isNaN(browserNow) ? serverNow : browserNow) - values.formStartedAt;
  if (Number.isNaN(browserNow) && elapsed < 0) return false;
  return elapsed < minFillSeconds * 1000;
}
