import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The facility leads table (re-exported by schema.ts). Its own file because every other schema
 * file references it: they import it from here, never from schema.ts, so no schema file imports
 * the one that re-exports it (no circle of imports).
 */

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
    utm: jsonb("utm")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
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
    /**
     * When the person's data was erased on request or by retention (decision 0025): personal fields
     * hold markers since.
     */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (t) => [
    // Newest first with a keyset cursor (received_at, id); the search indexes (text_pattern_ops)
    // are in the custom migration drizzle/*_staff_console_sql.sql.
    index("facility_leads_received_at_idx").on(t.receivedAt, t.id),
    index("facility_leads_pipeline_idx").on(t.pipelineStatus, t.receivedAt, t.id),
    index("facility_leads_form_received_idx").on(t.form, t.receivedAt, t.id),
    index("facility_leads_call_due_idx")
      .on(t.receivedAt)
      .where(sql`${t.staffActedAt} is null`),
    index("facility_leads_dedupe_idx").on(t.form, sql`lower(${t.email})`, t.phone, t.receivedAt),
    index("facility_leads_idempotency_idx").on(t.idempotencyKey),
  ],
);
