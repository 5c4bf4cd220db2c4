import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { StaffAccount as StaffAccountOf, StaffRole } from "../../domain/staff-accounts";
import type { Database } from "./database";
import { staffAccounts, staffSessions } from "./schema";

export type StaffAccountRow = typeof staffAccounts.$inferSelect;

/** A session is ended after 12 hours without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Failed sign-ins in a row before an account waits, and how long it waits. */
export const ACCOUNT_FAILURES_ALLOWED = 5;
const ACCOUNT_LOCK_MS = 15 * 60 * 1000;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** What the console and the command line see of an account (never the hash). */
export type StaffAccount = StaffAccountOf<Date>;

const publicAccount = (row: StaffAccountRow): StaffAccount => ({
  id: row.id,
  email: row.email,
  role: row.role === "admin" ? "admin" : "staff",
  createdAt: row.createdAt,
  disabledAt: row.disabledAt,
});

export class AccountExistsError extends Error {
  override name = "AccountExistsError";
}

export async function createAccount(db: Database, input: { email: string; passwordHash: string; role: StaffRole }): Promise<StaffAccount> {
  const email = normaliseEmail(input.email);
  const [existing] = await db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.email, email));
  if (existing) throw new AccountExistsError("An account with this e-mail already exists.");
  const [row] = await db.insert(staffAccounts).values({ id: randomUUID(), email, passwordHash: input.passwordHash, role: input.role }).returning();
  return publicAccount(row!);
}

export async function findAccountByEmail(db: Database, email: string): Promise<StaffAccountRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, normaliseEmail(email)));
  return row;
}

export async function listAccounts(db: Database): Promise<StaffAccount[]> {
  return (await db.select().from(staffAccounts).orderBy(asc(staffAccounts.email))).map(publicAccount);
}

/** Disables an account and ends its sessions; false when there is no such account. */
export async function disableAccount(db: Database, where: { email: string } | { id: string }): Promise<StaffAccount | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffAccounts)
      .set({ disabledAt: sql`coalesce(${staffAccounts.disabledAt}, now())` })
      .where("email" in where ? eq(staffAccounts.email, normaliseEmail(where.email)) : eq(staffAccounts.id, where.id))
      .returning();
    if (!row) return undefined;
    await tx.delete(staffSessions).where(eq(staffSessions.accountId, row.id));
    return publicAccount(row);
  });
}

/** Counts a failed sign-in; at the limit the account waits ACCOUNT_LOCK_MS. */
export async function recordFailedSignIn(db: Database, accountId: string, now = new Date()): Promise<void> {
  await db
    .update(staffAccounts)
    .set({
      failedSignIns: sql`${staffAccounts.failedSignIns} + 1`,
      lockedUntil: sql`case when ${staffAccounts.failedSignIns} + 1 >= ${ACCOUNT_FAILURES_ALLOWED} then ${new Date(now.getTime() + ACCOUNT_LOCK_MS).toISOString()}::timestamptz else ${staffAccounts.lockedUntil} end`,
    })
    .where(eq(staffAccounts.id, accountId));
}

export const isLocked = (account: StaffAccountRow, now = new Date()) => account.lockedUntil !== null && account.lockedUntil > now;

// ---------------------------------------------------------------- sessions

const hashOf = (sessionId: string) => createHash("sha256").update(sessionId, "utf8").digest("hex");

export interface StaffSession {
  account: StaffAccount;
  csrfToken: string;
}

/**
 * A new session for a successful sign-in: a fresh random id (the cookie's value; only its hash
 * is stored) and its CSRF token. The failure count starts again.
 */
export async function createSession(db: Database, accountId: string): Promise<{ sessionId: string; csrfToken: string }> {
  const sessionId = randomBytes(32).toString("base64url");
  const csrfToken = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.insert(staffSessions).values({ idHash: hashOf(sessionId), accountId, csrfToken });
    await tx.update(staffAccounts).set({ failedSignIns: 0, lockedUntil: null }).where(eq(staffAccounts.id, accountId));
  });
  return { sessionId, csrfToken };
}

/** The live session of a cookie value (its account enabled, used within 12 hours); it is kept alive. */
export async function findSession(db: Database, sessionId: string, now = new Date()): Promise<StaffSession | undefined> {
  const idHash = hashOf(sessionId);
  const [row] = await db
    .select({ session: staffSessions, account: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.accountId))
    .where(eq(staffSessions.idHash, idHash));
  if (!row) return undefined;
  if (row.account.disabledAt || now.getTime() - row.session.lastSeenAt.getTime() > SESSION_IDLE_MS) {
    await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
    return undefined;
  }
  // Written at most once a minute: a busy console does not write on every request.
  if (now.getTime() - row.session.lastSeenAt.getTime() > 60_000) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, idHash));
  }
  return { account: publicAccount(row.account), csrfToken: row.session.csrfToken };
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, hashOf(sessionId)));
}

/**
 * Removes sessions idle for longer than the limit. Nothing calls it yet (session expiry is the
 * console-hardening issue's to schedule); `@public` keeps knip from reporting it until then.
 * @public
 */
export async function deleteIdleSessions(db: Database, now = new Date()): Promise<void> {
  await db.delete(staffSessions).where(and(lt(staffSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
}
