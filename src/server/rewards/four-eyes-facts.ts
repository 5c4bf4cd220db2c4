import { and, desc, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import { emailDomainFlags } from "../../domain/email-domain-flags";
import type { FacilityFacts } from "../../domain/reward-approvals";
import { SPENDING_STATUSES, type RewardStep } from "../../domain/rewards";
import type { Database } from "../store/database";
import { leadTransitions, leadVerifications, rewards } from "../store/schema";

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * What the four-eyes rule (domain/reward-approvals.ts `fourEyesReasonsOf`) knows of a lead's
 * facility: a free-mail address, a registry match (its latest verification matched an NPI or a
 * CCN), and another lead of the same NPI or CCN paid this step in the last 365 days.
 */
export async function facilityFactsOf(
  db: Database,
  lead: { id: string; email: string },
  step: RewardStep,
  now = new Date(),
): Promise<FacilityFacts> {
  const freeMail = emailDomainFlags(lead.email).length > 0;
  const [latest] = await db
    .select({ npi: leadVerifications.npi, ccn: leadVerifications.ccn })
    .from(leadVerifications)
    .where(eq(leadVerifications.leadId, lead.id))
    .orderBy(desc(leadVerifications.checkedAt), desc(leadVerifications.id))
    .limit(1);
  const keys = [
    latest?.npi ? eq(leadVerifications.npi, latest.npi) : undefined,
    latest?.ccn ? eq(leadVerifications.ccn, latest.ccn) : undefined,
  ].filter((key) => key !== undefined);
  if (keys.length === 0) return { freeMail, registryMatch: false, paidThisYear: false };
  const since = new Date(now.getTime() - YEAR_MS);
  const others = db
    .selectDistinct({ leadId: leadVerifications.leadId })
    .from(leadVerifications)
    .where(and(ne(leadVerifications.leadId, lead.id), or(...keys)));
  const [paid] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(rewards)
    .where(
      and(
        inArray(rewards.leadId, others),
        eq(rewards.step, step),
        inArray(rewards.status, [...SPENDING_STATUSES]),
        gt(rewards.requestedAt, since),
      ),
    );
  const [recorded] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(leadTransitions)
    .where(
      and(inArray(leadTransitions.leadId, others), eq(leadTransitions.toStatus, step), gt(leadTransitions.at, since)),
    );
  return { freeMail, registryMatch: true, paidThisYear: (paid?.count ?? 0) + (recorded?.count ?? 0) > 0 };
}
