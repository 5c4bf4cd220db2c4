import { PAID_ONCE_INDEX, REFERENCE_ONCE_INDEX } from "./schema";

/**
 * The database guards the money: unique indexes on lead_transitions allow one
 * "gift card sent" and one "bonus sent" per lead and a reference once (schema.ts), and triggers
 * refuse UPDATE, DELETE and TRUNCATE of that history (drizzle/*_sql.sql). Here: how a violation
 * becomes a clear refusal for staff instead of a 500.
 */

/** What staff are told when the database refuses a money step (its unique indexes, schema.ts). */
export const MONEY_GUARD_MESSAGES = {
  paidOnce: (to: string) =>
    to === "bonus_sent"
      ? "A bonus has already been recorded as sent for this lead; nothing was recorded."
      : "A gift card has already been recorded as sent for this lead; nothing was recorded.",
  referenceOnce:
    "This reference is already recorded for another card or bonus. Check the reference; nothing was recorded.",
};

/** The unique index a PostgreSQL error (23505) violated, through drizzle's wrapping; undefined for any other error. */
export function violatedUniqueIndex(error: unknown): string | undefined {
  for (
    let at = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0;
    at && i < 4;
    at = at.cause as typeof at, i++
  ) {
    if (at.code === "23505") return typeof at.constraint === "string" ? at.constraint : "";
  }
  return undefined;
}

/** A database refusal of a money step as the answer staff get (409 in the console); any other error is thrown on. */
export function moneyGuardRefusal(error: unknown, to: string): { ok: false; reason: "refused"; error: string } {
  const index = violatedUniqueIndex(error);
  if (index === PAID_ONCE_INDEX) return { ok: false, reason: "refused", error: MONEY_GUARD_MESSAGES.paidOnce(to) };
  if (index === REFERENCE_ONCE_INDEX)
    return { ok: false, reason: "refused", error: MONEY_GUARD_MESSAGES.referenceOnce };
  throw error;
}
