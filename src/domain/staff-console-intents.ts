import { z } from "zod";
import {
  AvailabilityRequestSchema,
  OfferTimesRequestSchema,
  OutcomeRequestSchema,
  StaffBookRequestSchema,
  StaffMoveRequestSchema,
} from "./booking-requests";
import { FraudReviewDecisionSchema } from "./fraud-review";
import { StaffStepSchema } from "./pipeline-steps";
import { EraseRequestSchema, PersonRequestSchema } from "./privacy-requests";
import { ApprovalDecisionSchema } from "./reward-approvals";
import { RewardOrderSchema } from "./rewards";
import { CodeSchema, FactorChangeSchema } from "./second-factor-requests";
import { StaffAccountSchema } from "./staff-accounts";
import { MailAlertsSchema } from "./staff-mail-alerts";
import {
  PasswordChangeSchema,
  PasswordResetSchema,
  RewardResendSchema,
  SignInSchema,
  ThrottleLiftSchema,
} from "./staff-requests";

/**
 * What each console route's action may be asked to do (its intents), one zod discriminated union
 * per route, on `intent`. A form sends `{ intent, ...values }` (src/web/features/staff-console/
 * use-console-form.ts); the route's `clientAction` parses it here and posts its fields to the
 * staff API, which parses the body with the request's own schema. Each intent is that schema
 * (the one object the server parses, strict) with its name and the ids its path takes: a field
 * the server does not take is refused here (and is a type error in the form's body), and a field
 * the server takes cannot be missing here.
 */

const id = z.string().min(1).max(200);
const intent = <I extends string>(name: I) => z.literal(name);

/** An intent whose body is `request` (strict, as the server parses it), with the ids its path takes beside. */
function intentOf<I extends string, T extends z.ZodRawShape, P extends z.ZodRawShape = Record<never, never>>(
  name: I,
  request: z.ZodObject<T>,
  path?: P,
) {
  return z.strictObject({ ...request.shape, intent: intent(name), ...path } as T & { intent: z.ZodLiteral<I> } & P);
}

/** An intent that posts no body (its path says it all). */
function bare<I extends string, P extends z.ZodRawShape = Record<never, never>>(name: I, path?: P) {
  return z.strictObject({ intent: intent(name), ...path } as { intent: z.ZodLiteral<I> } & P);
}

/** /staff (the layout): signing in, the second factor's code, a key at the enrol stage and its code, signing out. */
export const SessionIntentSchema = z.discriminatedUnion("intent", [
  intentOf("sign-in", SignInSchema),
  intentOf("verify", CodeSchema),
  /** At the enrol stage: the key to set up (a change: the pending key is stored). */
  bare("setup"),
  intentOf("confirm", CodeSchema),
  bare("sign-out"),
]);

/**
 * A booked call (decision 0036), on the Calls view and the lead's page: marked held or missed, or moved
 * to a time offered; after a missed call (decision 0045), new times e-mailed to the lead, or one of the
 * times offered booked for the lead (`lead`: the lead's id, as the path takes it).
 */
const CALL_INTENTS = [
  intentOf("call-outcome", OutcomeRequestSchema, { id }),
  intentOf("call-move", StaffMoveRequestSchema, { id }),
  intentOf("call-offer-times", OfferTimesRequestSchema, { lead: id }),
  intentOf("call-book", StaffBookRequestSchema, { lead: id }),
] as const;
export type CallIntent = z.input<(typeof CALL_INTENTS)[number]>;

/**
 * A step: one of the pipeline's steps (StaffStepSchema, by `to`), or, with a rewards provider,
 * a paying step ordered (RewardOrderSchema); the server tells them apart (ordersReward).
 */
const [qualified, roleVerified, giftCardSent, firstShiftFilled, bonusSent, rejected] = StaffStepSchema.options;
const STEP_INTENTS = [
  intentOf("step", qualified),
  intentOf("step", roleVerified),
  intentOf("step", giftCardSent),
  intentOf("step", firstShiftFilled),
  intentOf("step", bonusSent),
  intentOf("step", rejected),
  intentOf("step", RewardOrderSchema),
] as const;

/** /staff/leads/:leadId (a union: its steps share the intent): a step (a reward ordered with its recipient), a check again, a fraud review, a retried delivery, a re-sent reward, a booked call's change. */
export const LeadIntentSchema = z.union([
  ...STEP_INTENTS,
  bare("check-verification"),
  bare("place-callback"),
  intentOf("fraud-review", FraudReviewDecisionSchema, { rewardId: id }),
  bare("retry", { deliveryId: id }),
  intentOf("resend", RewardResendSchema, { rewardId: id }),
  ...CALL_INTENTS,
]);

/** /staff/accounts: add an account, disable one, a new password for one. */
export const AccountsIntentSchema = z.discriminatedUnion("intent", [
  intentOf("add", StaffAccountSchema),
  bare("disable", { accountId: id }),
  intentOf("reset-password", PasswordResetSchema, { accountId: id }),
]);

/** /staff/security: one's own e-mail alerts, call availability, a new key (with proof) and its code, a new password. */
export const OwnSecurityIntentSchema = z.discriminatedUnion("intent", [
  intentOf("mail-alerts", MailAlertsSchema),
  intentOf("availability", AvailabilityRequestSchema),
  intentOf("setup", FactorChangeSchema),
  intentOf("confirm", CodeSchema),
  intentOf("password", PasswordChangeSchema),
]);

/** /staff/throttles: lift sign-in throttles. */
export const ThrottlesIntentSchema = z.discriminatedUnion("intent", [intentOf("lift", ThrottleLiftSchema)]);

/** /staff/approvals: a reward held for a second admin, approved or declined. */
export const ApprovalsIntentSchema = z.discriminatedUnion("intent", [
  intentOf("approve", ApprovalDecisionSchema, { id }),
  intentOf("decline", ApprovalDecisionSchema, { id }),
]);

/** /staff/privacy: erase a person, hand over their data, stop contacting them. */
export const PrivacyIntentSchema = z.discriminatedUnion("intent", [
  intentOf("erase", EraseRequestSchema),
  intentOf("export", PersonRequestSchema),
  intentOf("opt-out", PersonRequestSchema),
]);

/** /staff/calls: a booked call marked held or missed, or moved. */
export const CallsIntentSchema = z.discriminatedUnion("intent", [...CALL_INTENTS]);

/** One route's intents (one of the unions above): what its forms may send (use-console-form.ts). */
export type RouteIntents = z.ZodType<{ intent: string }, { intent: string }>;
