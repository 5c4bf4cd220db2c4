import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { facilityLeads } from "./schema-leads";

/**
 * A person's data on request (decision 0033): the request log and the do-not-contact list
 * (re-exported by schema.ts).
 */

/**
 * Every erase, export and opt-out: who asked (the request's reference), who did it, when, what
 * it touched (tables and counts, record ids), never the erased data itself. Append-only (a
 * trigger refuses UPDATE, and DELETE before 24 months: the law's retention of the log).
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: uuid("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** erase | export | opt_out | erase_deferred (a card was in flight: erased once it settles) */
    kind: text("kind").notNull(),
    /** "admin-token", "staff:<e-mail>", "link" (the person themself), "system:retention". */
    actor: text("actor").notNull(),
    /** The request's reference as the admin gave it (a ticket number), and why. */
    reference: text("reference").notNull().default(""),
    reason: text("reason").notNull().default(""),
    /** How the person was named: "email", "phone" or "lead_id" (not the value). */
    subjectKind: text("subject_kind").notNull(),
    /** What it touched: table -> rows, and the ids of the person's records (not personal). */
    touched: jsonb("touched").$type<Record<string, number>>().notNull(),
    recordIds: jsonb("record_ids").$type<string[]>().notNull(),
    /** The deferred erasure this one carries out (its card has settled), if any. */
    follows: uuid("follows"),
  },
  (t) => [index("privacy_requests_at_idx").on(t.at)],
);

/**
 * People who asked not to be contacted: their address and/or phone (kept to honour the request),
 * when and how. No e-mail but the confirmation of it, no voice call for that phone.
 */
export const contactOptOuts = pgTable(
  "contact_opt_outs",
  {
    id: uuid("id").primaryKey(),
    /** Lower-case e-mail, or null. */
    email: text("email"),
    /** The phone's 10 digits, or null. */
    phoneDigits: text("phone_digits"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** link (from an e-mail) | console | cli */
    via: text("via").notNull(),
    /** How many records it applied to when recorded. */
    leads: integer("leads").notNull().default(0),
  },
  (t) => [uniqueIndex("contact_opt_outs_email_idx").on(t.email), index("contact_opt_outs_phone_idx").on(t.phoneDigits)],
);

/**
 * The "Stop contacting me" links of the e-mails to a lead or a nurse applicant: the SHA-256 of a
 * random token and the record whose address the e-mail went to, a lead or a nurse application,
 * exactly one (no personal data). A link does not expire: a person may use it any time.
 */
export const contactLinks = pgTable(
  "contact_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    leadId: uuid("lead_id").references(() => facilityLeads.id, { onDelete: "cascade" }),
    /**
     * The nurse application (decision 0040). No foreign key: nurse_applications lives in schema.ts,
     * which re-exports this file; only spam applications are ever deleted, and they get no link.
     */
    applicationId: uuid("application_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_links_lead_idx").on(t.leadId),
    check("contact_links_one_record", sql`(${t.leadId} is null) <> (${t.applicationId} is null)`),
  ],
);
