import { z } from "zod";
import { emailField } from "./fields";
import type { FraudReviewStatus } from "./fraud-review";
import { BONUS_AMOUNT_USD, GIFT_CARD_AMOUNT_USD } from "./incentive-pipeline";

/**
 * Rewards ordered from a rewards provider (decision 0017): the $50 card and the $250 bonus of the
 * incentive pipeline, their statuses, and the monthly spending cap. Pure rules; the provider
 * adapters (src/server/rewards/) map the provider's words onto these.
 */

/** The pipeline steps that pay a reward. */
const REWARD_STEPS = ["gift_card_sent", "bonus_sent"] as const;
export type RewardStep = (typeof REWARD_STEPS)[number];

export const isRewardStep = (value: unknown): value is RewardStep =>
  value === "gift_card_sent" || value === "bonus_sent";

export const REWARD_AMOUNT_USD: Record<RewardStep, number> = {
  gift_card_sent: GIFT_CARD_AMOUNT_USD,
  bonus_sent: BONUS_AMOUNT_USD,
};

/**
 * A paying step without a reference, with a rewards provider configured: the order to place.
 * `recipientEmail` replaces the default recipient (the chat's gift-card e-mail, else the lead's).
 */
export const RewardOrderSchema = z.strictObject({
  to: z.enum(REWARD_STEPS),
  /** The step form's reference left blank: a step is ordered only without one (ordersReward). */
  reference: z.string().trim().max(0).optional(),
  recipientEmail: emailField.optional(),
  note: z.string().trim().max(2000, "Keep the note under 2,000 characters.").optional(),
});

/**
 * ordering: written before the provider is called (the outcome may be unknown until it answers
 * or the order is found by its external id); refused: the provider said no, nothing was ordered.
 */
export type RewardStatus =
  "ordering" | "ordered" | "pending_approval" | "delivered" | "failed" | "canceled" | "refused";

/**
 * What the monthly cap counts: every reward the provider has (or may have) accepted. A failed
 * delivery counts too: the money left the account and the reward is re-sent, not refunded.
 */
export const SPENDING_STATUSES: readonly RewardStatus[] = [
  "ordering",
  "ordered",
  "pending_approval",
  "delivered",
  "failed",
];

/** The provider accepted the order: the pipeline step is recorded with its ids. */
export const ACCEPTED_STATUSES: readonly RewardStatus[] = [
  "ordered",
  "pending_approval",
  "delivered",
  "failed",
  "canceled",
];

/**
 * One of a lead's rewards as GET /api/staff/leads/:id/rewards answers it, once for both sides:
 * the server builds it with `Time = Date` (rewards-repository's `rewardsOfLead`), the console
 * reads it as JSON (`Time = string`).
 */
export interface RewardView<Time = string> {
  id: string;
  step: RewardStep;
  amountUsd: number;
  status: RewardStatus;
  provider: string;
  providerOrderId: string | null;
  providerRewardId: string | null;
  recipientEmail: string;
  note: string;
  lastError: string | null;
  /** The provider's fraud review (REWARDS.FLAGGED), when it flagged the reward. */
  fraudReview: RewardFraudReview<Time> | null;
  orderedBy: string;
  requestedAt: Time;
  updatedAt: Time;
  history: {
    id: string;
    at: Time;
    actor: string;
    kind: string;
    status: RewardStatus;
    details: Record<string, string | number>;
  }[];
}

/** The provider's flag on a reward and staff's decision on it (fraud-review.ts). */
export interface RewardFraudReview<Time = string> {
  status: FraudReviewStatus;
  reasons: string[];
  flaggedAt: Time | null;
  reviewedBy: string | null;
  reviewedAt: Time | null;
}

/** Not delivered yet: the Due view shows these after the promise's hours. */
export const UNDELIVERED_STATUSES: readonly RewardStatus[] = ["ordering", "ordered", "pending_approval", "failed"];

/**
 * The provider's idempotency key: one per lead and step, never another, so whatever is retried
 * (a double click, a timeout, a restart) the provider answers with the first order.
 */
export function externalIdOf(leadId: string, step: RewardStep): string {
  return `lead-${leadId}-${step}`;
}

/** The first instant of the calendar month (UTC) holding `now`, and of the next one. */
export function monthOf(now: Date): { start: Date; end: Date; label: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end, label: start.toISOString().slice(0, 7) };
}

type CapCheck = { ok: true } | { ok: false; error: string };

/** Whether an order of `amountUsd` fits under the month's limit (undefined: no limit). */
export function checkMonthlyCap(limitUsd: number | undefined, spentUsd: number, amountUsd: number): CapCheck {
  if (limitUsd === undefined || spentUsd + amountUsd <= limitUsd) return { ok: true };
  const left = Math.max(0, limitUsd - spentUsd);
  return {
    ok: false,
    error: `This $${amountUsd} order would pass this month's rewards limit of $${limitUsd}: $${left} is left. An admin can raise REWARDS_MONTHLY_LIMIT_USD.`,
  };
}

/** The step's reference: the provider's order id and reward id, as staff see it on the lead. */
export function rewardReference(orderId: string, rewardId: string | null | undefined): string {
  return rewardId ? `${orderId} / ${rewardId}` : orderId;
}
