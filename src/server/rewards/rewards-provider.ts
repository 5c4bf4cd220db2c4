import type { RewardStatus } from "../../domain/rewards";

/**
 * What the product needs from a rewards provider (decision 0017). Tremendous is the one adapter
 * today (tremendous-provider.ts); Tango Card would be a second one behind the same interface.
 */
export interface RewardsProvider {
  /** Stored with each reward (rewards.provider). */
  readonly name: string;
  /**
   * Orders one reward. `externalId` is the provider's idempotency key: the same key answers
   * with the first order and creates nothing.
   */
  createOrder(input: OrderRequest): Promise<ProviderOrder>;
  /** The order created with this external id, if any (a lost answer, a restart). */
  findOrder(externalId: string): Promise<ProviderOrder | undefined>;
  getOrder(orderId: string): Promise<ProviderOrder>;
  /** The reward's delivery as the provider has it now; undefined when the provider does not know it. */
  getReward(rewardId: string): Promise<ProviderReward | undefined>;
  /** Sends the reward again, to a corrected e-mail when given. */
  resend(rewardId: string, email?: string): Promise<void>;
  /** The provider's fraud review of a reward it flagged; undefined when it has none. */
  getFraudReview(rewardId: string): Promise<ProviderFraudReview | undefined>;
  /** Completes a flagged reward's review: released to the recipient, or blocked (canceled and refunded). */
  decideFraudReview(rewardId: string, decision: "release" | "block"): Promise<ProviderFraudReview>;
}

export interface ProviderFraudReview {
  status: "flagged" | "released" | "blocked";
  /** The rules that flagged it, in the provider's words ("VPN detected", "Over reward count limit"...). */
  reasons: string[];
}

export interface OrderRequest {
  externalId: string;
  amountUsd: number;
  recipient: { name: string; email: string };
}

export interface ProviderOrder {
  orderId: string;
  rewardId: string | null;
  externalId: string | null;
  status: RewardStatus;
}

export interface ProviderReward {
  rewardId: string;
  orderId: string | null;
  status: RewardStatus;
}

/**
 * A provider call that did not succeed: `refused` (a 4xx, the provider's message: nothing was
 * ordered), `unavailable` (5xx or no connection), `timeout` (no answer in time: the order may exist).
 */
export class RewardsProviderError extends Error {
  override name = "RewardsProviderError";
  constructor(
    readonly kind: "refused" | "unavailable" | "timeout",
    readonly providerMessage: string,
    readonly statusCode?: number,
  ) {
    super(`${kind}${statusCode ? ` (${statusCode})` : ""}: ${providerMessage}`);
  }
}
