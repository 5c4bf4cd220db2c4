import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { facilityLeads } from "./schema-leads";

/** Verification from public registries (decision 0024; re-exported by schema.ts). */

/**
 * Registry answers kept for a while (src/server/verification/registry-cache.ts): keyed by the
 * request (registry and its query), holding the records already in our words, so a repeated
 * search costs no call and a registry that is down does not undo what was already learned.
 */
export const registryCache = pgTable(
  "registry_cache",
  {
    key: text("key").primaryKey(),
    /** RegistryRecord[] (src/domain/verification-match.ts). */
    records: jsonb("records").$type<unknown[]>().notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("registry_cache_expires_idx").on(t.expiresAt)],
);

/**
 * Each verification of a lead: the evidence gathered (facts for the policy, the registry record,
 * the domain tie), the policy's decision with its reasons in words, the matched NPI and CCN (so
 * "a card to the same facility" is one indexed query), and the e-mail's domain and client
 * address (the daily limits count these). Appended, never edited: the latest row is the lead's.
 */
export const leadVerifications = pgTable(
  "lead_verifications",
  {
    id: uuid("id").primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => facilityLeads.id, { onDelete: "cascade" }),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
    /** verified | needs_review | not_checked_yet (src/domain/verification-policy.ts) */
    decision: text("decision").notNull(),
    reasons: jsonb("reasons").$type<string[]>().notNull(),
    evidence: jsonb("evidence").$type<Record<string, unknown>>().notNull(),
    npi: text("npi"),
    ccn: text("ccn"),
    emailDomain: text("email_domain").notNull(),
    clientIp: text("client_ip"),
    /**
     * The matched facility's keys, each a SHA-256 hash (decision 0042): NPI, CCN, registry phone, the
     * USPS-normalised address with its ZIP, the authorized official with the ZIP. Kept through an
     * erasure (a hash names no one) so a later lead of the same facility cannot slip past.
     */
    facilityKeys: text("facility_keys").array(),
  },
  (t) => [
    index("lead_verifications_lead_idx").on(t.leadId, t.checkedAt),
    index("lead_verifications_npi_idx").on(t.npi),
    index("lead_verifications_ccn_idx").on(t.ccn),
    index("lead_verifications_domain_idx").on(t.emailDomain, t.checkedAt),
    index("lead_verifications_decision_idx").on(t.decision, t.checkedAt),
  ],
);

/**
 * Who is verifying a lead right now (src/server/verification/verification-runner.ts): one row per
 * lead while a server process gathers its evidence and acts on the decision, taken with one
 * atomic upsert that succeeds only when no other process holds an unexpired lease. A process
 * that dies leaves its row; the next one takes it once `until` has passed.
 */
export const verificationLeases = pgTable("verification_leases", {
  leadId: uuid("lead_id")
    .primaryKey()
    .references(() => facilityLeads.id, { onDelete: "cascade" }),
  owner: text("owner").notNull(),
  until: timestamp("until", { withTimezone: true }).notNull(),
});

/**
 * The callbacks to facilities' numbers of record (decision 0042): one row per call
 * attempt the product placed through the voice provider, for one lead, to the number the
 * registry holds. The end-of-call report fills the outcome; only a report for a call id here,
 * to this number and for this lead, counts. The number, who answered and the transcript are
 * personal data (docs/personal-data-map.md).
 */
export const verificationCallbacks = pgTable(
  "verification_callbacks",
  {
    id: uuid("id").primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => facilityLeads.id, { onDelete: "cascade" }),
    /** 1 for the first call, 2 for the retry after no answer. */
    attempt: integer("attempt").notNull(),
    /** The number dialled, ten digits (the registry's). */
    phone: text("phone").notNull(),
    /** The facility the number is the record of ("npi:…" or "ccn:…"): a few calls per facility a month. */
    facilityKey: text("facility_key").notNull(),
    /** system:verification, or the staff member's e-mail who placed it by hand. */
    placedBy: text("placed_by").notNull(),
    /** waiting (out of hours) | placing | placed | ended | failed */
    status: text("status").notNull(),
    /** When it may be placed (the facility's business hours). */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    providerCallId: text("provider_call_id"),
    placedAt: timestamp("placed_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endedReason: text("ended_reason"),
    /** yes | no | unsure | no_answer (src/domain/verification-callback.ts); null until the report. */
    outcome: text("outcome"),
    answeredBy: text("answered_by"),
    transcript: text("transcript"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("verification_callbacks_lead_attempt_key").on(t.leadId, t.attempt),
    uniqueIndex("verification_callbacks_call_key").on(t.providerCallId),
    index("verification_callbacks_due_idx").on(t.status, t.dueAt),
    index("verification_callbacks_facility_idx").on(t.facilityKey, t.createdAt),
  ],
);
