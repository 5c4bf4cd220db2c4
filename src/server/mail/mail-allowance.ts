import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../store/database";
import { deliveries, facilityLeads, workEmailCodes } from "../store/schema";
import { LEAD_MAIL_DESTINATIONS } from "../store/lead-intake";

/**
 * No e-mail cannon (issue 37): at most `limit` e-mails in 24 hours to an address that has
 * confirmed nothing (no work e-mail code confirmed by any lead of that address); whoever types
 * a stranger's address can make us write to it only that often. `limit` 0: no limit.
 */
export async function mayMailAddress(db: Database, email: string, limit: number, now = new Date()): Promise<boolean> {
  if (limit <= 0) return true;
  const address = email.trim().toLowerCase();
  const confirmed = await db
    .select({ leadId: workEmailCodes.leadId })
    .from(workEmailCodes)
    .innerJoin(facilityLeads, eq(facilityLeads.id, workEmailCodes.leadId))
    .where(and(isNotNull(workEmailCodes.confirmedAt), sql`lower(${facilityLeads.email}) = ${address}`))
    .limit(1);
  if (confirmed.length > 0) return true;
  const sent = await db.$count(
    deliveries,
    and(
      gt(deliveries.createdAt, new Date(now.getTime() - 86_400_000)),
      inArray(deliveries.destination, [...LEAD_MAIL_DESTINATIONS]),
      sql`lower(${deliveries.payload}::jsonb->>'to') = ${address}`,
    ),
  );
  return sent < limit;
}
