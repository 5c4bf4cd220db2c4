import { randomUUID } from "node:crypto";
import { and, desc, eq, gte, lt, or, type SQL } from "drizzle-orm";
import type { SecurityLogPage } from "../../domain/staff-console-api";
import type { Database } from "./database";
import { securityEvents } from "./schema";
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
}

export async function recordSecurityEvent(db: Database, event: SecurityEventInput): Promise<void> {
  await db.insert(securityEvents).values({
    id: randomUUID(),
    kind: event.kind,
    actorEmail: event.actorEmail ?? null,
    subjectEmail: event.subjectEmail ?? null,
    clientIp: event.clientIp ?? null,
    rowCount: event.rowCount ?? null,
    detail: event.detail ?? null,
  });
}

export interface SecurityEventFilter {
  kind?: SecurityEventKind | undefined;
  /** An account's e-mail: events it did or that concern it. */
  account?: string | undefined;
  /** Inclusive days (UTC), "YYYY-MM-DD". */
  from?: string | undefined;
  to?: string | undefined;
  /** Events before this time (the next page). */
  before?: Date | undefined;
}

/** Newest first, a page at a time. */
export async function listSecurityEvents(db: Database, filter: SecurityEventFilter, limit = 100): Promise<SecurityLogPage<Date>> {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(securityEvents.kind, filter.kind));
  if (filter.account) {
    const email = filter.account.trim().toLowerCase();
    conditions.push(or(eq(securityEvents.actorEmail, email), eq(securityEvents.subjectEmail, email))!);
  }
  if (filter.from) conditions.push(gte(securityEvents.at, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conditions.push(lt(securityEvents.at, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (filter.before) conditions.push(lt(securityEvents.at, filter.before));
  const rows = await db
    .select()
    .from(securityEvents)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(securityEvents.at), desc(securityEvents.id))
    .limit(limit + 1);
  const events = rows.slice(0, limit);
  return { events, nextBefore: rows.length > limit ? events[events.length - 1]!.at.toISOString() : null };
}
