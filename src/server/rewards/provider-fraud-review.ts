import { and, eq, isNotNull } from "drizzle-orm";
import {
  DONE_STATUS,
  FRAUD_REVIEW_MESSAGES,
  PENDING_STATUS,
  keptReasons,
  type FraudReviewDecision,
} from "../../domain/fraud-review";
import { recordSecurityEvent } from "../store/security-events-repository";
import { rewardWebhookEvents, rewards } from "../store/schema";
import type { RewardOrders } from "./reward-orders";
import { RewardsProviderError, type ProviderFraudReview } from "./rewards-provider";
import { recordRewardChange, rewardById, rewardByProviderId, updateReward, type RewardRow } from "./rewards-repository";

/**
 * The provider's fraud review (decision 0030): Tremendous' `REWARDS.FLAGGED` marks our reward
 * "flagged" with the provider's reasons (read back from its fraud review API, never trusted
 * from the body), once per event and once per reward; staff release or block it from the lead's
 * page through the same API. Every change is in the reward's history (the lead's timeline),
 * the pipeline webhook and the security log.
 */

type FlagOutcome = "applied" | "unchanged" | "duplicate" | "ignored";

export async function applyFlaggedEvent(
  orders: RewardOrders,
  event: { uuid: string; event: string; payload: { resource: { id: string } } },
): Promise<FlagOutcome> {
  const { db, provider, webhookUrl } = orders.options;
  const row = await rewardByProviderId(db, provider.name, "reward", event.payload.resource.id);
  if (!row || !row.providerRewardId) return "ignored";
  const review = await provider.getFraudReview(row.providerRewardId);
  const outcome = await db.transaction(async (tx): Promise<FlagOutcome> => {
    const inserted = await tx
      .insert(rewardWebhookEvents)
      .values({ provider: provider.name, eventId: event.uuid, event: event.event })
      .onConflictDoNothing()
      .returning({ eventId: rewardWebhookEvents.eventId });
    if (inserted.length === 0) return "duplicate";
    const current = (await rewardById(tx, row.id, true))!;
    // Already flagged (another event for the same flag), or reviewed: nothing changes twice.
    if (current.fraudStatus !== null || review?.status === "released" || review?.status === "blocked")
      return "unchanged";
    const now = new Date();
    const reasons = keptReasons(review?.reasons ?? []);
    const updated = await updateReward(
      tx,
      row.id,
      { fraudStatus: "flagged", fraudReasons: reasons, fraudFlaggedAt: now },
      now,
    );
    await recordRewardChange(
      tx,
      updated,
      { actor: "provider:webhook", kind: "flagged", details: { event: event.event, reasons: reasons.join("; ") } },
      { webhookUrl, now },
    );
    await recordSecurityEvent(tx, { kind: "reward_flagged", detail: { leadId: row.leadId, rewardId: row.id } }, now);
    return "applied";
  });
  orders.options.onQueued?.();
  return outcome;
}

export type FraudDecisionOutcome =
  { ok: true; reward: RewardRow } | { ok: false; status: 404 | 409 | 502; error: string };

/**
 * A staff member releases or blocks a flagged reward. The reward is claimed first
 * (flagged → releasing/blocking in one conditional UPDATE), so a double click or two people at
 * once send one decision; a provider failure puts it back to "flagged" unless the provider's
 * review shows the decision was taken after all (a lost answer).
 */
export async function decideFraudReview(
  orders: RewardOrders,
  input: { leadId: string; rewardId: string; decision: FraudReviewDecision; note?: string | undefined; actor: string },
): Promise<FraudDecisionOutcome> {
  const { db, provider, webhookUrl } = orders.options;
  const pending = PENDING_STATUS[input.decision];
  const [claimed] = await db
    .update(rewards)
    .set({ fraudStatus: pending })
    .where(
      and(
        eq(rewards.id, input.rewardId),
        eq(rewards.leadId, input.leadId),
        eq(rewards.fraudStatus, "flagged"),
        isNotNull(rewards.providerRewardId),
      ),
    )
    .returning();
  if (!claimed?.providerRewardId) {
    const existing = await rewardById(db, input.rewardId);
    if (!existing || existing.leadId !== input.leadId)
      return { ok: false, status: 404, error: FRAUD_REVIEW_MESSAGES.notFound };
    return { ok: false, status: 409, error: FRAUD_REVIEW_MESSAGES.notFlagged };
  }
  let review: ProviderFraudReview | undefined;
  let failure: RewardsProviderError | undefined;
  try {
    review = await provider.decideFraudReview(claimed.providerRewardId, input.decision);
  } catch (error) {
    if (!(error instanceof RewardsProviderError)) throw error;
    failure = error;
    review = await provider.getFraudReview(claimed.providerRewardId).catch(() => undefined);
  }
  const wanted = DONE_STATUS[input.decision];
  if (review?.status !== wanted) {
    await db
      .update(rewards)
      .set({ fraudStatus: "flagged" })
      .where(and(eq(rewards.id, claimed.id), eq(rewards.fraudStatus, pending)));
    const words = failure?.providerMessage ?? `its review is ${review?.status ?? "unknown"}`;
    return { ok: false, status: 502, error: FRAUD_REVIEW_MESSAGES.providerFailed(words) };
  }
  const reward = await db.transaction(async (tx) => {
    const now = new Date();
    const updated = await updateReward(
      tx,
      claimed.id,
      {
        fraudStatus: wanted,
        fraudReviewedBy: input.actor,
        fraudReviewedAt: now,
        // Blocked: the provider cancels the reward and refunds it.
        ...(input.decision === "block" ? { status: "canceled" } : {}),
      },
      now,
    );
    await recordRewardChange(
      tx,
      updated,
      { actor: input.actor, kind: wanted, details: input.note ? { note: input.note } : {} },
      { webhookUrl, now },
    );
    return updated;
  });
  orders.options.onQueued?.();
  return { ok: true, reward };
}
