import { z } from "zod";
import { isUuid } from "./fields";
import { phoneDigits } from "./phone";

/**
 * A person's data on request (decision 0025): how a request names the person, and the requests an
 * admin makes (erase, export, stop contacting). Shared by the admin API, the CLI and the console.
 */

/** A person named by e-mail (any case), phone (any format, 10 digits) or a lead's id. */
export type PersonSubject =
  { kind: "email"; email: string } | { kind: "phone"; digits: string } | { kind: "lead_id"; id: string };

const PRIVACY_MESSAGES = {
  subject: "Give the person's e-mail address, phone number or lead id.",
  reference: "Give the request's reference (a ticket or letter number).",
  reason: "Say why (for example: the person asked on 2026-11-20).",
} as const;

/** Reads what an admin typed: an e-mail, a US phone number or a lead id; undefined for anything else. */
function parsePersonSubject(raw: string): PersonSubject | undefined {
  const value = raw.trim();
  if (isUuid(value)) return { kind: "lead_id", id: value.toLowerCase() };
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254)
    return { kind: "email", email: value.toLowerCase() };
  const digits = phoneDigits(value);
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (/^[\d\s()+.-]+$/.test(value) && national.length === 10) return { kind: "phone", digits: national };
  return undefined;
}

const subject = z
  .string(PRIVACY_MESSAGES.subject)
  .max(254, PRIVACY_MESSAGES.subject)
  .transform((value, context) => {
    const parsed = parsePersonSubject(value);
    if (!parsed) {
      context.addIssue({ code: "custom", message: PRIVACY_MESSAGES.subject });
      return z.NEVER;
    }
    return parsed;
  });

/** Erase a person: who, the request's reference, and why. */
export const EraseRequestSchema = z
  .object({
    subject,
    reference: z
      .string(PRIVACY_MESSAGES.reference)
      .trim()
      .min(1, PRIVACY_MESSAGES.reference)
      .max(200, PRIVACY_MESSAGES.reference),
    reason: z.string(PRIVACY_MESSAGES.reason).trim().min(1, PRIVACY_MESSAGES.reason).max(500, PRIVACY_MESSAGES.reason),
  })
  .strict();

/** Hand over what is kept about a person, or stop contacting them: who, and the request's reference. */
export const PersonRequestSchema = z
  .object({
    subject,
    reference: z.string(PRIVACY_MESSAGES.reference).trim().max(200, PRIVACY_MESSAGES.reference).default(""),
  })
  .strict();

/** The answers of the privacy routes in words (the admin API, the console's, the CLI). */
export const PRIVACY_ANSWERS = {
  notFound: "Nothing kept names this person (or they were erased already).",
  deferred: (cards: number) =>
    `A card for this person is still on its way (${cards}): they are erased as soon as it settles.`,
} as const;

/** What replaces an erased text: the same marker everywhere, so a reader sees what happened. */
export const ERASED = "[erased]";
