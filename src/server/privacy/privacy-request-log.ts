import { randomUUID } from "node:crypto";
import { desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { PersonSubject } from "../../domain/privacy-requests";
import type { PrivacyRequestEntry } from "../../domain/staff-console-api";
import type { Database } from "../store/database";
import { contactOptOuts, facilityLeads, privacyRequests } from "../store/schema";
import { eraseRecords } from "./erase-records";
import { findPersonRecords, rewardsInFlight, type PersonRecords } from "./person-records";

/** Who did it and on what request: the log's columns besides what it touched. */
export interface RequestContext {
  actor: string;
  reference: string;
  reason?: string;
  now?: Date;
}

export type EraseOutcome =
  | { status: "erased"; requestId: string; touched: Record<string, number>; records: number }
  | { status: "deferred"; requestId: string; records: number; cardsInFlight: number }
  | { status: "not_found" };

type PrivacyRequestRow = typeof privacyRequests.$inferSelect;

export async function logRequest(
  tx: Database,
  row: Omit<PrivacyRequestRow, "id" | "at" | "follows" | "reason"> & {
    at: Date;
    reason?: string;
    follows?: string | null;
  },
): Promise<string> {
  const id = randomUUID();
  await tx.insert(privacyRequests).values({ id, reason: "", follows: null, ...row });
  return id;
}

export const idsOf = (records: PersonRecords) => [...records.leadIds, ...records.applicationIds];

/**
 * Erases a person (decision 0025): every record that names them, in one transaction with the
 * request's log row. A person whose card is still on its way is not erased yet: the request is
 * logged as deferred and carried out by the retention job once the card has settled.
 */
export async function erasePerson(
  db: Database,
  subject: PersonSubject,
  context: RequestContext,
): Promise<EraseOutcome> {
  const now = context.now ?? new Date();
  return db.transaction(async (tx) => {
    const records = await findPersonRecords(tx, subject);
    const recordIds = idsOf(records);
    if (recordIds.length === 0) return { status: "not_found" } as const;
    const base = {
      actor: context.actor,
      reference: context.reference,
      reason: context.reason ?? "",
      subjectKind: subject.kind,
      recordIds,
      at: now,
    };
    const inFlight = await rewardsInFlight(tx, records.leadIds);
    if (inFlight > 0) {
      const requestId = await logRequest(tx, { ...base, kind: "erase_deferred", touched: {} });
      return { status: "deferred", requestId, records: recordIds.length, cardsInFlight: inFlight } as const;
    }
    const touched = await eraseRecords(tx, records, now);
    const requestId = await logRequest(tx, { ...base, kind: "erase", touched });
    return { status: "erased", requestId, touched, records: recordIds.length } as const;
  });
}

/** Deferred erasures whose cards have settled: carried out now (the retention job calls this). Answers how many. */
export async function completeDeferredErasures(db: Database, now = new Date()): Promise<number> {
  const deferred = await db.select().from(privacyRequests).where(eq(privacyRequests.kind, "erase_deferred"));
  let done = 0;
  for (const request of deferred) {
    const completed = await db.$count(privacyRequests, eq(privacyRequests.follows, request.id));
    if (completed > 0) continue;
    const leadIds = (
      await db.select({ id: facilityLeads.id }).from(facilityLeads).where(inArray(facilityLeads.id, request.recordIds))
    ).map((r) => r.id);
    if ((await rewardsInFlight(db, leadIds)) > 0) continue;
    await db.transaction(async (tx) => {
      const records = { leadIds, applicationIds: request.recordIds.filter((id) => !leadIds.includes(id)) };
      const touched = await eraseRecords(tx, records, now);
      await logRequest(tx, {
        kind: "erase",
        actor: "system:deferred-erasure",
        reference: request.reference,
        reason: request.reason,
        subjectKind: request.subjectKind,
        recordIds: request.recordIds,
        touched,
        at: now,
        follows: request.id,
      });
    });
    done++;
  }
  return done;
}

/** The log, newest first (admins): never the erased data, only what was touched. */
export async function listPrivacyRequests(db: Database, limit = 200): Promise<PrivacyRequestEntry<Date>[]> {
  return db
    .select({
      id: privacyRequests.id,
      at: privacyRequests.at,
      kind: privacyRequests.kind,
      actor: privacyRequests.actor,
      reference: privacyRequests.reference,
      reason: privacyRequests.reason,
      subjectKind: privacyRequests.subjectKind,
      touched: privacyRequests.touched,
      recordIds: privacyRequests.recordIds,
      follows: privacyRequests.follows,
    })
    .from(privacyRequests)
    .orderBy(desc(privacyRequests.at))
    .limit(limit);
}

/** The log keeps 24 months (CCPA): older rows go (the table's trigger allows exactly those). */
export async function deleteExpiredRequests(db: Database): Promise<number> {
  const rows = await db
    .delete(privacyRequests)
    .where(lt(privacyRequests.at, sql`now() - interval '24 months'`))
    .returning({ id: privacyRequests.id });
  return rows.length;
}

/** Whether an address (lower-case) or a phone's 10 digits asked not to be contacted. */
export async function isOptedOut(db: Database, who: { email?: string; phoneDigits?: string }): Promise<boolean> {
  const conditions = [];
  if (who.email) conditions.push(eq(contactOptOuts.email, who.email.toLowerCase()));
  if (who.phoneDigits) conditions.push(eq(contactOptOuts.phoneDigits, who.phoneDigits));
  if (conditions.length === 0) return false;
  return (await db.$count(contactOptOuts, sql`${sql.join(conditions, sql` or `)}`)) > 0;
}
