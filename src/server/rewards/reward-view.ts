import type { RewardRow } from "./rewards-repository";

/** What the console shows of a reward (the provider's ids are the step's reference). */
export const rewardView = (reward: RewardRow) => ({
  id: reward.id,
  step: reward.step,
  amountUsd: reward.amountUsd,
  status: reward.status,
  recipientEmail: reward.recipientEmail,
  providerOrderId: reward.providerOrderId,
  providerRewardId: reward.providerRewardId,
  lastError: reward.lastError,
});
