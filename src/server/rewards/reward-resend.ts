import { REWARD_MESSAGES, resendFailureMessage } from "./reward-messages";
import type { OrderOutcome, RewardOrdersContext } from "./reward-order-types";
import { RewardsProviderError } from "./rewards-provider";
import { recordRewardChange, rewardById, updateReward } from "./rewards-repository";

/** Re-sends a reward whose delivery failed, to a corrected e-mail when given; recorded. */
export async function resendReward(
  ctx: RewardOrdersContext,
  input: {
    leadId: string;
    rewardId: string;
    actor: string;
    email?: string | undefined;
  },
): Promise<OrderOutcome> {
  const { db, provider, webhookUrl } = ctx.options;
  const reward = await rewardById(db, input.rewardId);
  if (!reward || reward.leadId !== input.leadId)
    return { ok: false, status: 404, error: REWARD_MESSAGES.rewardNotFound };
  if (reward.status !== "failed" || !reward.providerRewardId)
    return { ok: false, status: 409, error: REWARD_MESSAGES.notResendable };
  const email = input.email?.trim();
  const changed = Boolean(email && email.toLowerCase() !== reward.recipientEmail.toLowerCase());
  try {
    await provider.resend(reward.providerRewardId, changed ? email : undefined);
  } catch (error) {
    const failure =
      error instanceof RewardsProviderError ? error : new RewardsProviderError("unavailable", "the request failed");
    return {
      ok: false,
      status: failure.kind === "refused" ? 422 : 502,
      error: resendFailureMessage(failure),
      reward,
    };
  }
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const updated = await updateReward(
      tx,
      reward.id,
      { status: "ordered", ...(changed ? { recipientEmail: email! } : {}) },
      now,
    );
    await recordRewardChange(
      tx,
      updated,
      {
        actor: input.actor,
        kind: "resent",
        details: {
          emailChanged: changed ? "yes" : "no",
          recipient: changed ? email! : reward.recipientEmail,
          ...(changed ? { previousRecipient: reward.recipientEmail } : {}),
        },
      },
      { webhookUrl, now },
    );
    return updated;
  });
  ctx.options.onQueued?.();
  return { ok: true, reward: row };
}
