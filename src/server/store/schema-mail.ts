import { date, pgTable, timestamp } from "drizzle-orm/pg-core";

/** E-mail's own table (re-exported by schema.ts); the e-mails themselves are outbox rows (deliveries). */

/** The daily digest of overdue calls (decision 0023): one row per UTC day, written with that day's e-mails, so several servers queue it once. */
export const mailDigests = pgTable("mail_digests", {
  day: date("day", { mode: "string" }).primaryKey(),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
});
