import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { facilityLeads } from "./schema-leads";

/** Verification from public registries (issue 31; re-exported by schema.ts). */

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
