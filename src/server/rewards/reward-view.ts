import type { RewardStatus, RewardStep } from "../../domain/rewards";
import type { RewardSummary } from "../../domain/staff-console-api";
import type { RewardRow } from "./rewards-repository";

/** What the console shows of a reward in a change's answer (the provider's ids are the step's reference). */
export const rewardView = (reward: RewardRow): RewardSummary => ({
  id: reward.id,
  // The store's text columns hold only the domain's steps and statuses (written through them).
  step: reward.step as RewardStep,
  amountUsd: reward.amountUsd,
  status: reward.status as RewardStatus,
  recipientEmail: reward.recipientEmail,
  providerOrderId: reward.providerOrderId,
  providerRewardId: reward.providerRewardId,
  lastError: reward.lastError,
});
