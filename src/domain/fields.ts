import isEmail from "validator/lib/isEmail.js";
import { z } from "zod";
import { MESSAGES } from "./messages";
import { formatPhone, isCompletePhone } from "./phone";
import { typeableText, type TextRules } from "./text";

/** Field schemas shared by every form; each carries the exact message of spec 5. */

const TEXT_MAX = 200;

/** Required free text on one line: whitespace-only counts as empty. */
export const requiredText = (message: string, max = TEXT_MAX) =>
  typeableText({}, message).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** Optional free text (one line unless `rules.multiline`); missing is "". */
export const optionalText = (max = TEXT_MAX, rules: TextRules = {}) =>
  typeableText(rules).trim().max(max, `Must be at most ${max} characters`).optional().default("");

/**
 * An address mail can reach (validator's isEmail: no consecutive, leading or trailing dots, only
 * characters an address may hold, a real domain), with spec 5's message.
 */
export const emailField = typeableText({}, MESSAGES.emailRequired)
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .refine((email) => isEmail(email), MESSAGES.emailInvalid);

/** Accepts typed or formatted input; yields the (XXX) XXX-XXXX form of spec 5.2. */
export const phoneField = typeableText({}, MESSAGES.phoneRequired)
  .trim()
  .min(1, MESSAGES.phoneRequired)
  .max(24, MESSAGES.phoneInvalid)
  .refine(isCompletePhone, MESSAGES.phoneInvalid)
  .transform(formatPhone);

/** One of a fixed list; anything else (missing, empty, unknown) gets the field's message. */
export const oneOf = <V extends string>(values: readonly [V, ...V[]], message: string) =>
  z.enum(values, { error: message });

/** A non-empty selection from a fixed list; repeats are dropped. */
export const someOf = <V extends string>(values: readonly [V, ...V[]], message: string) =>
  z
    .array(z.enum(values, { error: message }), { error: message })
    .min(1, message)
    .max(values.length * 2, message)
    .transform((picked) => [...new Set(picked)]);

/** An optional ISO timestamp set by the browser at submit time. */
export const isoTimestamp = z.iso.datetime({ offset: true }).optional();

/** First message per top-level field, the shape the forms and the API both use. */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "_form");
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A record id as the server makes them (UUID), e.g. in a URL path. */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
