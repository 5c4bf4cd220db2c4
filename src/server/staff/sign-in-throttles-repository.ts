import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { BACKOFF_MEMORY_MS, backoffDelayMs, type BackoffRule } from "../../domain/sign-in-backoff";
import type { SignInThrottle } from "../../domain/staff-console-api";
import type { Database } from "../store/database";
import { signInThrottles } from "../store/schema";

type ThrottleKind = "account" | "address" | "device";

/** One thing a try is counted against: an e-mail typed, a client address, or a device cookie. */
export interface ThrottleSubject {
  key: string;
  kind: ThrottleKind;
  /** What an admin sees in the console. */
  label: string;
  rule: BackoffRule;
}

const t = signInThrottles;

/** The wait after `failures` (SQL), as in backoffDelayMs: 0 within the free ones, then doubling up to the ceiling. */
const delayMs = (failures: ReturnType<typeof sql>, rule: BackoffRule) =>
  sql`case when ${failures} < ${rule.free} then 0 else least(${rule.baseMs}::float8 * power(2, least(${failures} - ${rule.free}, 30)), ${rule.maxMs}) end`;

/**
 * Takes a try, atomically, before the password is checked: when the subject is not waiting, the
 * try is counted as a failure at once (a success takes it back) and it may go on; when it is
 * waiting, nothing changes and the try is refused. One INSERT ... ON CONFLICT DO UPDATE ...
 * RETURNING (the row lock orders concurrent tries), so a burst of tries gets no more password
 * checks than the same tries one after another. Works alike on PGlite and PostgreSQL.
 */
export async function takeTry(db: Database, subject: ThrottleSubject, now = new Date()): Promise<boolean> {
  const tryId = randomUUID();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const waiting = sql`(${t.blockedUntil} is not null and ${t.blockedUntil} > ${nowSql})`;
  const forgotten = sql`${t.lastFailureAt} < ${new Date(now.getTime() - BACKOFF_MEMORY_MS).toISOString()}::timestamptz`;
  const next = sql`(case when ${forgotten} then 1 else ${t.failures} + 1 end)`;
  const [row] = await db
    .insert(t)
    .values({
      key: subject.key,
      kind: subject.kind,
      label: subject.label,
      failures: 1,
      lastFailureAt: now,
      blockedUntil: new Date(now.getTime() + backoffDelayMs(1, subject.rule)),
      lastTry: tryId,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${waiting} then ${t.failures} else ${next} end`,
        lastFailureAt: sql`case when ${waiting} then ${t.lastFailureAt} else ${nowSql} end`,
        blockedUntil: sql`case when ${waiting} then ${t.blockedUntil} else ${nowSql} + make_interval(secs => (${delayMs(next, subject.rule)}) / 1000.0) end`,
        lastTry: sql`case when ${waiting} then ${t.lastTry} else ${tryId} end`,
      },
    })
    .returning({ lastTry: t.lastTry });
  return row?.lastTry === tryId;
}

/** A success: the subject's failures are forgotten (its try is taken back). */
export async function clearThrottle(db: Database, key: string): Promise<void> {
  await db.delete(t).where(eq(t.key, key));
}

/**
 * A success from an address: its own try is taken back, but the address keeps its other
 * failures (one good account must not wipe an attacker's count from the same address).
 */
export async function takeBackTry(db: Database, key: string): Promise<void> {
  await db
    .update(t)
    .set({ failures: sql`greatest(${t.failures} - 1, 0)`, blockedUntil: null })
    .where(eq(t.key, key));
}

/** What the console shows of a throttle (its answer type is the domain's, with dates). */
export type ThrottleView = SignInThrottle<Date, ThrottleKind>;

/** What an admin sees: every subject waiting now, or with failures within the last day, most recent first. */
export async function listThrottles(db: Database, now = new Date(), limit = 200): Promise<ThrottleView[]> {
  const rows = await db
    .select({
      key: t.key,
      kind: t.kind,
      label: t.label,
      failures: t.failures,
      lastFailureAt: t.lastFailureAt,
      blockedUntil: t.blockedUntil,
    })
    .from(t)
    .where(or(gt(t.blockedUntil, now), gt(t.lastFailureAt, new Date(now.getTime() - BACKOFF_MEMORY_MS))))
    .orderBy(desc(t.lastFailureAt))
    .limit(limit);
  return rows.map((r) => ({
    key: r.key,
    kind: r.kind as ThrottleKind,
    label: r.label,
    failures: r.failures,
    lastFailureAt: r.lastFailureAt,
    blockedUntil: r.blockedUntil,
  }));
}

/** An admin lifts a throttle: its failures are forgotten. Returns the labels lifted. */
export async function liftThrottles(db: Database, keys: string[]): Promise<ThrottleView[]> {
  if (keys.length === 0) return [];
  const rows = await db.delete(t).where(inArray(t.key, keys)).returning();
  return rows.map((r) => ({
    key: r.key,
    kind: r.kind as ThrottleKind,
    label: r.label,
    failures: r.failures,
    lastFailureAt: r.lastFailureAt,
    blockedUntil: r.blockedUntil,
  }));
}

/** The sweep: subjects whose last failure is older than the back-off's memory. */
export async function deleteForgottenThrottles(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(t)
    .where(
      and(
        lt(t.lastFailureAt, new Date(now.getTime() - BACKOFF_MEMORY_MS)),
        or(sql`${t.blockedUntil} is null`, lt(t.blockedUntil, now)),
      ),
    );
}
