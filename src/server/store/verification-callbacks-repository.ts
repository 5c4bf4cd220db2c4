import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte } from "drizzle-orm";
import type { CallbackOutcome, CallbackState } from "../../domain/verification-callback";
import type { Database } from "./database";
import { verificationCallbacks } from "./schema";

/**
 * The callbacks to facilities' numbers of record (decision 0042): scheduled, placed, ended. Shared by
 * verification (which schedules and places them) and the voice events route (which records the
 * end-of-call report); src/server/store/ holds what several rooms share.
 */

export type CallbackRow = typeof verificationCallbacks.$inferSelect;

/** The lead's callback as the policy reads it: the latest attempt's outcome (null while under way), the attempts, and the number dialled. */
export async function callbackStateOf(
  db: Database,
  leadId: string,
): Promise<(CallbackState & { phone: string }) | null> {
  const rows = await db
    .select({ outcome: verificationCallbacks.outcome, phone: verificationCallbacks.phone })
    .from(verificationCallbacks)
    .where(eq(verificationCallbacks.leadId, leadId))
    .orderBy(desc(verificationCallbacks.attempt));
  const latest = rows[0];
  if (!latest) return null;
  return { outcome: (latest.outcome as CallbackOutcome | null) ?? null, attempts: rows.length, phone: latest.phone };
}

/** Every attempt for a lead, first first (the console's list). */
export const callbacksOf = (db: Database, leadId: string): Promise<CallbackRow[]> =>
  db
    .select()
    .from(verificationCallbacks)
    .where(eq(verificationCallbacks.leadId, leadId))
    .orderBy(asc(verificationCallbacks.attempt));

/** Schedules the next attempt (once: the lead and attempt are unique); undefined when it exists already. */
export async function scheduleCallback(
  db: Database,
  values: { leadId: string; attempt: number; phone: string; facilityKey: string; placedBy: string; dueAt: Date },
): Promise<CallbackRow | undefined> {
  const [row] = await db
    .insert(verificationCallbacks)
    .values({ id: randomUUID(), status: "waiting", ...values })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Waiting attempts whose time has come, oldest first. */
export const callbacksDue = (db: Database, now: Date, limit = 20): Promise<CallbackRow[]> =>
  db
    .select()
    .from(verificationCallbacks)
    .where(and(eq(verificationCallbacks.status, "waiting"), lte(verificationCallbacks.dueAt, now)))
    .orderBy(asc(verificationCallbacks.dueAt))
    .limit(limit);

/** Takes a waiting attempt for placing (one process only); false when another took it. */
export async function takeCallback(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(verificationCallbacks)
    .set({ status: "placing" })
    .where(and(eq(verificationCallbacks.id, id), eq(verificationCallbacks.status, "waiting")))
    .returning({ id: verificationCallbacks.id });
  return rows.length === 1;
}

export async function markCallback(
  db: Database,
  id: string,
  set: Partial<Pick<CallbackRow, "status" | "providerCallId" | "placedAt" | "dueAt" | "endedReason" | "outcome">>,
): Promise<void> {
  await db.update(verificationCallbacks).set(set).where(eq(verificationCallbacks.id, id));
}

/** Calls placed since `since` (the daily limit), or to one facility (its monthly limit). */
export async function callbacksPlacedSince(db: Database, since: Date, facilityKey?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(verificationCallbacks)
    .where(
      and(
        isNotNull(verificationCallbacks.placedAt),
        gte(verificationCallbacks.placedAt, since),
        facilityKey ? eq(verificationCallbacks.facilityKey, facilityKey) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** The attempt a provider call id belongs to (only calls the product placed have one). */
export async function callbackOfCall(db: Database, providerCallId: string): Promise<CallbackRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCallbacks)
    .where(eq(verificationCallbacks.providerCallId, providerCallId));
  return row;
}

/** Records the report's outcome once (a second report for the same call changes nothing); true when recorded now. */
export async function recordCallbackOutcome(
  db: Database,
  id: string,
  report: {
    outcome: CallbackOutcome;
    answeredBy: string | null;
    transcript: string | null;
    endedReason: string | null;
  },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(verificationCallbacks)
    .set({ ...report, status: "ended", endedAt: now })
    .where(and(eq(verificationCallbacks.id, id), isNull(verificationCallbacks.outcome)))
    .returning({ id: verificationCallbacks.id });
  return rows.length === 1;
}
