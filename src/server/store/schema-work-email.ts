import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { facilityLeads } from "./schema-leads";

/**
 * The work e-mail code of each facility lead (decision 0031; re-exported by schema.ts): one row per
 * lead, its current code as a keyed hash only (HMAC-SHA256 under WORK_EMAIL_CODE_KEY, never the
 * digits) and the link's token as a hash, with the rules' counters (src/domain/work-email-codes.ts).
 * `confirmed_at` is what verification reads: the lead's work address confirmed, and when.
 */
export const workEmailCodes = pgTable(
  "work_email_codes",
  {
    leadId: uuid("lead_id")
      .primaryKey()
      .references(() => facilityLeads.id, { onDelete: "cascade" }),
    /** HMAC-SHA256(key, "work-email-code:" + the six digits), hex. */
    codeHash: text("code_hash").notNull(),
    /** HMAC-SHA256(key, "work-email-link:" + the link's token), hex: unique, the link finds its lead by it. */
    linkHash: text("link_hash").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Wrong answers to the current code; 5 end it (the check holds it there under any concurrency). */
    wrongTries: integer("wrong_tries").notNull().default(0),
    /** When the current code (or its link) was used: once only. */
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** When the lead's work address was confirmed (the first right answer); null until then. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The UTC day of the latest issue ("2026-11-26") and how many codes were issued that day. */
    issueDay: text("issue_day").notNull(),
    issuesToday: integer("issues_today").notNull().default(1),
  },
  (t) => [
    uniqueIndex("work_email_codes_link_idx").on(t.linkHash),
    check("work_email_codes_tries_check", sql`${t.wrongTries} between 0 and 5`),
    check("work_email_codes_issues_check", sql`${t.issuesToday} between 1 and 5`),
  ],
);
