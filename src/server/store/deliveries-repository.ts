import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "./database";
import { RETRY_WINDOW_END, deliveries, deliveryAttempts, type RecordKind } from "./schema";

export type DeliveryRow = typeof deliveries.$inferSelect;
export type DeliveryStatus = "pending" | "delivered" | "failed" | "cancelled";
/** What a delivery forwards: a lead, an application, a completed chat qualification or a voice call's report. */
export type { RecordKind };

/** A delivery row to insert with its record, in the record's transaction. */
export function deliveryRow(input: {
  destination: string;
  recordKind: RecordKind;
  recordId: string;
  url: string;
  /** The exact JSON text to send. */
  payload: string;
}): typeof deliveries.$inferInsert {
  return { id: randomUUID(), ...input, status: "pending" };
}

/**
 * Claims up to `limit` due rows for this process: one statement that locks them with
 * SKIP LOCKED (another process claims others) and pushes `next_attempt_at` ahead by the
 * lease, so a row whose sender crashes becomes due again when the lease runs out.
 */
export async function claimDueDeliveries(
  db: Database,
  limit: number,
  leaseMs: number,
  options: { mail: boolean } = { mail: true },
): Promise<DeliveryRow[]> {
  const due = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.status, "pending"),
        lte(deliveries.nextAttemptAt, sql`now()`),
        // A process without SMTP leaves e-mails to one that has it (they wait otherwise).
        options.mail ? undefined : sql`${deliveries.destination} not like 'mail:%'`,
      ),
    )
    .orderBy(asc(deliveries.nextAttemptAt), asc(deliveries.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(deliveries)
    .set({
      nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      attempts: sql`${deliveries.attempts} + 1`,
    })
    .where(inArray(deliveries.id, due))
    .returning();
}

/**
 * Recovery drain: the pending deliveries to `url` that are not due within `beyondMs` become due
 * now. `beyondMs` is at least the sender's lease, so a row in flight (due at its lease's end) is
 * never among them; the rows left out are due within it anyway. Answers how many.
 */
export async function hurryPendingDeliveries(db: Database, url: string, beyondMs: number): Promise<number> {
  const rows = await db
    .update(deliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(deliveries.status, "pending"),
        eq(deliveries.url, url),
        // Only rows already tried: one never tried that waits is scheduled (a call's reminder, decision 0036).
        gt(deliveries.attempts, 0),
        sql`${deliveries.nextAttemptAt} > now() + ${beyondMs} * interval '1 millisecond'`,
      ),
    )
    .returning({ id: deliveries.id });
  return rows.length;
}

/**
 * Recovery probe: for each destination URL whose earliest pending delivery is more than
 * `beyondMs` away (every row backed off far, in a long outage), that one row becomes due now,
 * so a destination that is back is noticed within `beyondMs`, whatever the rows' own backoff.
 */
export async function probeWaitingDestinations(db: Database, beyondMs: number): Promise<number> {
  const earliest = db
    .selectDistinctOn([deliveries.url], { id: deliveries.id })
    .from(deliveries)
    // Only rows already tried: one never tried that waits is scheduled (a call's reminder, decision 0036).
    .where(and(eq(deliveries.status, "pending"), gt(deliveries.attempts, 0)))
    .orderBy(deliveries.url, asc(deliveries.nextAttemptAt));
  const rows = await db
    .update(deliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(
        inArray(deliveries.id, earliest),
        sql`${deliveries.nextAttemptAt} > now() + ${beyondMs} * interval '1 millisecond'`,
      ),
    )
    .returning({ id: deliveries.id });
  return rows.length;
}

export interface AttemptOutcome {
  status: Exclude<DeliveryStatus, "cancelled">;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  attemptedAt: Date;
  /** When the next attempt is due (pending only). */
  nextAttemptAt?: Date;
}

/** Records an attempt and the row's new state together. */
export async function recordAttempt(db: Database, deliveryId: string, outcome: AttemptOutcome): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(deliveryAttempts).values({
      id: randomUUID(),
      deliveryId,
      attemptedAt: outcome.attemptedAt,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      error: outcome.error,
    });
    await tx
      .update(deliveries)
      .set({
        status: outcome.status,
        lastError: outcome.status === "delivered" ? null : outcome.error,
        ...(outcome.status === "delivered" ? { deliveredAt: outcome.attemptedAt } : {}),
        ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      })
      // A row cancelled while in flight (its person erased, decision 0025) stays cancelled.
      .where(and(eq(deliveries.id, deliveryId), eq(deliveries.status, "pending")));
  });
}

/** Deliveries in the given states, newest first, without their payloads (they hold personal data). */
export async function listDeliveries(db: Database, statuses: DeliveryStatus[], limit = 200) {
  return db
    .select({
      id: deliveries.id,
      destination: deliveries.destination,
      recordKind: deliveries.recordKind,
      recordId: deliveries.recordId,
      status: deliveries.status,
      attempts: deliveries.attempts,
      nextAttemptAt: deliveries.nextAttemptAt,
      lastError: deliveries.lastError,
      createdAt: deliveries.createdAt,
      deliveredAt: deliveries.deliveredAt,
    })
    .from(deliveries)
    .where(inArray(deliveries.status, statuses))
    .orderBy(desc(deliveries.createdAt))
    .limit(limit);
}

export async function deliveryAttemptsOf(db: Database, deliveryId: string) {
  return db
    .select()
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.deliveryId, deliveryId))
    .orderBy(asc(deliveryAttempts.attemptedAt));
}

/**
 * Makes a failed delivery due now, with a fresh retry window; false when there is no such failed one.
 * (A pending one is left alone: it may be in flight, and it is retried anyway.)
 */
export async function retryDelivery(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(deliveries)
    .set({ status: "pending", nextAttemptAt: sql`now()`, retryUntil: RETRY_WINDOW_END })
    .where(and(eq(deliveries.id, id), eq(deliveries.status, "failed")))
    .returning({ id: deliveries.id });
  return rows.length > 0;
}

/** Makes every failed delivery due now; answers how many. */
export async function retryFailedDeliveries(db: Database): Promise<number> {
  const rows = await db
    .update(deliveries)
    .set({ status: "pending", nextAttemptAt: sql`now()`, retryUntil: RETRY_WINDOW_END })
    .where(eq(deliveries.status, "failed"))
    .returning({ id: deliveries.id });
  return rows.length;
}

export interface PendingDeliveries {
  destination: string;
  count: number;
  oldestCreatedAt: Date;
}

/** The pending backlog per destination: how many rows and the oldest's creation (GET /metrics, at each scrape). */
export async function pendingByDestination(db: Database): Promise<PendingDeliveries[]> {
  const rows = await db
    .select({
      destination: deliveries.destination,
      count: sql<number>`count(*)::int`,
      oldest: sql<string>`min(${deliveries.createdAt})`,
    })
    .from(deliveries)
    .where(eq(deliveries.status, "pending"))
    .groupBy(deliveries.destination);
  return rows.map((row) => ({
    destination: row.destination,
    count: Number(row.count),
    oldestCreatedAt: new Date(row.oldest),
  }));
}
