import { z } from "zod";

/**
 * What each console route's action may be asked to do (its intents), one zod discriminated union
 * per route, on `intent`. A form sends `{ intent, ...values }` (src/web/features/staff-console/
 * use-console-form.ts); the route's `clientAction` parses it here and posts its fields to the
 * staff API, where the body is parsed again with the request's own schema (staff-requests.ts,
 * rewards.ts, ...) and its rules and words. Here only the shape is held: which intents a route
 * has, which ids each needs, and of which type each value is (text, a yes/no, a list).
 */

const id = z.string().min(1).max(200);
const text = z.string().max(5000);
const intent = <I extends string>(name: I) => z.literal(name);

/** /staff (the layout): signing in, the second factor's code, a key at the enrol stage and its code, signing out. */
export const SessionIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: intent("sign-in"), email: text, password: text }),
  z.object({ intent: intent("verify"), code: text }),
  /** At the enrol stage: the key to set up (a change: the pending key is stored). */
  z.object({ intent: intent("setup") }),
  z.object({ intent: intent("confirm"), code: text }),
  z.object({ intent: intent("sign-out") }),
]);

/** A booked call (issue 40), on the Calls view and the lead's page: marked held or missed, or moved to a time offered. */
const CALL_INTENTS = [
  z.object({ intent: intent("call-outcome"), id, outcome: text }),
  z.object({ intent: intent("call-move"), id, start: text }),
] as const;
export type CallIntent = z.infer<(typeof CALL_INTENTS)[number]>;

/** /staff/leads/:leadId: a step (a reward ordered with its recipient), a check again, a fraud review, a retried delivery, a re-sent reward, a booked call's change. */
export const LeadIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: intent("step"),
    to: text,
    reference: text.optional(),
    note: text.optional(),
    method: text.optional(),
    reason: text.optional(),
    recipientEmail: text.optional(),
  }),
  z.object({ intent: intent("check-verification") }),
  z.object({ intent: intent("place-callback") }),
  z.object({ intent: intent("fraud-review"), rewardId: id, decision: text, note: text.optional() }),
  z.object({ intent: intent("retry"), deliveryId: id }),
  z.object({ intent: intent("resend"), rewardId: id, email: text.optional() }),
  ...CALL_INTENTS,
]);

/** /staff/accounts: add an account, disable one, a new password for one. */
export const AccountsIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: intent("add"), email: text, password: text, role: text }),
  z.object({ intent: intent("disable"), accountId: id }),
  z.object({ intent: intent("reset-password"), accountId: id, password: text }),
]);

/** /staff/security: one's own e-mail alerts, call availability, a new key (with proof) and its code, a new password. */
export const OwnSecurityIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: intent("mail-alerts"), on: z.boolean() }),
  /** The settings as a whole; their rules are AvailabilityRequestSchema's, on the server. */
  z.object({ intent: intent("availability") }).catchall(z.unknown()),
  z.object({ intent: intent("setup"), password: text, code: text.optional() }),
  z.object({ intent: intent("confirm"), code: text }),
  z.object({ intent: intent("password"), currentPassword: text, newPassword: text }),
]);

/** /staff/throttles: lift sign-in throttles. */
export const ThrottlesIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: intent("lift"), keys: z.array(z.string().max(400)).max(200) }),
]);

/** /staff/approvals: a reward held for a second admin, approved or declined. */
export const ApprovalsIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: intent("approve"), id, note: text.optional() }),
  z.object({ intent: intent("decline"), id, note: text.optional() }),
]);

/** /staff/privacy: erase a person, hand over their data, stop contacting them. */
export const PrivacyIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: intent("erase"), subject: text, reference: text, reason: text }),
  z.object({ intent: intent("export"), subject: text, reference: text }),
  z.object({ intent: intent("opt-out"), subject: text, reference: text }),
]);

/** /staff/calls: a booked call marked held or missed, or moved. */
export const CallsIntentSchema = z.discriminatedUnion("intent", [...CALL_INTENTS]);

/** Every intent of every console route: what a console form may send (use-console-form.ts names one). */
type ConsoleIntent =
  | z.infer<typeof SessionIntentSchema>
  | z.infer<typeof LeadIntentSchema>
  | z.infer<typeof AccountsIntentSchema>
  | z.infer<typeof OwnSecurityIntentSchema>
  | z.infer<typeof ThrottlesIntentSchema>
  | z.infer<typeof ApprovalsIntentSchema>
  | z.infer<typeof PrivacyIntentSchema>
  | z.infer<typeof CallsIntentSchema>;
export type ConsoleIntentName = ConsoleIntent["intent"];
