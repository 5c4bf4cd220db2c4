import { z } from "zod";
import { WORK_EMAIL_CODE_MESSAGES as M } from "./work-email-messages";
import { QualificationSessionRequestSchema } from "./qualification-requests";
import { typeableText } from "./text";

/**
 * The code that proves a facility lead reads their work e-mail (decision 0031): six random digits,
 * good for 10 minutes, used once, ended by 5 wrong tries; a new one at most once a minute and 5
 * a day per lead. The server keeps one row per lead (its current code's hash and counters) and
 * applies these rules in its atomic statements; these functions say which rule refused.
 */
export const WORK_EMAIL_CODE_RULES = {
  digits: 6,
  validMs: 10 * 60_000,
  maxWrongTries: 5,
  resendAfterMs: 60_000,
  maxIssuesPerDay: 5,
} as const;

/** Six digits from random bytes (at least 8): a 64-bit number modulo 10^6, its bias below 10^-13. */
export function codeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 8) throw new RangeError("a code needs at least 8 random bytes");
  let value = 0n;
  for (const byte of bytes.subarray(0, 8)) value = (value << 8n) | BigInt(byte);
  return (value % 1_000_000n).toString().padStart(WORK_EMAIL_CODE_RULES.digits, "0");
}

/** What a person types, without the spaces and dashes they may add ("123 456", "123-456"). */
const compactCode = (typed: string) => typed.replace(/[\s\-\u2010-\u2015]/g, "");

/** The code as typed: exactly six digits once spaces and dashes are taken out. */
export const WorkEmailCodeSchema = typeableText({}, M.codeRequired)
  .max(40, M.codeInvalid)
  .transform(compactCode)
  .pipe(
    z
      .string()
      .min(1, M.codeRequired)
      .regex(/^\d{6}$/, M.codeInvalid),
  );

/** The form's values (the thank-you page's and the chat's). */
export const WorkEmailCodeFormSchema = z.strictObject({ code: WorkEmailCodeSchema });

/** POST /api/work-email/confirm: the lead's id and qualification token, and the code. */
export const ConfirmWorkEmailRequestSchema = QualificationSessionRequestSchema.extend({ code: WorkEmailCodeSchema });

/** POST /api/work-email/new-code: the lead's id and qualification token. */
export const NewWorkEmailCodeRequestSchema = QualificationSessionRequestSchema;

/** POST /api/work-email/waiting: the lead's id and qualification token. */
export const WorkEmailWaitingRequestSchema = QualificationSessionRequestSchema;

/** The e-mail link's token: 64 letters a-p (256 bits; no digit, so nothing in the link reads as a second code). */
const LINK_TOKEN_PATTERN = /^[a-p]{64}$/;

/** POST /api/work-email/confirm-link: what the e-mail's link carries in its fragment. */
export const ConfirmWorkEmailLinkRequestSchema = z.strictObject({
  token: z.string({ error: M.linkInvalid }).regex(LINK_TOKEN_PATTERN, M.linkInvalid),
});

/** A lead's code as stored (times as Date). */
export interface WorkEmailCodeState {
  issuedAt: Date;
  expiresAt: Date;
  wrongTries: number;
  usedAt: Date | null;
  confirmedAt: Date | null;
  /** The UTC day of the day's issues ("2026-11-26") and how many were issued that day. */
  issueDay: string;
  issuesToday: number;
}

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

export type AnswerRefusal = "no_code" | "already_confirmed" | "used" | "expired" | "too_many_tries";
export type IssueRefusal = "already_confirmed" | "too_soon" | "daily_limit";

/** Why an answer cannot be checked against the current code, or undefined when it can. */
export function answerRefusal(state: WorkEmailCodeState | undefined, now: Date): AnswerRefusal | undefined {
  if (!state) return "no_code";
  if (state.usedAt) return state.confirmedAt ? "already_confirmed" : "used";
  if (state.confirmedAt) return "already_confirmed";
  if (state.wrongTries >= WORK_EMAIL_CODE_RULES.maxWrongTries) return "too_many_tries";
  if (now.getTime() >= state.expiresAt.getTime()) return "expired";
  return undefined;
}

/**
 * Whether a code is waiting for the lead's answer: one that a right answer would
 * confirm now (issued, unused, unexpired, under five wrong tries, the address not confirmed).
 * While it is, the pages put the code's form before the call's times: it expires, they do not.
 */
export const isCodeWaiting = (state: WorkEmailCodeState | undefined, now: Date): boolean =>
  state !== undefined && answerRefusal(state, now) === undefined;

/**
 * The code a lead would have had from its intake at `receivedAt`: what a lead
 * caught as spam, which got none, is answered as, so no answer tells it was caught.
 */
export const intakeCodeState = (receivedAt: Date): WorkEmailCodeState => ({
  issuedAt: receivedAt,
  expiresAt: new Date(receivedAt.getTime() + WORK_EMAIL_CODE_RULES.validMs),
  wrongTries: 0,
  usedAt: null,
  confirmedAt: null,
  issueDay: utcDay(receivedAt),
  issuesToday: 1,
});

/** Why a new code cannot be issued now, or undefined when it can. */
export function issueRefusal(state: WorkEmailCodeState | undefined, now: Date): IssueRefusal | undefined {
  if (!state) return undefined;
  if (state.confirmedAt) return "already_confirmed";
  if (now.getTime() - state.issuedAt.getTime() < WORK_EMAIL_CODE_RULES.resendAfterMs) return "too_soon";
  if (state.issueDay === utcDay(now) && state.issuesToday >= WORK_EMAIL_CODE_RULES.maxIssuesPerDay)
    return "daily_limit";
  return undefined;
}

/** The words for each refusal, and for a wrong code. */
export const REFUSAL_MESSAGES: Record<AnswerRefusal | IssueRefusal | "wrong", string> = {
  no_code: M.noCode,
  already_confirmed: M.alreadyConfirmed,
  used: M.used,
  expired: M.expired,
  too_many_tries: M.tooManyTries,
  too_soon: M.tooSoon,
  daily_limit: M.dailyLimit,
  wrong: M.wrong,
};

/** The words for a wrong code with the tries left ("…try again. 3 tries left."); the last wrong one ends the code. */
export function wrongCodeMessage(wrongTries: number): string {
  const left = WORK_EMAIL_CODE_RULES.maxWrongTries - wrongTries;
  if (left <= 0) return M.tooManyTries;
  return `${M.wrong} ${left} ${left === 1 ? "try" : "tries"} left.`;
}
