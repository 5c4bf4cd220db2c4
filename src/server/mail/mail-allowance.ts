import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { mailboxOf } from "../../domain/mailbox";
import type { Database } from "../store/database";
import { CAPPED_MAIL_DESTINATIONS, lockMailbox, mailboxSql } from "../store/mailbox-sql";
import { deliveries, facilityLeads, workEmailCodes } from "../store/schema";

/**
 * No e-mail cannon (decisions 0040 and 0043): at most `limit` e-mails in 24 hours to a mailbox that has
 * confirmed nothing (no work e-mail code confirmed by any lead of that mailbox), every e-mail
 * counted (the form's, the codes, booking invites, updates, cancels and reminders), the mailbox
 * as domain/mailbox.ts makes it (plus-tags and Gmail's dots left out): whoever types a
 * stranger's address can make us write to it only that often. Answers how many more may go
 * today (Infinity: no limit, or a confirmed mailbox). `limit` 0: no limit. Called in the
 * transaction that writes the e-mail: it takes the mailbox's lock first (lockMailbox), so two
 * writers at once do not both count the last e-mail of the day as theirs.
 */
export async function mailsLeftTo(db: Database, email: string, limit: number, now = new Date()): Promise<number> {
  if (limit <= 0) return Infinity;
  await lockMailbox(db, email);
  const mailbox = mailboxOf(email);
  const confirmed = await db
    .select({ leadId: workEmailCodes.leadId })
    .from(workEmailCodes)
    .innerJoin(facilityLeads, eq(facilityLeads.id, workEmailCodes.leadId))
    .where(and(isNotNull(workEmailCodes.confirmedAt), sql`${mailboxSql(sql`${facilityLeads.email}`)} = ${mailbox}`))
    .limit(1);
  if (confirmed.length > 0) return Infinity;
  const sent = await db.$count(
    deliveries,
    and(
      gt(deliveries.createdAt, new Date(now.getTime() - 86_400_000)),
      inArray(deliveries.destination, [...CAPPED_MAIL_DESTINATIONS]),
      sql`${mailboxSql(sql`${deliveries.payload}::jsonb->>'to'`)} = ${mailbox}`,
    ),
  );
  return Math.max(0, limit - sent);
}

/** Whether one more e-mail may go to this address today (`mailsLeftTo`; in the writing transaction). */
export async function mayMailAddress(db: Database, email: string, limit: number, now = new Date()): Promise<boolean> {
  return (await mailsLeftTo(db, email, limit, now)) > 0;
}
