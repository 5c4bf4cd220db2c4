import { sql, type SQL } from "drizzle-orm";
import { mailboxOf } from "../../domain/mailbox";
import { lockLiteral } from "./advisory-locks";
import type { Database } from "./database";

/**
 * The mailbox of an address in SQL, as domain/mailbox.ts `mailboxOf` makes it: lower case, the
 * plus-tag left out, Gmail's dots removed (gmail.com and googlemail.com one domain). The same
 * text on PostgreSQL and PGlite; `expr` is an SQL expression (a column, a parameter).
 */
export function mailboxSqlText(expr: string): string {
  const address = `lower(trim(${expr}))`;
  const domain = `split_part(${address}, '@', 2)`;
  const local = `split_part(split_part(${address}, '@', 1), '+', 1)`;
  return `(case when ${domain} in ('gmail.com', 'googlemail.com') then replace(${local}, '.', '') || '@gmail.com' else ${local} || '@' || ${domain} end)`;
}

/** `mailboxSqlText` for a Drizzle expression. */
export function mailboxSql(expr: SQL): SQL {
  const address = sql`lower(trim(${expr}))`;
  const domain = sql`split_part(${address}, '@', 2)`;
  const local = sql`split_part(split_part(${address}, '@', 1), '+', 1)`;
  return sql`(case when ${domain} in ('gmail.com', 'googlemail.com') then replace(${local}, '.', '') || '@gmail.com' else ${local} || '@' || ${domain} end)`;
}

/**
 * The e-mails to an address a person typed that count toward MAIL_PER_RECIPIENT_DAILY_LIMIT: every
 * one (decision 0043). One list for the lead's statement (lead-intake.ts) and mayMailAddress
 * (mail/mail-allowance.ts); lead-mail-limit.test.ts holds that they count the same.
 */
export const CAPPED_MAIL_DESTINATIONS = [
  "mail:lead_confirmation",
  "mail:work_email_code",
  "mail:booking_invite",
  "mail:booking_reminder",
  "mail:booking_offer",
] as const;

/**
 * The lock every writer of a capped e-mail takes before it counts the mailbox's day (the lead's
 * statement among its locks, mail-allowance.ts in its transaction), so writers at once count one
 * after the other and the limit holds. Held to the end of the transaction; PGlite's one
 * connection runs a transaction alone anyway.
 */
export const mailboxLockKey = (email: string): string => `mailbox:${mailboxOf(email)}`;

/** Takes the mailbox's lock (waits for it) in the transaction `tx`. */
export async function lockMailbox(tx: Database, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockLiteral(mailboxLockKey(email))}::bigint)`);
}
