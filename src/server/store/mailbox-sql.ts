import { sql, type SQL } from "drizzle-orm";

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
