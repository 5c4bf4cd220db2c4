import type { RewardApprovalView } from "./reward-approvals";
import type { RewardView } from "./rewards";

/**
 * The console's answers about rewards and their approvals, one type for both sides: see BuiltAs
 * in staff-console-api.ts, which re-exports them.
 */

/** GET /api/staff/rewards/month (admins): what the month's rewards add up to, against REWARDS_MONTHLY_LIMIT_USD. */
export interface RewardsMonthAnswer {
  enabled: boolean;
  month: string;
  spentUsd: number;
  count: number;
  limitUsd: number | null;
}

/** GET /api/staff/leads/:id/rewards: whether a provider orders them, the default recipient, the lead's rewards. */
export interface LeadRewards<Time = string> {
  enabled: boolean;
  recipientEmail: string;
  rewards: RewardView<Time>[];
}

/** What a change's answer shows of a reward (the provider's ids are the step's reference). */
export type RewardSummary = Pick<
  RewardView,
  "id" | "step" | "amountUsd" | "status" | "recipientEmail" | "providerOrderId" | "providerRewardId" | "lastError"
>;

/** A reward ordered (201 from a paying step) or re-sent (POST …/rewards/:rewardId/resend). */
export interface RewardAnswer {
  reward: RewardSummary;
}

/** POST …/rewards/:rewardId/fraud-review with a block: the reward as blocked, with the provider's review status. */
export interface FraudReviewed {
  reward: RewardSummary & { fraudStatus: string | null };
}

/** GET /api/staff/approvals: the approvals the query asked for, newest first. */
export interface ApprovalList<Time = string> {
  approvals: RewardApprovalView<Time>[];
}

/** 202 for an order or re-send held for a second admin (decision 0028): the approval, and why nothing was ordered. */
export interface ApprovalHeld<Time = string> {
  approval: RewardApprovalView<Time>;
  message: string;
}

/** POST /api/staff/approvals/:id/approve or /decline: the approval, and the reward an approval ordered or released. */
export interface ApprovalDecided<Time = string> {
  approval: RewardApprovalView<Time>;
  reward?: RewardSummary;
}
