import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { facilityLeads } from "./schema-leads";

/** The rewards ordered from a provider (decision 0017) and what happened to them (re-exported by schema.ts). */

/**
 * Rewards ordered from the rewards provider (decision 0017): one row per lead and paying step, written
 * (status "ordering", with its fixed external_id) and committed BEFORE the provider is called,
 * so that a retry, a second caller or a restart asks for the same order and never a second one.
 */
export const rewards = pgTable(
  "rewards",
  {
    id: uuid("id").primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => facilityLeads.id),
    /** gift_card_sent | bonus_sent */
    step: text("step").notNull(),
    /** The provider's idempotency key, fixed per lead and step (src/domain/rewards.ts). */
    externalId: text("external_id").notNull(),
    provider: text("provider").notNull(),
    amountUsd: integer("amount_usd").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    note: text("note").notNull().default(""),
    /** src/domain/rewards.ts RewardStatus */
    status: text("status").notNull(),
    providerOrderId: text("provider_order_id"),
    providerRewardId: text("provider_reward_id"),
    /** The provider's own words for the last refusal or failure. */
    lastError: text("last_error"),
    /** "staff:<e-mail>" of the one who confirmed the order. */
    orderedBy: text("ordered_by").notNull(),
    /** When the order was last asked for: the month the cap counts it in. */
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    /** While a caller is talking to the provider: who (a process's random id) and until when; others wait. */
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /**
     * The provider's fraud review (decision 0030; src/domain/fraud-review.ts): null, or flagged (held by
     * the provider), releasing / blocking (a staff decision on its way), released, blocked.
     */
    fraudStatus: text("fraud_status"),
    /** The provider's reasons for flagging it, as it gave them. */
    fraudReasons: jsonb("fraud_reasons").$type<string[]>(),
    fraudFlaggedAt: timestamp("fraud_flagged_at", { withTimezone: true }),
    /** "staff:<e-mail>" who released or blocked it, and when. */
    fraudReviewedBy: text("fraud_reviewed_by"),
    fraudReviewedAt: timestamp("fraud_reviewed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("rewards_external_id_idx").on(t.externalId),
    index("rewards_fraud_flagged_idx")
      .on(t.leadId)
      .where(sql`${t.fraudStatus} = 'flagged'`),
    uniqueIndex("rewards_lead_step_idx").on(t.leadId, t.step),
    uniqueIndex("rewards_provider_reward_idx").on(t.provider, t.providerRewardId),
    index("rewards_requested_idx").on(t.requestedAt),
    index("rewards_status_idx").on(t.status, t.requestedAt),
  ],
);

/** What happened to a reward, in order (the lead's timeline): ordered, refused, status changes, re-sends. */
export const rewardChanges = pgTable(
  "reward_changes",
  {
    id: uuid("id").primaryKey(),
    rewardId: uuid("reward_id")
      .notNull()
      .references(() => rewards.id),
    leadId: uuid("lead_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** "staff:<e-mail>", "provider:webhook" or "system:recovery". */
    actor: text("actor").notNull(),
    /** ordered | refused | status | resent */
    kind: text("kind").notNull(),
    status: text("status").notNull(),
    details: jsonb("details")
      .$type<Record<string, string | number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [index("reward_changes_lead_idx").on(t.leadId, t.at)],
);

/** The provider's webhook events already handled, by their uuid: the same event twice changes nothing. */
export const rewardWebhookEvents = pgTable(
  "reward_webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    event: text("event").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Four eyes on money (decision 0026): a reward order or re-send that waits for a second admin. At most
 * one pending per lead and step (a partial unique index); the decision is taken once
 * (UPDATE ... WHERE status = 'pending'), and an approved order goes through the same
 * exactly-once path as any other (RewardOrders.order).
 */
export const rewardApprovals = pgTable(
  "reward_approvals",
  {
    id: uuid("id").primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => facilityLeads.id),
    /** gift_card_sent | bonus_sent */
    step: text("step").notNull(),
    /** order | resend */
    action: text("action").notNull(),
    /** The reward re-sent (resend only). */
    rewardId: uuid("reward_id").references(() => rewards.id),
    /** other_recipient | same_verifier */
    reason: text("reason").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    /** The address it replaces (the reward's, else the lead's default): both are kept. */
    previousRecipientEmail: text("previous_recipient_email"),
    note: text("note").notNull().default(""),
    requestedById: uuid("requested_by_id").notNull(),
    /** "staff:<e-mail>" */
    requestedBy: text("requested_by").notNull(),
    /** Who may not approve besides the requester (the one who verified and filled, for same_verifier). */
    conflictedActor: text("conflicted_actor"),
    /** pending | approved | declined */
    status: text("status").notNull().default("pending"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionNote: text("decision_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reward_approvals_pending_idx")
      .on(t.leadId, t.step)
      .where(sql`${t.status} = 'pending'`),
    index("reward_approvals_status_idx").on(t.status, t.createdAt),
  ],
);
