import { z } from "zod";

/**
 * The staff API's request bodies and the security log's query, once for both sides (decision
 * 0014): the server parses each with `parseBody`, the console's form checks its values with the
 * same schema before it sends them, and the console's intents are built from them
 * (staff-console-intents.ts). Strict: a key a schema does not name is refused (400), never dropped. (Steps: pipeline-steps.ts; accounts: staff-accounts.ts; the
 * lead list: lead-list-filters.ts; a reward's order: rewards.ts.)
 */

const STAFF_REQUEST_MESSAGES = {
  email: "Enter your e-mail address.",
  password: "Enter your password.",
  code: "Enter the code from your authenticator app, or a recovery code.",
  currentPassword: "Enter your current password.",
  newPassword: "Enter a new password.",
  lift: "Choose what to lift.",
  day: "Use a date such as 2026-01-31.",
  kind: "Choose a kind of event.",
  before: "This page link is out of date. Go back to the first page.",
  resendEmail: "Enter a valid e-mail address.",
  resendEmailLength: "Keep the e-mail under 254 characters.",
} as const;
const M = STAFF_REQUEST_MESSAGES;

/** POST /api/staff/sign-in (the server answers any refusal with one message, so it tells nothing). */
export const SignInSchema = z.strictObject({
  email: z.string(M.email).trim().min(1, M.email).max(254, M.email),
  password: z.string(M.password).min(1, M.password).max(1024, M.password),
});

/** POST /api/staff/second-factor/verify and /confirm: a code from the app or a recovery code. */
export const SecondFactorCodeSchema = z.strictObject({ code: z.string(M.code).trim().min(1, M.code).max(40, M.code) });

/** POST /api/staff/password (one's own; the new password's rules: staff-password.ts, server side). */
export const PasswordChangeSchema = z.strictObject({
  currentPassword: z.string(M.currentPassword).min(1, M.currentPassword).max(1024),
  // No minimum here: the server answers an empty or short one with the password rules' words.
  newPassword: z.string(M.newPassword).max(1024),
});

/** POST /api/staff/accounts/:id/password (admins). */
export const PasswordResetSchema = z.strictObject({ password: z.string(M.newPassword).max(1024) });

/** POST /api/staff/throttles/lift (admins). */
export const ThrottleLiftSchema = z.strictObject({ keys: z.array(z.string().min(1).max(400)).min(1, M.lift).max(200) });

/** POST /api/staff/leads/:id/rewards/:rewardId/resend: to the same address, or a corrected one. */
export const RewardResendSchema = z.strictObject({
  email: z.email(M.resendEmail).max(254, M.resendEmailLength).optional(),
});

/** What the security log records (append-only, decision 0015). */
export const SECURITY_EVENT_KINDS = [
  "sign_in",
  "sign_in_failed",
  "sign_in_throttled",
  "second_factor_failed",
  "throttle_lifted",
  "sign_out",
  "account_created",
  "account_disabled",
  "password_changed",
  "password_reset",
  "second_factor_enrolled",
  "second_factor_reset",
  "recovery_code_used",
  "leads_exported",
  "reward_approval_requested",
  "reward_approval_approved",
  "reward_approval_declined",
  "second_factor_verified",
  "second_factor_replaced",
  "second_factor_removed",
  "second_factor_locked",
  "reward_flagged",
  "reward_released",
  "reward_blocked",
  "privacy_erased",
  "privacy_erase_deferred",
  "privacy_exported",
  "privacy_opted_out",
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.day)
  .refine((v) => !Number.isNaN(Date.parse(v)), M.day);

/** GET /api/staff/security-events (admins): filters and the page's cursor; blank filters are none. */
export const SecurityEventQuerySchema = z.object({
  kind: z.preprocess(blankToUndefined, z.enum(SECURITY_EVENT_KINDS, M.kind).optional()),
  account: z.preprocess(blankToUndefined, z.string().trim().max(254).optional()),
  from: z.preprocess(blankToUndefined, day.optional()),
  to: z.preprocess(blankToUndefined, day.optional()),
  /** The next page's cursor, opaque (the server reads it: the time at the stored precision and the id). */
  before: z.preprocess(blankToUndefined, z.string().max(200, M.before).optional()),
});
