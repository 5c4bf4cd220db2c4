import { randomUUID } from "node:crypto";
import { and, desc, eq, getTableColumns, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { SecurityLogPage } from "../../domain/staff-console-api";
import type { Database } from "./database";
import { pageOf, type Cursor } from "./keyset-cursor";
import { facilityLeads, securityEvents, staffAccounts } from "./schema";
import type { SecurityEventKind } from "../../domain/staff-requests";

/** Every kind of security event (one name per idea: the console filters by these). */

export interface SecurityEventInput {
  kind: SecurityEventKind;
  actorEmail?: string | null | undefined;
  subjectEmail?: string | null | undefined;
  clientIp?: string | null | undefined;
  rowCount?: number | null | undefined;
  /** Small facts only (a filter, a role, a kind of throttle): never a password, code or key. */
  detail?: Record<string, string | number | boolean> | undefined;
  /**
   * The subject of an event that may repeat fast (a throttled try, a locked factor): repeats of
   * one kind and subject within a window share one row, its `repeats` counting them (decision 0026).
   */
  collapse?: string | undefined;
}

/** How long repeated events of one subject share a row. */
const COLLAPSE_WINDOW_MS = 10 * 60 * 1000;

export async function recordSecurityEvent(db: Database, event: SecurityEventInput, now = new Date()): Promise<void> {
  const windowKey = event.collapse
    ? `${event.kind}|${event.collapse}|${Math.floor(now.getTime() / COLLAPSE_WINDOW_MS)}`
    : null;
  const insert = db.insert(securityEvents).values({
    id: randomUUID(),
    at: now,
    kind: event.kind,
    actorEmail: event.actorEmail ?? null,
    subjectEmail: event.subjectEmail ?? null,
    clientIp: event.clientIp ?? null,
    rowCount: event.rowCount ?? null,
    detail: event.detail ?? null,
    windowKey,
  });
  // The one UPDATE the append-only trigger allows: `repeats` raised, nothing else changed.
  if (windowKey)
    await insert.onConflictDoUpdate({
      target: securityEvents.windowKey,
      set: { repeats: sql`${securityEvents.repeats} + 1` },
    });
  else await insert;
}

export interface SecurityEventFilter {
  kind?: SecurityEventKind | undefined;
  /** An account's e-mail: events it did or that concern it. */
  account?: string | undefined;
  /** Inclusive days (UTC), "YYYY-MM-DD". */
  from?: string | undefined;
  to?: string | undefined;
  /** The next page: after this cursor (keyset-cursor.ts, the time at the stored precision and the id). */
  before?: Cursor | undefined;
}

/** For the log's sentences (decision 0035): the actor's role, and the lead an event names with its facility (none once erased). */
const actorRole = sql<
  string | null
>`(select ${staffAccounts.role} from ${staffAccounts} where ${staffAccounts.email} = ${securityEvents.actorEmail})`;
const namedLead = sql`case when ${securityEvents.detail}->>'leadId' ~ '^[0-9a-fA-F-]{36}$' then (${securityEvents.detail}->>'leadId')::uuid end`;
const leadId = sql<
  string | null
>`(select ${facilityLeads.id}::text from ${facilityLeads} where ${facilityLeads.id} = ${namedLead})`;
const facilityName = sql<
  string | null
>`(select ${facilityLeads.facilityName} from ${facilityLeads} where ${facilityLeads.id} = ${namedLead})`;

/**
 * Newest first, a page at a time. The page boundary is (at, id) at the precision the database
 * keeps (microseconds on PostgreSQL), so no event in the same millisecond as a boundary is
 * skipped (decision 0026).
 */
export async function listSecurityEvents(
  db: Database,
  filter: SecurityEventFilter,
  limit = 100,
): Promise<SecurityLogPage<Date>> {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(securityEvents.kind, filter.kind));
  if (filter.account) {
    const email = filter.account.trim().toLowerCase();
    conditions.push(or(eq(securityEvents.actorEmail, email), eq(securityEvents.subjectEmail, email))!);
  }
  if (filter.from) conditions.push(gte(securityEvents.at, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to)
    conditions.push(lt(securityEvents.at, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (filter.before)
    conditions.push(
      sql`(${securityEvents.at}, ${securityEvents.id}) < (${filter.before.at}::timestamptz, ${filter.before.id}::uuid)`,
    );
  const { windowKey: _, ...columns } = getTableColumns(securityEvents);
  const rows = await db
    .select({ ...columns, actorRole, leadId, facilityName, cursorAt: sql<string>`${securityEvents.at}::text` })
    .from(securityEvents)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(securityEvents.at), desc(securityEvents.id))
    .limit(limit + 1);
  const page = pageOf(rows, limit);
  const events = page.rows.map(({ leadId: id, facilityName: name, ...event }) => ({
    ...event,
    lead: id ? { id, facilityName: name } : null,
  }));
  return { events, nextBefore: page.nextCursor };
}

/**
 * The daily retention (SECURITY_LOG_RETENTION_DAYS): events older than the period are deleted
 * through the one path the append-only trigger allows, a transaction that sets
 * app.security_log_retention to the cut-off (the trigger refuses any row not older than it, and
 * any cut-off newer than 30 days). Returns how many.
 */
export async function deleteExpiredSecurityEvents(db: Database, olderThan: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.security_log_retention', ${olderThan.toISOString()}, true)`);
    const rows = await tx
      .delete(securityEvents)
      .where(lt(securityEvents.at, olderThan))
      .returning({ id: securityEvents.id });
    return rows.length;
  });
}
