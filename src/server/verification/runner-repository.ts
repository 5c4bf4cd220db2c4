import { and, desc, eq, gt, inArray, isNull, lt, notExists, sql } from "drizzle-orm";
import { isPipelineStatus, type PipelineStatus } from "../../domain/incentive-pipeline";
import { AUTOMATIC_VERIFICATION_ACTOR } from "../../domain/automatic-verification";
import type { Database } from "../store/database";
import { facilityLeads, leadTransitions, leadVerifications, rewards, verificationLeases } from "../store/schema";

/** The verification runner's side of the store: leases across processes, and which leads are due. */

/** Takes the lead for this process until `until`, unless another process holds an unexpired lease: one atomic upsert. */
export async function takeLease(db: Database, leadId: string, owner: string, until: Date, now: Date): Promise<boolean> {
  const rows = await db
    .insert(verificationLeases)
    .values({ leadId, owner, until })
    .onConflictDoUpdate({
      target: verificationLeases.leadId,
      set: { owner, until },
      setWhere: lt(verificationLeases.until, now),
    })
    .returning({ leadId: verificationLeases.leadId });
  return rows.length === 1;
}

export async function releaseLease(db: Database, leadId: string, owner: string): Promise<void> {
  await db
    .delete(verificationLeases)
    .where(and(eq(verificationLeases.leadId, leadId), eq(verificationLeases.owner, owner)));
}

/** At the start of the embedded database's only process: every lease left is a dead process's. */
export async function clearLeases(db: Database): Promise<void> {
  await db.delete(verificationLeases);
}

/** Where the lead is in the pipeline (spam and erased leads: none), and whether this verification moved it to "role verified". */
export async function pipelineStateOf(
  db: Database,
  leadId: string,
): Promise<{ status: PipelineStatus; verifiedBySystem: boolean } | undefined> {
  const [lead] = await db
    .select({ status: facilityLeads.pipelineStatus })
    .from(facilityLeads)
    .where(and(eq(facilityLeads.id, leadId), eq(facilityLeads.isSpam, false), isNull(facilityLeads.erasedAt)));
  if (!lead) return undefined;
  const [ours] = await db
    .select({ id: leadTransitions.id })
    .from(leadTransitions)
    .where(
      and(
        eq(leadTransitions.leadId, leadId),
        eq(leadTransitions.toStatus, "role_verified"),
        eq(leadTransitions.actor, AUTOMATIC_VERIFICATION_ACTOR),
      ),
    )
    .limit(1);
  return { status: isPipelineStatus(lead.status) ? lead.status : "new", verifiedBySystem: Boolean(ours) };
}

const latestDecisions = (db: Database) =>
  db
    .selectDistinctOn([leadVerifications.leadId], {
      leadId: leadVerifications.leadId,
      decision: leadVerifications.decision,
      checkedAt: leadVerifications.checkedAt,
      confirmedAt: sql<string | null>`${leadVerifications.evidence}->>'workAddressConfirmedAt'`.as("confirmed_at"),
    })
    .from(leadVerifications)
    .orderBy(leadVerifications.leadId, desc(leadVerifications.checkedAt), desc(leadVerifications.id))
    .as("latest");

/** Qualified in the last `since` and never checked (their nudge was lost to a restart). */
export async function qualifiedNeverChecked(db: Database, since: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: facilityLeads.id })
    .from(facilityLeads)
    .where(
      and(
        eq(facilityLeads.pipelineStatus, "qualified"),
        eq(facilityLeads.isSpam, false),
        notExists(
          db
            .select({ one: sql`1` })
            .from(leadVerifications)
            .where(eq(leadVerifications.leadId, facilityLeads.id)),
        ),
        sql`exists (select 1 from ${leadTransitions} where ${leadTransitions.leadId} = ${facilityLeads.id} and ${leadTransitions.toStatus} = 'qualified' and ${leadTransitions.at} > ${since})`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Leads still new or qualified whose latest decision (since `since`) found the work address unconfirmed: the code may have come since. */
export async function awaitingConfirmation(
  db: Database,
  since: Date,
  limit: number,
): Promise<{ leadId: string; checkedAt: Date }[]> {
  const latest = latestDecisions(db);
  return db
    .select({ leadId: latest.leadId, checkedAt: latest.checkedAt })
    .from(latest)
    .innerJoin(facilityLeads, eq(facilityLeads.id, latest.leadId))
    .where(
      and(
        eq(latest.decision, "needs_review"),
        isNull(latest.confirmedAt),
        gt(latest.checkedAt, since),
        inArray(facilityLeads.pipelineStatus, ["new", "qualified"]),
      ),
    )
    .orderBy(latest.checkedAt)
    .limit(limit);
}

/**
 * Verified but not acted on (a process stopped between the decision and its steps): still new or
 * qualified, or (with auto-pay) moved by this verification to "role verified" with no card ordered
 * (none asked for, or one left "ordering" by a provider that did not answer: ordering again looks it up first).
 */
export async function verifiedNotActedOn(db: Database, autoPay: boolean, limit: number): Promise<string[]> {
  const latest = latestDecisions(db);
  const noCard = sql`not exists (select 1 from ${rewards} where ${rewards.leadId} = ${facilityLeads.id} and ${rewards.step} = 'gift_card_sent' and ${rewards.status} <> 'ordering')`;
  const ours = sql`exists (select 1 from ${leadTransitions} where ${leadTransitions.leadId} = ${facilityLeads.id} and ${leadTransitions.toStatus} = 'role_verified' and ${leadTransitions.actor} = ${AUTOMATIC_VERIFICATION_ACTOR})`;
  const rows = await db
    .select({ leadId: latest.leadId })
    .from(latest)
    .innerJoin(facilityLeads, eq(facilityLeads.id, latest.leadId))
    .where(
      and(
        eq(latest.decision, "verified"),
        eq(facilityLeads.isSpam, false),
        autoPay
          ? sql`(${facilityLeads.pipelineStatus} in ('new', 'qualified') or (${facilityLeads.pipelineStatus} = 'role_verified' and ${ours} and ${noCard}))`
          : inArray(facilityLeads.pipelineStatus, ["new", "qualified"]),
      ),
    )
    .orderBy(latest.checkedAt)
    .limit(limit);
  return rows.map((row) => row.leadId);
}
