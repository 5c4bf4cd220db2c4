import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { facilityLeads } from "./schema-leads";

/** Qualification by chat and voice: tokens, chat answers, voice calls (re-exported by schema.ts). */

/**
 * Qualification tokens (decision 0011): what the browser holds to add qualification answers to the
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
  answers: jsonb("answers")
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** qualified | not_decision_maker | nurse (src/domain/qualification-outcome.ts); null until complete. */
  outcome: text("outcome"),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
  /** Every gift-card e-mail given, in order, when it changed: staff see the earlier ones (a change can be a takeover). */
  giftCardEmails: jsonb("gift_card_emails")
    .$type<Array<{ value: string; at: string }>>()
    .notNull()
    .default(sql`'[]'::jsonb`),
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
