import { randomUUID } from "node:crypto";
import { REWARD_MESSAGES } from "./reward-messages";
import { callProvider } from "./reward-order-call";
import { claimOrder } from "./reward-order-claim";
import { completeOrder } from "./reward-order-complete";
import { recoverOrders } from "./reward-order-recover";
import type { OrderInput, OrderOutcome, RewardOrdersContext, RewardOrdersOptions } from "./reward-order-types";
import type { ProviderOrder } from "./rewards-provider";
import { resendReward } from "./reward-resend";
import type { RewardRow } from "./rewards-repository";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Orders the $50 card and the $250 bonus exactly once. The row with the order's fixed external id
 * is committed before the provider is called (reward-order-claim.ts); concurrent callers
 * serialize on that row (the lead's and the reward's row locks, and a lease while one talks to the
 * provider, reward-order-call.ts): the others wait and get the same result. An answer lost to a
 * timeout or a crash is found again by the external id (a retry, the start-up sweep:
 * reward-order-recover.ts) and the step recorded then (reward-order-complete.ts).
 */
export class RewardOrders implements RewardOrdersContext {
  /** This process's lease owner id: a restarted process never mistakes a dead one's lease for its own. */
  readonly owner = randomUUID();

  constructor(readonly options: RewardOrdersOptions) {}

  async order(input: OrderInput, waited = 0): Promise<OrderOutcome> {
    const claim = await claimOrder(this, input);
    if (claim.kind === "refused") return claim.outcome;
    if (claim.kind === "done") return { ok: true, reward: claim.reward };
    if (claim.kind === "busy") {
      // Another confirmation is talking to the provider: wait for its answer, then answer the same.
      if (waited > this.options.leaseMs + 5_000) return { ok: false, status: 409, error: REWARD_MESSAGES.busy };
      await sleep(150);
      return this.order(input, waited + 150);
    }
    return callProvider(this, claim.reward, claim.lookUpFirst, input.actor);
  }

  /** Records an order the provider accepted (a confirmation, the recovery or the provider's webhook); safe to repeat. */
  complete(
    rewardId: string,
    order: ProviderOrder,
    by: "staff" | "system:recovery" | "provider:webhook",
  ): Promise<RewardRow> {
    return completeOrder(this, rewardId, order, by);
  }

  /** Re-sends a reward whose delivery failed, to a corrected e-mail when given; recorded. */
  resend(input: { leadId: string; rewardId: string; actor: string; email?: string | undefined }) {
    return resendReward(this, input);
  }

  /** Completes orders left "ordering" by a lost answer or a crash. */
  recover(rows: RewardRow[]): Promise<number> {
    return recoverOrders(this, rows);
  }
}
