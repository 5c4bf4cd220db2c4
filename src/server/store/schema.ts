import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { facilityLeads } from "./schema-leads";

/** The kinds of record the outbox forwards (deliveries.record_kind). */
/** "staff_digest": the daily e-mail of overdue calls, its record the day's id. */
export type RecordKind = "facility_lead" | "nurse_application" | "chat_qualification" | "voice_call" | "staff_digest";

/** How long a delivery is retried: 3 days from its creation or from a manual retry. */
export const RETRY_WINDOW_END = sql`now() + interval '3 days'`;

/** Nurse applications (spec 3.1). */
export const nurseApplications = pgTable(
  "nurse_applications",
  {
    id: uuid("id").primaryKey(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    zipCode: text("zip_code").notNull(),
    classification: text("classification").notNull(),
    desiredLocation: text("desired_location").notNull(),
    message: text("message").notNull(),
    subject: text("subject").notNull(),
    source: text("source").notNull(),
    timestamp: text("timestamp").notNull(),
    userAgent: text("user_agent"),
    clientIp: text("client_ip"),
    isSpam: boolean("is_spam").notNull().default(false),
    idempotencyKey: text("idempotency_key"),
    /** SHA-256 of what the applicant filled in (submissionFingerprint). */
    submissionHash: text("submission_hash"),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (t) => [
    index("nurse_applications_received_at_idx").on(t.receivedAt, t.id),
    index("nurse_applications_dedupe_idx").on(sql`lower(${t.email})`, t.phone, t.receivedAt),
    index("nurse_applications_idempotency_idx").on(t.idempotencyKey),
  ],
);

/** One row per (record, destination): the outbox that forwards to webhooks. */
export const deliveries = pgTable(
  "deliveries",
  {
    id: uuid("id").primaryKey(),
    destination: text("destination").notNull(), // qualify_webhook | homepage_webhook | nurse_form | qualification_webhook | pipeline_webhook
    recordKind: text("record_kind").$type<RecordKind>().notNull(),
    recordId: uuid("record_id").notNull(),
    url: text("url").notNull(),
    /** The exact JSON body sent (spec field order), so the signature covers these bytes. */
    payload: text("payload").notNull(),
    status: text("status").notNull().default("pending"), // pending | delivered | failed | cancelled (its person erased or opted out)
    attempts: integer("attempts").notNull().default(0),
    /** When the row is next due; pushed ahead while an attempt is in flight (a lease), so a crash only delays it. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Retryable failures are retried until then (3 days after creation or a manual retry), then the row fails. */
    retryUntil: timestamp("retry_until", { withTimezone: true }).notNull().default(RETRY_WINDOW_END),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [index("deliveries_due_idx").on(t.status, t.nextAttemptAt)],
);

/** Every delivery attempt: when, the answer, how long, a short error. */
export const deliveryAttempts = pgTable(
  "delivery_attempts",
  {
    id: uuid("id").primaryKey(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => deliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
  },
  (t) => [index("delivery_attempts_delivery_idx").on(t.deliveryId)],
);

/**
 * How many leads (spam left out) are in each pipeline status, kept by a trigger on
 * facility_leads (custom migration), so the console's counts do not count a million rows.
 * Spread over a few shards per status so concurrent inserts do not all wait on one row.
 */
export const leadStatusCounts = pgTable(
  "lead_status_counts",
  {
    status: text("status").notNull(),
    shard: integer("shard").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.shard] })],
);

/** The unique indexes that guard the money steps (their names are how a violation is recognised). */
export const PAID_ONCE_INDEX = "lead_transitions_paid_once_idx";
export const REFERENCE_ONCE_INDEX = "lead_transitions_reference_once_idx";

/**
 * Every step of a lead's incentive pipeline: who, when, what, note. Append-only: triggers in
 * the custom migrations refuse UPDATE, DELETE and TRUNCATE, and no code path issues them. The
 * database guards the money: one gift card and one bonus per lead, a reference used once.
 */
export const leadTransitions = pgTable(
  "lead_transitions",
  {
    id: uuid("id").primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => facilityLeads.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** "staff:<e-mail>", "system:chat" or "system:voice". */
    actor: text("actor").notNull(),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    /** What the step records: how it was verified, the rejection reason, the card reference, the amount. */
    details: jsonb("details")
      .$type<Record<string, string | number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    note: text("note").notNull().default(""),
  },
  (t) => [
    index("lead_transitions_lead_idx").on(t.leadId, t.at),
    // At most one "gift card sent" and one "bonus sent" per lead, whatever the application does.
    uniqueIndex(PAID_ONCE_INDEX)
      .on(t.leadId, t.toStatus)
      .where(sql`${t.toStatus} in ('gift_card_sent', 'bonus_sent')`),
    // A card's or bonus's reference is never recorded twice, for any lead.
    uniqueIndex(REFERENCE_ONCE_INDEX)
      .on(sql`(${t.details}->>'reference')`)
      .where(sql`${t.toStatus} in ('gift_card_sent', 'bonus_sent')`),
  ],
);

export * from "./schema-leads";
export * from "./schema-staff";
export * from "./schema-qualification";
export * from "./schema-rewards";
export * from "./schema-mail";
export * from "./schema-privacy";
export * from "./schema-verification";
export * from "./schema-work-email";
export * from "./schema-bookings";
export * from "./schema-reports";
