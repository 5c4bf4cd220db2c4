import { and, eq, inArray, isNull, lt, ne, notExists, sql, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../store/database";
import { deliveries, facilityLeads, leadTransitions, nurseApplications } from "../store/schema";
import { onceAcrossFleet } from "../store/fleet-lock";
import { eraseRecords } from "./erase-records";
import { ERASED_PAYLOAD } from "./personal-data-map";
import { completeDeferredErasures, deleteExpiredRequests, logRequest } from "./privacy-request-log";

/** How long each kind of data is kept (RETENTION_* settings). */
export interface RetentionPeriods {
  spamDays: number;
  deliveredDays: number;
  leadMonths: number;
}

/** What one run did, by what (the metrics' label and the log's fields). */
export type RetentionCounts = Record<
  "spam" | "delivered_payloads" | "unqualified_leads" | "deferred_erasures" | "request_log",
  number
>;

const BATCH = 500;
const NOTHING_DONE: RetentionCounts = {
  spam: 0,
  delivered_payloads: 0,
  unqualified_leads: 0,
  deferred_erasures: 0,
  request_log: 0,
};

/**
 * Deletes what is due and nothing else (decision 0025): spam after `spamDays`; the payload of
 * delivered (and cancelled) outbox rows after `deliveredDays`, the row kept for counting; leads
 * that never qualified after `leadMonths`: deleted when they have no history, else erased (the
 * history is append-only); deferred erasures whose card settled; the request log past 24 months.
 */
export async function runRetention(
  db: Database,
  periods: RetentionPeriods,
  now = new Date(),
): Promise<RetentionCounts> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const monthsAgo = new Date(now);
  monthsAgo.setUTCMonth(monthsAgo.getUTCMonth() - periods.leadMonths);

  const spamLeads = await deleteLeadsWhere(
    db,
    and(eq(facilityLeads.isSpam, true), lt(facilityLeads.receivedAt, daysAgo(periods.spamDays)))!,
    now,
  );
  const spamApplications = await db
    .delete(nurseApplications)
    .where(and(eq(nurseApplications.isSpam, true), lt(nurseApplications.receivedAt, daysAgo(periods.spamDays))))
    .returning({ id: nurseApplications.id });

  const payloads = await db
    .update(deliveries)
    .set({ payload: ERASED_PAYLOAD })
    .where(
      and(
        inArray(deliveries.status, ["delivered", "cancelled"]),
        lt(sql`coalesce(${deliveries.deliveredAt}, ${deliveries.createdAt})`, daysAgo(periods.deliveredDays)),
        ne(deliveries.payload, ERASED_PAYLOAD),
      ),
    )
    .returning({ id: deliveries.id });

  // Never qualified: no step to "qualified" in the history, old enough, not already erased.
  const neverQualified = and(
    eq(facilityLeads.isSpam, false),
    isNull(facilityLeads.erasedAt),
    lt(facilityLeads.receivedAt, monthsAgo),
    notExists(
      db
        .select({ one: sql`1` })
        .from(leadTransitions)
        .where(and(eq(leadTransitions.leadId, facilityLeads.id), eq(leadTransitions.toStatus, "qualified"))),
    ),
  );
  let unqualified = 0;
  for (;;) {
    const batch = await db.select({ id: facilityLeads.id }).from(facilityLeads).where(neverQualified).limit(BATCH);
    if (batch.length === 0) break;
    const ids = batch.map((row) => row.id);
    await db.transaction(async (tx) => {
      const withHistory = new Set(
        (
          await tx
            .selectDistinct({ id: leadTransitions.leadId })
            .from(leadTransitions)
            .where(inArray(leadTransitions.leadId, ids))
        ).map((r) => r.id),
      );
      const bare = ids.filter((id) => !withHistory.has(id));
      if (bare.length) await deleteLeads(tx, bare, now);
      if (withHistory.size) {
        const touched = await eraseRecords(tx, { leadIds: [...withHistory], applicationIds: [] }, now);
        await logRequest(tx, {
          kind: "erase",
          actor: "system:retention",
          reference: "",
          reason: "never qualified, kept its time",
          subjectKind: "lead_id",
          recordIds: [...withHistory],
          touched,
          at: now,
        });
      }
    });
    unqualified += ids.length;
  }

  return {
    spam: spamLeads + spamApplications.length,
    delivered_payloads: payloads.length,
    unqualified_leads: unqualified,
    deferred_erasures: await completeDeferredErasures(db, now),
    request_log: await deleteExpiredRequests(db),
  };
}

/**
 * Deletes leads without history: first what other tables keep of them (a voice call's transcript
 * outlives its lead otherwise), then their deliveries, then the rows.
 */
async function deleteLeads(tx: Database, ids: string[], now: Date): Promise<void> {
  await eraseRecords(tx, { leadIds: ids, applicationIds: [] }, now);
  await tx.delete(deliveries).where(inArray(deliveries.recordId, ids));
  await tx.delete(facilityLeads).where(inArray(facilityLeads.id, ids));
}

async function deleteLeadsWhere(db: Database, where: SQL, now: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const ids = (await db.select({ id: facilityLeads.id }).from(facilityLeads).where(where).limit(BATCH)).map(
      (row) => row.id,
    );
    if (ids.length === 0) return deleted;
    await db.transaction((tx) => deleteLeads(tx, ids, now));
    deleted += ids.length;
  }
}

/** Runs at start and then daily; `npm run leads -- retention` runs it at once (the admin API). */
export function startRetention(
  app: FastifyInstance,
  periods: RetentionPeriods,
): { runNow(): Promise<RetentionCounts>; stop(): void } {
  const runNow = async () => {
    // One process of a fleet at a time; one that finds the pass taken reports nothing done.
    const counts =
      (await onceAcrossFleet(app.store, "retention", () => runRetention(app.store.db, periods))) ?? NOTHING_DONE;
    for (const [what, n] of Object.entries(counts)) app.metrics.retentionApplied(what, n);
    app.log.info(counts, "retention applied");
    return counts;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    void runNow().catch((error: unknown) => app.log.error({ err: error }, "retention failed; tried again tomorrow"));
    timer = setInterval(
      () =>
        void runNow().catch((error: unknown) =>
          app.log.error({ err: error }, "retention failed; tried again tomorrow"),
        ),
      86_400_000,
    );
    timer.unref();
  });
  return { runNow, stop: () => clearInterval(timer) };
}
