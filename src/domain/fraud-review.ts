import { z } from "zod";

/**
 * The rewards provider's fraud review (decision 0030): Tremendous holds a reward it flags
 * (`REWARDS.FLAGGED`) until someone releases or blocks it. Pure rules; the server reads the
 * provider's review and acts through its fraud review API (src/server/rewards/fraud-review.ts).
 */

/** flagged: held for review; releasing / blocking: a staff decision sent to the provider, its answer not recorded yet. */
export type FraudReviewStatus = "flagged" | "releasing" | "blocking" | "released" | "blocked";

export const FRAUD_REVIEW_DECISIONS = ["release", "block"] as const;
export type FraudReviewDecision = (typeof FRAUD_REVIEW_DECISIONS)[number];

export const FRAUD_REVIEW_MESSAGES = {
  decision: "Choose to release or block the reward.",
  noteTooLong: "Keep the note under 2,000 characters.",
  notFlagged: "This reward is not waiting for a fraud review: reload the page to see its state.",
  notFound: "This reward was not found on this lead.",
  notConfigured: "No rewards provider is set up.",
  adminWithSecondFactor:
    "Releasing or blocking a card the provider flagged is for an admin with a second factor (set one up under Account).",
  releaseWaits: "A second admin must approve this release before the card goes out: it is listed under Approvals.",
  providerFailed: (words: string) => `The rewards provider did not take the decision: ${words}. Nothing was changed.`,
} as const;

/** POST /api/staff/leads/:id/rewards/:rewardId/fraud-review */
export const FraudReviewDecisionSchema = z.strictObject({
  decision: z.enum(FRAUD_REVIEW_DECISIONS, FRAUD_REVIEW_MESSAGES.decision),
  note: z.string().trim().max(2000, FRAUD_REVIEW_MESSAGES.noteTooLong).optional(),
});

/** While a staff decision is on its way to the provider, and once it is taken. */
export const PENDING_STATUS: Record<FraudReviewDecision, FraudReviewStatus> = {
  release: "releasing",
  block: "blocking",
};
export const DONE_STATUS: Record<FraudReviewDecision, FraudReviewStatus> = { release: "released", block: "blocked" };

/** The provider's reasons kept: short strings only, at most 20 (they are shown to staff as they came). */
export function keptReasons(reasons: unknown): string[] {
  if (!Array.isArray(reasons)) return [];
  return reasons
    .filter((r): r is string => typeof r === "string" && r.trim() !== "")
    .map((r) => r.trim().slice(0, 200))
    .slice(0, 20);
}
