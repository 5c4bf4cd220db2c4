import { randomUUID } from "node:crypto";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { FraudReviewStatus } from "../../domain/fraud-review";
import { SPENDING_STATUSES, monthOf, type RewardStatus, type RewardStep, type RewardView } from "../../domain/rewards";
import type { Database } from "../store/database";
import { insertDeliveries } from "../store/submission";
import { rewardChanges, rewards } from "../store/schema";

export type RewardRow = typeof rewards.$inferSelect;
type RewardChangeRow = typeof rewardChanges.$inferSelect;

/** The signed event PIPELINE_WEBHOOK_URL receives for every change of a reward (ordered, refused, status, re-sent). */
interface RewardEvent {
  type: "lead.reward";
  changeId: string;
  leadId: string;
  rewardId: string;
  at: string;
  actor: string;
  kind: RewardChangeRow["kind"];
  step: string;
  amountUsd: number;
  status: string;
  provider: string;
  providerOrderId: string | null;
  providerRewardId: string | null;
  details: Record<string, string | number>;
}

export async function rewardOf(
  db: Database,
  leadId: string,
  step: RewardStep,
  lock = false,
): Promise<RewardRow | undefined> {
  const query = db
    .select()
    .from(rewards)
    .where(and(eq(rewards.leadId, leadId), eq(rewards.step, step)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function rewardById(db: Database, id: string, lock = false): Promise<RewardRow | undefined> {
  const query = db.select().from(rewards).where(eq(rewards.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function rewardByProviderId(
  db: Database,
  provider: string,
  field: "order" | "reward",
  id: string,
): Promise<RewardRow | undefined> {
  const column = field === "order" ? rewards.providerOrderId : rewards.providerRewardId;
  const [row] = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.provider, provider), eq(column, id)));
  return row;
}

export async function rewardByExternalId(db: Database, externalId: string): Promise<RewardRow | undefined> {
  const [row] = await db.select().from(rewards).where(eq(rewards.externalId, externalId));
  return row;
}

/** What the month's orders add up to (every reward the provider has or may have accepted). */
export async function monthSpend(
  db: Database,
  now = new Date(),
): Promise<{ month: string; spentUsd: number; count: number }> {
  const month = monthOf(now);
  const [row] = await db
    .select({
      spent: sql<string>`coalesce(sum(${rewards.amountUsd}), 0)::bigint`,
      count: sql<string>`count(*)::bigint`,
    })
    .from(rewards)
    .where(
      and(
        inArray(rewards.status, [...SPENDING_STATUSES]),
        gte(rewards.requestedAt, month.start),
        lt(rewards.requestedAt, month.end),
      ),
    );
  return { month: month.label, spentUsd: Number(row?.spent ?? 0), count: Number(row?.count ?? 0) };
}

/**
 * Appends a change to the reward's history and, when PIPELINE_WEBHOOK_URL is set, queues its
 * signed event, in the caller's transaction.
 */
export async function recordRewardChange(
  tx: Database,
  reward: RewardRow,
  change: {
    actor: string;
    kind:
      | "ordered"
      | "refused"
      | "status"
      | "resent"
      | "approval_requested"
      | "approved"
      | "declined"
      | "flagged"
      | "released"
      | "blocked";
    details?: Record<string, string | number>;
  },
  options: { webhookUrl?: string | undefined; now?: Date },
): Promise<RewardChangeRow> {
  const row: RewardChangeRow = {
    id: randomUUID(),
    rewardId: reward.id,
    leadId: reward.leadId,
    at: options.now ?? new Date(),
    actor: change.actor,
    kind: change.kind,
    status: reward.status,
    details: change.details ?? {},
  };
  await tx.insert(rewardChanges).values(row);
  if (options.webhookUrl) {
    const event: RewardEvent = {
      type: "lead.reward",
      changeId: row.id,
      leadId: reward.leadId,
      rewardId: reward.id,
      at: row.at.toISOString(),
      actor: row.actor,
      kind: row.kind,
      step: reward.step,
      amountUsd: reward.amountUsd,
      status: reward.status,
      provider: reward.provider,
      providerOrderId: reward.providerOrderId,
      providerRewardId: reward.providerRewardId,
      details: row.details,
    };
    await insertDeliveries(tx, "facility_lead", reward.leadId, [
      { destination: "pipeline_webhook", url: options.webhookUrl, payload: event },
    ]);
  }
  return row;
}

/** Sets a reward's columns and returns the row as it is now. */
export async function updateReward(
  tx: Database,
  id: string,
  set: Partial<Omit<RewardRow, "id">>,
  now = new Date(),
): Promise<RewardRow> {
  const [row] = await tx
    .update(rewards)
    .set({ ...set, updatedAt: now })
    .where(eq(rewards.id, id))
    .returning();
  return row!;
}

/** A lead's rewards with their history, for the lead's page. */
export async function rewardsOfLead(db: Database, leadId: string): Promise<RewardView<Date>[]> {
  const [rows, changes] = await Promise.all([
    db.select().from(rewards).where(eq(rewards.leadId, leadId)).orderBy(asc(rewards.createdAt)),
    db
      .select()
      .from(rewardChanges)
      .where(eq(rewardChanges.leadId, leadId))
      .orderBy(asc(rewardChanges.at), asc(rewardChanges.id)),
  ]);
  return rows.map((reward) => ({
    id: reward.id,
    step: reward.step as RewardStep,
    amountUsd: reward.amountUsd,
    status: reward.status as RewardStatus,
    provider: reward.provider,
    providerOrderId: reward.providerOrderId,
    providerRewardId: reward.providerRewardId,
    recipientEmail: reward.recipientEmail,
    note: reward.note,
    lastError: reward.lastError,
    fraudReview: reward.fraudStatus
      ? {
          status: reward.fraudStatus as FraudReviewStatus,
          reasons: reward.fraudReasons ?? [],
          flaggedAt: reward.fraudFlaggedAt,
          reviewedBy: reward.fraudReviewedBy,
          reviewedAt: reward.fraudReviewedAt,
        }
      : null,
    orderedBy: reward.orderedBy,
    requestedAt: reward.requestedAt,
    updatedAt: reward.updatedAt,
    history: changes
      .filter((c) => c.rewardId === reward.id)
      .map(({ id, at, actor, kind, status, details }) => ({
        id,
        at,
        actor,
        kind,
        status: status as RewardStatus,
        details,
      })),
  }));
}

/** Rows left "ordering" (a crash, a lost answer): the ones whose lease ran out, or all of them. */
export async function orderingRewards(
  db: Database,
  options: { ignoreLeases: boolean; now?: Date },
): Promise<RewardRow[]> {
  const now = options.now ?? new Date();
  const rows = await db.select().from(rewards).where(eq(rewards.status, "ordering"));
  return options.ignoreLeases ? rows : rows.filter((r) => !r.leaseUntil || r.leaseUntil <= now);
}
