import { randomUUID } from "node:crypto";
import { createHash } from "node:crypto";
import { and, arrayOverlaps, desc, eq, gt, inArray, ne, not, or, sql, type SQL } from "drizzle-orm";
import { SPENDING_STATUSES } from "../../domain/rewards";
import type { FacilityMatch } from "../../domain/verification-match";
import type { VerificationDecision, VerificationResult } from "../../domain/verification-policy";
import type { Database } from "../store/database";
import {
  chatQualifications,
  facilityLeads,
  leadTransitions,
  leadVerifications,
  rewards,
  voiceCalls,
} from "../store/schema";

/** The store's side of verification: what a lead said, what others from its facility or domain got, and the evidence kept. */

export interface LeadForVerification {
  id: string;
  facilityName: string;
  facilityType: string;
  location: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  clientIp: string | null;
  qualifiedVia: "chat" | "voice" | null;
  role: string | undefined;
}

export async function leadForVerification(db: Database, leadId: string): Promise<LeadForVerification | undefined> {
  const [lead] = await db.select().from(facilityLeads).where(eq(facilityLeads.id, leadId));
  if (!lead) return undefined;
  const [chat] = await db
    .select({ outcome: chatQualifications.outcome, answers: chatQualifications.answers })
    .from(chatQualifications)
    .where(eq(chatQualifications.leadId, leadId));
  const calls = await db
    .select({ outcome: voiceCalls.outcome, answers: voiceCalls.answers })
    .from(voiceCalls)
    .where(eq(voiceCalls.leadId, leadId))
    .orderBy(desc(voiceCalls.reportedAt));
  const call = calls.find((c) => c.outcome === "qualified");
  const qualifiedVia = chat?.outcome === "qualified" ? "chat" : call ? "voice" : null;
  const role =
    qualifiedVia === "chat"
      ? chat?.answers.role
      : qualifiedVia === "voice"
        ? call?.answers?.role
        : (chat?.answers.role ?? calls[0]?.answers?.role);
  const { id, facilityName, facilityType, location, firstName, lastName, email, phone, clientIp } = lead;
  return { id, facilityName, facilityType, location, firstName, lastName, email, phone, clientIp, qualifiedVia, role };
}

const DAY_MS = 86_400_000;

/** What a facility is known by (decision 0040): its NPI, its CCN, its registry phone and its address (line and ZIP). */
export interface FacilityKeys {
  npi?: string;
  ccn?: string;
  phone?: string;
  address?: { line: string; zip: string };
}

export function facilityKeys(match: FacilityMatch): FacilityKeys {
  const line = match.address.line.replace(/\s+/g, " ").trim().toUpperCase();
  const zip = match.address.zip.replace(/\D/g, "").slice(0, 5);
  return {
    ...(match.npi ? { npi: match.npi } : {}),
    ...(match.ccn ? { ccn: match.ccn } : {}),
    ...(match.phone ? { phone: match.phone } : {}),
    ...(line && zip.length === 5 ? { address: { line, zip } } : {}),
  };
}

/** The identity keys as stored (SHA-256, hex): no address or name in clear, kept through an erasure. */
export const hashedFacilityKeys = (keys: readonly string[]): string[] =>
  keys.map((key) => createHash("sha256").update(key).digest("hex"));

/** The rows whose card counts for a lead: ordered or sent in the last 365 days. */
const cardSince = (since: Date) =>
  or(
    sql`exists (select 1 from ${leadTransitions} where ${leadTransitions.leadId} = ${facilityLeads.id} and ${leadTransitions.toStatus} = 'gift_card_sent' and ${leadTransitions.at} > ${since})`,
    sql`exists (select 1 from ${rewards} where ${rewards.leadId} = ${facilityLeads.id} and ${rewards.step} = 'gift_card_sent' and ${inArray(rewards.status, [...SPENDING_STATUSES])} and ${rewards.requestedAt} > ${since})`,
  );

/** Other leads of another facility (none of its identity keys) on the same e-mail domain with a card in the last 365 days: a chain's communities share one domain. */
export async function otherFacilityCardsOnDomain(
  db: Database,
  leadId: string,
  emailDomain: string,
  identity: readonly string[],
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - 365 * DAY_MS);
  const others = db
    .selectDistinct({ leadId: leadVerifications.leadId })
    .from(leadVerifications)
    .where(
      and(
        ne(leadVerifications.leadId, leadId),
        eq(leadVerifications.emailDomain, emailDomain),
        identity.length > 0
          ? or(
              sql`${leadVerifications.facilityKeys} is null`,
              not(arrayOverlaps(leadVerifications.facilityKeys, [...identity])),
            )
          : undefined,
      ),
    );
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${facilityLeads.id})::int` })
    .from(facilityLeads)
    .where(and(inArray(facilityLeads.id, others), cardSince(since)));
  return row?.count ?? 0;
}

/** The matched record as stored with each decision (verify-lead.ts `VerificationEvidence`). */
const storedMatch = sql`(${leadVerifications.evidence} -> 'registry' -> 'match')`;

/** Other leads matched to the same facility (any of its keys) in the last 365 days: with a card ordered or sent, and with the role verified (by the policy or by staff). */
export async function sameFacilityHistory(
  db: Database,
  leadId: string,
  ids: FacilityKeys,
  identity: readonly string[],
  now: Date,
): Promise<{ cards: number; verified: number }> {
  const sameIds = [
    identity.length > 0 ? arrayOverlaps(leadVerifications.facilityKeys, [...identity]) : undefined,
    ids.npi ? eq(leadVerifications.npi, ids.npi) : undefined,
    ids.ccn ? eq(leadVerifications.ccn, ids.ccn) : undefined,
    ids.phone ? sql`${storedMatch} ->> 'phone' = ${ids.phone}` : undefined,
    ids.address
      ? sql`upper(trim(regexp_replace(${storedMatch} -> 'address' ->> 'line', '\\s+', ' ', 'g'))) = ${ids.address.line}
          and left(regexp_replace(${storedMatch} -> 'address' ->> 'zip', '\\D', '', 'g'), 5) = ${ids.address.zip}`
      : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (sameIds.length === 0) return { cards: 0, verified: 0 };
  const since = new Date(now.getTime() - 365 * DAY_MS);
  const others = db
    .selectDistinct({ leadId: leadVerifications.leadId })
    .from(leadVerifications)
    .where(and(ne(leadVerifications.leadId, leadId), or(...sameIds)));
  const [cards] = await db
    .select({ count: sql<number>`count(distinct ${facilityLeads.id})::int` })
    .from(facilityLeads)
    .where(
      and(
        inArray(facilityLeads.id, others),
        or(
          sql`exists (select 1 from ${leadTransitions} where ${leadTransitions.leadId} = ${facilityLeads.id} and ${leadTransitions.toStatus} = 'gift_card_sent' and ${leadTransitions.at} > ${since})`,
          sql`exists (select 1 from ${rewards} where ${rewards.leadId} = ${facilityLeads.id} and ${rewards.step} = 'gift_card_sent' and ${inArray(rewards.status, [...SPENDING_STATUSES])} and ${rewards.requestedAt} > ${since})`,
        ),
      ),
    );
  const [verified] = await db
    .select({ count: sql<number>`count(distinct ${facilityLeads.id})::int` })
    .from(facilityLeads)
    .where(
      and(
        inArray(facilityLeads.id, others),
        or(
          gt(facilityLeads.roleVerifiedAt, since),
          sql`exists (select 1 from ${leadVerifications} v where v.lead_id = ${facilityLeads.id} and v.decision = 'verified' and v.checked_at > ${since})`,
        ),
      ),
    );
  return { cards: cards?.count ?? 0, verified: verified?.count ?? 0 };
}

/** Leads other than this one verified automatically in the last 24 hours from the e-mail's domain and from the client's address. */
export async function verifiedToday(
  db: Database,
  leadId: string,
  domain: string,
  clientIp: string | null,
  now: Date,
): Promise<{ domain: number; clientAddress: number }> {
  const since = new Date(now.getTime() - DAY_MS);
  const count = async (where: SQL | undefined) => {
    const [row] = await db
      .select({ count: sql<number>`count(distinct ${leadVerifications.leadId})::int` })
      .from(leadVerifications)
      .where(
        and(
          eq(leadVerifications.decision, "verified"),
          gt(leadVerifications.checkedAt, since),
          ne(leadVerifications.leadId, leadId),
          where,
        ),
      );
    return row?.count ?? 0;
  };
  return {
    domain: await count(eq(leadVerifications.emailDomain, domain)),
    clientAddress: clientIp ? await count(eq(leadVerifications.clientIp, clientIp)) : 0,
  };
}

/** Leads other than this one verified automatically in the last 24 hours, across the product (VERIFICATION_AUTO_PAY_DAILY_LIMIT). */
export async function verifiedTodayAll(db: Database, leadId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${leadVerifications.leadId})::int` })
    .from(leadVerifications)
    .where(
      and(
        eq(leadVerifications.decision, "verified"),
        gt(leadVerifications.checkedAt, new Date(now.getTime() - DAY_MS)),
        ne(leadVerifications.leadId, leadId),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Within the caller's transaction: waits for any other verification of the same domain or
 * facility to commit, so two leads checked at once both see each other (the daily limit and
 * "one card per facility" hold under concurrency). Keys sorted: no two callers wait on each other.
 */
export async function lockVerificationKeys(tx: Database, keys: string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verification:${key}`}))`);
}

export interface StoredVerification extends VerificationResult {
  id: string;
  leadId: string;
  checkedAt: Date;
  npi: string | null;
  ccn: string | null;
  evidence: Record<string, unknown>;
}

export async function storeVerification(
  tx: Database,
  row: {
    leadId: string;
    result: VerificationResult;
    evidence: Record<string, unknown>;
    npi?: string;
    ccn?: string;
    emailDomain: string;
    clientIp: string | null;
    /** The facility's hashed identity keys (hashedFacilityKeys). */
    facilityKeys?: string[];
    now: Date;
  },
): Promise<StoredVerification> {
  const id = randomUUID();
  const values = {
    id,
    leadId: row.leadId,
    checkedAt: row.now,
    decision: row.result.decision,
    reasons: row.result.reasons,
    evidence: row.evidence,
    npi: row.npi ?? null,
    ccn: row.ccn ?? null,
    emailDomain: row.emailDomain,
    clientIp: row.clientIp,
  };
  await tx
    .insert(leadVerifications)
    .values({ ...values, facilityKeys: row.facilityKeys?.length ? row.facilityKeys : null });
  return { ...values, decision: row.result.decision };
}

/** The lead's latest verification (what the console shows), or undefined when it was never checked. */
export async function latestVerification(db: Database, leadId: string): Promise<StoredVerification | undefined> {
  const [row] = await db
    .select()
    .from(leadVerifications)
    .where(eq(leadVerifications.leadId, leadId))
    .orderBy(desc(leadVerifications.checkedAt), desc(leadVerifications.id))
    .limit(1);
  return row ? { ...row, decision: row.decision as VerificationDecision } : undefined;
}

/**
 * How long a lead left "not checked yet" waits before its next try: the sweep's interval, doubled
 * with each try, at most three of them, so a registry that is back pays its waiting leads within
 * three sweeps while one that never answers costs a request per lead every third sweep at most.
 */
export const RECHECK_BACKOFF_MAX_SWEEPS = 3;
const recheckBackoffMs = (tries: number, intervalMs: number): number =>
  Math.min(intervalMs * 2 ** Math.max(0, tries - 1), intervalMs * RECHECK_BACKOFF_MAX_SWEEPS);

/**
 * The leads whose latest decision is "not checked yet" and whose own back-off has run out
 * (decision 0042: each on its own schedule, so one whose registry never answers holds no other back),
 * the longest waiting first.
 */
export async function leadsNotCheckedYet(
  db: Database,
  limit = 100,
  now = new Date(),
  intervalMs = 0,
): Promise<string[]> {
  const latest = db
    .selectDistinctOn([leadVerifications.leadId], {
      leadId: leadVerifications.leadId,
      decision: leadVerifications.decision,
      checkedAt: leadVerifications.checkedAt,
    })
    .from(leadVerifications)
    .orderBy(leadVerifications.leadId, desc(leadVerifications.checkedAt), desc(leadVerifications.id))
    .as("latest");
  const rows = await db
    .select({
      leadId: latest.leadId,
      checkedAt: latest.checkedAt,
      tries: sql<number>`(select count(*)::int from ${leadVerifications} v where v.lead_id = ${latest.leadId} and v.decision = 'not_checked_yet')`,
    })
    .from(latest)
    .where(eq(latest.decision, "not_checked_yet"))
    .orderBy(latest.checkedAt)
    .limit(Math.max(limit * 10, 500));
  return rows
    .filter((row) => now.getTime() - row.checkedAt.getTime() >= recheckBackoffMs(row.tries, intervalMs))
    .slice(0, limit)
    .map((row) => row.leadId);
}
