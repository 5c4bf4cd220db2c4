import { providerFailureMessage } from "./reward-messages";
import { completeOrder } from "./reward-order-complete";
import type { OrderOutcome, RewardOrdersContext } from "./reward-order-types";
import { RewardsProviderError, type ProviderOrder } from "./rewards-provider";
import { recordRewardChange, rewardById, updateReward, type RewardRow } from "./rewards-repository";

/** The provider's part: find (after an unknown outcome) or create the order, then record it. */
export async function callProvider(
  ctx: RewardOrdersContext,
  reward: RewardRow,
  lookUpFirst: boolean,
  actor: string,
): Promise<OrderOutcome> {
  const { provider } = ctx.options;
  let order: ProviderOrder | undefined;
  try {
    if (lookUpFirst) order = await provider.findOrder(reward.externalId);
    order ??= await provider.createOrder({
      externalId: reward.externalId,
      amountUsd: reward.amountUsd,
      recipient: { name: reward.recipientName, email: reward.recipientEmail },
    });
  } catch (error) {
    return recordFailure(ctx, reward, error, actor);
  }
  if (ctx.options.crashAfterOrder) process.kill(process.pid, "SIGKILL");
  return { ok: true, reward: await completeOrder(ctx, reward.id, order, "staff") };
}

/** A refusal is recorded (nothing was ordered); a 5xx or a timeout leaves the row "ordering" for a safe retry. */
async function recordFailure(
  ctx: RewardOrdersContext,
  reward: RewardRow,
  error: unknown,
  actor: string,
): Promise<OrderOutcome> {
  const failure =
    error instanceof RewardsProviderError
      ? error
      : new RewardsProviderError("unavailable", "the request to the rewards provider failed");
  const { db, webhookUrl, log } = ctx.options;
  log.warn({ rewardId: reward.id, kind: failure.kind, statusCode: failure.statusCode }, "reward order not accepted");
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const current = (await rewardById(tx, reward.id, true))!;
    if (current.status !== "ordering" || current.leaseOwner !== ctx.owner) return current;
    if (failure.kind !== "refused")
      return updateReward(
        tx,
        reward.id,
        { lastError: failure.providerMessage, leaseOwner: null, leaseUntil: null },
        now,
      );
    const refused = await updateReward(
      tx,
      reward.id,
      { status: "refused", lastError: failure.providerMessage, leaseOwner: null, leaseUntil: null },
      now,
    );
    await recordRewardChange(
      tx,
      refused,
      {
        actor,
        kind: "refused",
        details: {
          reason: "provider",
          message: failure.providerMessage.slice(0, 500),
          ...(failure.statusCode ? { statusCode: failure.statusCode } : {}),
        },
      },
      { webhookUrl, now },
    );
    return refused;
  });
  ctx.options.onQueued?.();
  const status = failure.kind === "refused" ? 422 : failure.kind === "timeout" ? 504 : 502;
  return { ok: false, status, error: providerFailureMessage(failure), reward: row };
}
