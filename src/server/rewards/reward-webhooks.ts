import { createHmac } from "node:crypto";
import { safeEqual } from "../constant-time";
import { z } from "zod";
import type { RewardStatus } from "../../domain/rewards";
import { rewardWebhookEvents } from "../store/schema";
import type { RewardOrders } from "./reward-orders";
import { applyFlaggedEvent } from "./provider-fraud-review";
import {
  recordRewardChange,
  rewardById,
  rewardByExternalId,
  rewardByProviderId,
  updateReward,
  type RewardRow,
} from "./rewards-repository";

/** `Tremendous-Webhook-Signature: sha256=<hex HMAC-SHA256 of the raw body>`, compared in constant time (safeEqual). */
export function validSignature(raw: Buffer, header: string | undefined, key: string): boolean {
  if (typeof header !== "string" || !header.startsWith("sha256=")) return false;
  const expected = createHmac("sha256", key).update(raw).digest("hex");
  return safeEqual(header.slice("sha256=".length).trim().toLowerCase(), expected);
}

/** The provider's webhook body: {event, uuid, created_utc, payload: {resource: {id, type}}}. */
export const ProviderEventSchema = z.object({
  event: z.string().min(1).max(200),
  uuid: z.string().min(1).max(200),
  created_utc: z.string().max(100).optional(),
  payload: z.object({ resource: z.object({ id: z.string().min(1).max(200), type: z.string().max(100) }) }),
});
type ProviderEvent = z.infer<typeof ProviderEventSchema>;

type EventOutcome = "applied" | "unchanged" | "duplicate" | "ignored";

/**
 * A delivery or order event: the resource is read back from the provider (never trusted from the
 * body), its status applied to our reward once per event uuid, recorded on the lead's history
 * and sent as a pipeline event. A reward we do not know is ignored; one whose order we have not
 * recorded yet (its answer was lost) is completed first, found by the order's external id.
 */
export async function applyProviderEvent(orders: RewardOrders, event: ProviderEvent): Promise<EventOutcome> {
  if (event.event === "REWARDS.FLAGGED") return applyFlaggedEvent(orders, event); // the provider's fraud review
  const { db, provider, webhookUrl } = orders.options;
  const { id, type } = event.payload.resource;
  const isOrder = /order/i.test(type);
  if (!isOrder && !/reward/i.test(type)) return "ignored";

  let row = await rewardByProviderId(db, provider.name, isOrder ? "order" : "reward", id);
  let status: RewardStatus;
  let orderId: string | null;
  if (isOrder) {
    const order = await provider.getOrder(id);
    status = order.status;
    orderId = order.orderId;
  } else {
    const reward = await provider.getReward(id);
    if (!reward) return "ignored";
    status = reward.status;
    orderId = reward.orderId;
  }
  if (!row && orderId) {
    const order = await provider.getOrder(orderId);
    const waiting = order.externalId ? await rewardByExternalId(db, order.externalId) : undefined;
    if (waiting?.status === "ordering") row = await orders.complete(waiting.id, order, "provider:webhook");
  }
  if (!row) return "ignored";
  const rewardId = row.id;

  const outcome = await db.transaction(async (tx): Promise<EventOutcome> => {
    const inserted = await tx
      .insert(rewardWebhookEvents)
      .values({ provider: provider.name, eventId: event.uuid, event: event.event })
      .onConflictDoNothing()
      .returning({ eventId: rewardWebhookEvents.eventId });
    if (inserted.length === 0) return "duplicate";
    const current: RewardRow = (await rewardById(tx, rewardId, true))!;
    if (current.status === status || current.status === "ordering" || current.status === "refused") return "unchanged";
    const now = new Date();
    const updated = await updateReward(
      tx,
      rewardId,
      {
        status,
        ...(status === "failed" ? { lastError: "The provider could not deliver the reward." } : { lastError: null }),
      },
      now,
    );
    await recordRewardChange(
      tx,
      updated,
      { actor: "provider:webhook", kind: "status", details: { event: event.event, from: current.status } },
      { webhookUrl, now },
    );
    return "applied";
  });
  orders.options.onQueued?.();
  return outcome;
}
