import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";

/** The kinds of record the outbox forwards (deliveries.record_kind). */
export type RecordKind = "facility_lead" | "nurse_application" | "chat_qualification" | "voice_call";

/** How long a delivery is retried: 3 days from its creation or from a manual retry. */
export const RETRY_WINDOW_END = sql`now() + interval '3 days'`;

/** Facility leads from both forms: every field of spec 3.2 and 3.3, plus what we add. */
export const facilityLeads = pgTable(
  "facility_leads",
  {
    id: uuid("id").primaryKey(),
    form: text("form").notNull(), // qualify_page | homepage_form | chat
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    facilityName: text("facility_name").notNull(),
    facilityType: text("facility_type").notNull(),
    location: text("location").notNull(),
    rolesNeeded: jsonb("roles_needed").$type<string[]>().notNull(),
    urgency: text("urgency").notNull(),
    shiftTypes: jsonb("shift_types").$type<string[]>().notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    title: text("title").notNull().default(""),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    consentAgreed: boolean("consent_agreed").notNull(),
    trafficSource: text("traffic_source").notNull(),
    /** The ISO timestamp of the payload (the browser's, else the server's). */
    timestamp: text("timestamp").notNull(),
    source: text("source").notNull(),
    userAgent: text("user_agent"),
    referrer: text("referrer"),
    url: text("url"),
    utm: jsonb("utm").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** Consent proof (TCPA): the exact text shown, its hash, the client's address. */
    consentText: text("consent_text"),
    consentVersion: text("consent_version"),
    clientIp: text("client_ip"),
    /** The page the visitor consented on: the body's url (landing page) or the Referer header. */
    pageUrl: text("page_url"),
    isSpam: boolean("is_spam").notNull().default(false),
    idempotencyKey: text("idempotency_key"),
    /** SHA-256 of what the visitor filled in (submissionFingerprint): a repeat is the same visitor only when it matches. */
    submissionHash: text("submission_hash"),
    /** The earlier lead this one repeated with other details (same form, e-mail and phone within 10 minutes): flagged for staff. */
    duplicateOf: uuid("duplicate_of").references((): AnyPgColumn => facilityLeads.id, { onDelete: "set null" }),
    /**
     * The incentive pipeline (src/domain/incentive-pipeline.ts): the current status, kept in
     * step with the append-only lead_transitions in the same transaction, so lists filter fast.
     */
    pipelineStatus: text("pipeline_status").notNull().default("new"),
    /** The last step taken by a staff member (the promised 24-hour call is late while null). */
    staffActedAt: timestamp("staff_acted_at", { withTimezone: true }),
    /** When the role was verified (the $50 card is due within 24 hours of it). */
    roleVerifiedAt: timestamp("role_verified_at", { withTimezone: true }),
  },
  (t) => [
    // Newest first with a keyset cursor (received_at, id); the search indexes (text_pattern_ops)
    // are in the custom migration drizzle/*_staff_console_sql.sql.
    index("facility_leads_received_at_idx").on(t.receivedAt, t.id),
    index("facility_leads_pipeline_idx").on(t.pipelineStatus, t.receivedAt, t.id),
    index("facility_leads_form_received_idx").on(t.form, t.receivedAt, t.id),
    index("facility_leads_call_due_idx").on(t.receivedAt).where(sql`${t.staffActedAt} is null`),
    index("facility_leads_dedupe_idx").on(t.form, sql`lower(${t.email})`, t.phone, t.receivedAt),
    index("facility_leads_idempotency_idx").on(t.idempotencyKey),
  ],
);

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
    status: text("status").notNull().default("pending"), // pending | delivered | failed
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

/** Staff accounts of the console (issue 15): e-mail and an argon2id hash, role staff or admin. */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: uuid("id").primaryKey(),
    /** Stored lower-case: one account per address. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").notNull(), // staff | admin
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** The time-based second factor's key (base32; encrypted "v1:" when STAFF_SECRET_KEY is set); null until confirmed. */
    totpSecret: text("totp_secret"),
    /** A key shown for enrolment, not yet confirmed with a code. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The last 30-second step whose code was accepted: a code is never accepted twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
  },
  (t) => [uniqueIndex("staff_accounts_email_idx").on(t.email)],
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

/** Server-side sessions: only the SHA-256 of the cookie's random id is stored. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    /** The synchronizer token the console sends back in X-CSRF-Token on every change. */
    csrfToken: text("csrf_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** full | second_factor (the password passed, the code not yet) | enrol (must set up a second factor first). */
    stage: text("stage").notNull().default("full"),
  },
  (t) => [index("staff_sessions_account_idx").on(t.accountId), index("staff_sessions_last_seen_idx").on(t.lastSeenAt)],
);

/**
 * Sign-in back-off (docs/decisions/0015): one row per thing that failed, an e-mail typed
 * ("account:<e-mail>", whether or not it has an account), a client address ("address:<ip>") or a
 * device cookie ("device:<hash>"). Counted in one INSERT ... ON CONFLICT ... RETURNING.
 */
export const signInThrottles = pgTable(
  "sign_in_throttles",
  {
    key: text("key").primaryKey(),
    kind: text("kind").notNull(), // account | address | device
    /** What an admin sees: the e-mail typed, the address, or the device's account. */
    label: text("label").notNull(),
    failures: integer("failures").notNull().default(0),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
    /** No try is checked before this. */
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
    /** The random id of the last try let through: how a try knows it was the one let through. */
    lastTry: text("last_try"),
  },
  (t) => [index("sign_in_throttles_last_failure_idx").on(t.lastFailureAt)],
);

/** Device cookies (OWASP): a browser where an account signed in; only the SHA-256 of the cookie's random id is stored. */
export const staffDevices = pgTable(
  "staff_devices",
  {
    idHash: text("id_hash").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_devices_account_idx").on(t.accountId)],
);

/** The ten single-use recovery codes of an account's second factor (SHA-256 only). */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.codeHash] })],
);

/**
 * The console's security log: sign-ins, failures, throttles and lifts, account, password and
 * second-factor changes, exports. Append-only (a trigger refuses UPDATE and DELETE); never a
 * password or a code.
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: uuid("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind").notNull(),
    /** Who did it (null: someone not signed in, e.g. a failed sign-in for an unknown e-mail). */
    actorEmail: text("actor_email"),
    /** The account it concerns, when not the actor (an admin's change; a sign-in's account). */
    subjectEmail: text("subject_email"),
    clientIp: text("client_ip"),
    rowCount: integer("row_count"),
    detail: jsonb("detail").$type<Record<string, string | number | boolean>>(),
  },
  (t) => [index("security_events_at_idx").on(t.at), index("security_events_kind_at_idx").on(t.kind, t.at)],
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
    details: jsonb("details").$type<Record<string, string | number>>().notNull().default(sql`'{}'::jsonb`),
    note: text("note").notNull().default(""),
  },
  (t) => [
    index("lead_transitions_lead_idx").on(t.leadId, t.at),
    // At most one "gift card sent" and one "bonus sent" per lead, whatever the application does.
    uniqueIndex(PAID_ONCE_INDEX).on(t.leadId, t.toStatus).where(sql`${t.toStatus} in ('gift_card_sent', 'bonus_sent')`),
    // A card's or bonus's reference is never recorded twice, for any lead.
    uniqueIndex(REFERENCE_ONCE_INDEX).on(sql`(${t.details}->>'reference')`).where(sql`${t.toStatus} in ('gift_card_sent', 'bonus_sent')`),
  ],
);

/**
 * Qualification tokens (issue 14): what the browser holds to add qualification answers to the
 * one lead it was issued for. Only the SHA-256 of the token is kept; valid 7 days.
 */
export const qualificationTokens = pgTable(
  "qualification_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => facilityLeads.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("qualification_tokens_lead_idx").on(t.leadId)],
);

/** A lead's text qualification (the chat): one per lead, its answers by question id and, once complete, its outcome. */
export const chatQualifications = pgTable("chat_qualifications", {
  leadId: uuid("lead_id")
    .primaryKey()
    .references(() => facilityLeads.id, { onDelete: "cascade" }),
  /** Question id → answer value (src/domain/qualification-questions.ts); "" is a skipped optional answer. */
  answers: jsonb("answers").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  /** qualified | not_decision_maker | nurse (src/domain/qualification-outcome.ts); null until complete. */
  outcome: text("outcome"),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
  /** Every gift-card e-mail given, in order, when it changed: staff see the earlier ones (a change can be a takeover). */
  giftCardEmails: jsonb("gift_card_emails").$type<Array<{ value: string; at: string }>>().notNull().default(sql`'[]'::jsonb`),
});

/** Voice calls reported by the voice provider (POST /api/voice/events), one per call id; linked to a lead only through a valid token. */
export const voiceCalls = pgTable(
  "voice_calls",
  {
    id: uuid("id").primaryKey(),
    callId: text("call_id").notNull().unique(),
    leadId: uuid("lead_id").references(() => facilityLeads.id, { onDelete: "set null" }),
    /** The last status-update's status (queued, ringing, in-progress, ended...). */
    status: text("status"),
    endedReason: text("ended_reason"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    durationSeconds: integer("duration_seconds"),
    transcript: text("transcript"),
    /** The call's messages as the provider sent them (role, message, time...). */
    messages: jsonb("messages").$type<unknown[]>(),
    summary: text("summary"),
    structuredData: jsonb("structured_data"),
    /** The chat's answers read from the structured data (question id → value, as chat_qualifications.answers); null until the report. */
    answers: jsonb("answers").$type<Record<string, string>>(),
    structuredOutputs: jsonb("structured_outputs"),
    successEvaluation: text("success_evaluation"),
    /** The chat's outcome rule on those answers (src/domain/voice-answers.ts), else needs_review; null until the end-of-call report. */
    outcome: text("outcome"),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("voice_calls_lead_idx").on(t.leadId)],
);

/**
 * Rewards ordered from the rewards provider (issue 21): one row per lead and paying step, written
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("rewards_external_id_idx").on(t.externalId),
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
    details: jsonb("details").$type<Record<string, string | number>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index("reward_changes_lead_idx").on(t.leadId, t.at)],
);

/** The provider's webhook events already handled, by their uuid: the same event twice changes nothing. */
export const rewardWebhookEvents = pgTable("reward_webhook_events", {
  provider: text("provider").notNull(),
  eventId: text("event_id").notNull(),
  event: text("event").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.provider, t.eventId] })]);
