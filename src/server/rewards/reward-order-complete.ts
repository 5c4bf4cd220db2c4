import type { PipelineActor } from "../../domain/incentive-pipeline";
import { rewardReference, type RewardStep } from "../../domain/rewards";
import { recordTransition } from "../store/lead-pipeline-repository";
import { stepEffects } from "../mail";
import type { RewardOrdersContext } from "./reward-order-types";
import type { ProviderOrder } from "./rewards-provider";
import { recordRewardChange, rewardById, updateReward, type RewardRow } from "./rewards-repository";

/**
 * Records an order the provider accepted: the reward's ids and status, its history, and the
 * pipeline step with the ids as its reference, in one transaction. Safe to repeat.
 */
export async function completeOrder(
  ctx: RewardOrdersContext,
  rewardId: string,
  order: ProviderOrder,
  by: "staff" | "system:recovery" | "provider:webhook",
): Promise<RewardRow> {
  const { db, webhookUrl, log, mail } = ctx.options;
  const now = new Date();
  try {
    return await db.transaction(async (tx) => {
      const current = (await rewardById(tx, rewardId, true))!;
      if (current.status !== "ordering" && current.status !== "refused") return current;
      const reward = await updateReward(
        tx,
        rewardId,
        {
          status: order.status,
          providerOrderId: order.orderId,
          providerRewardId: order.rewardId,
          lastError: null,
          leaseOwner: null,
          leaseUntil: null,
        },
        now,
      );
      const actor = by === "staff" ? reward.orderedBy : by;
      await recordRewardChange(
        tx,
        reward,
        {
          actor,
          kind: "ordered",
          details: {
            orderId: order.orderId,
            ...(order.rewardId ? { rewardId: order.rewardId } : {}),
            recipient: reward.recipientEmail,
          },
        },
        { webhookUrl, now },
      );
      const step = {
        to: reward.step as RewardStep,
        reference: rewardReference(order.orderId, order.rewardId),
        ...(reward.note ? { note: reward.note } : {}),
      };
      // The recipient is in the timeline and the pipeline event too (decision 0026): who the money
      // went to is never lost.
      const stepInput = {
        leadId: reward.leadId,
        actor: reward.orderedBy as PipelineActor,
        step,
        details: { recipient: reward.recipientEmail },
      };
      const transition = await recordTransition(tx, stepInput, {
        webhookUrl,
        now,
        effects: stepEffects(mail && { settings: mail, rewardRecipient: reward.recipientEmail }),
      });
      if (!transition.ok)
        log.warn({ rewardId, reason: transition.error }, "reward ordered but its pipeline step was refused");
      return reward;
    });
  } finally {
    ctx.options.onQueued?.();
  }
}
