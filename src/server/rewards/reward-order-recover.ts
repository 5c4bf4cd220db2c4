import { completeOrder } from "./reward-order-complete";
import type { RewardOrdersContext } from "./reward-order-types";
import type { RewardRow } from "./rewards-repository";

/**
 * Completes orders left "ordering" by a lost answer or a crash: each is looked up at the
 * provider by its external id and, when found, recorded. `ignoreLeases` at the start of the
 * embedded database's only process (no other process can be talking to the provider).
 */
export async function recoverOrders(ctx: RewardOrdersContext, rows: RewardRow[]): Promise<number> {
  let completed = 0;
  for (const row of rows) {
    try {
      const order = await ctx.options.provider.findOrder(row.externalId);
      if (!order) continue; // never reached the provider: the next confirmation orders it
      await completeOrder(ctx, row.id, order, "system:recovery");
      completed++;
    } catch (error) {
      ctx.options.log.warn({ rewardId: row.id, err: error }, "reward recovery failed; tried again later");
    }
  }
  return completed;
}
