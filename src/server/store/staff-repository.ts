import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, gt, lt, or, sql } from "drizzle-orm";
import type { StaffAccount as StaffAccountOf, StaffRole } from "../../domain/staff-accounts";
import type { Database } from "./database";
import { staffAccounts, staffDevices, staffSessions } from "./schema";

export type StaffAccountRow = typeof staffAccounts.$inferSelect;

/** How long a session lives: since its last request (idle) and since sign-in (absolute). */
export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}
export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 2 * 60 * 60 * 1000, absoluteMs: 12 * 60 * 60 * 1000 };

/** full; second_factor: the password passed, the code not yet; enrol: must set up a second factor before anything else. */
export type SessionStage = "full" | "second_factor" | "enrol";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** What the console and the command line see of an account (never the hash). */
export type StaffAccount = StaffAccountOf<Date>;

/** The columns an account is shown from (never the hash). */
const PUBLIC_ACCOUNT_COLUMNS = {
  id: staffAccounts.id,
  email: staffAccounts.email,
  role: staffAccounts.role,
  createdAt: staffAccounts.createdAt,
  disabledAt: staffAccounts.disabledAt,
  totpSecret: staffAccounts.totpSecret,
};

export const publicAccount = (
  row: Pick<StaffAccountRow, "id" | "email" | "role" | "createdAt" | "disabledAt" | "totpSecret">,
): StaffAccount => ({
  id: row.id,
  email: row.email,
  role: row.role === "admin" ? "admin" : "staff",
  createdAt: row.createdAt,
  disabledAt: row.disabledAt,
  secondFactor: row.totpSecret !== null,
});

export class AccountExistsError extends Error {
  override name = "AccountExistsError";
}

export async function createAccount(
  db: Database,
  input: { email: string; passwordHash: string; role: StaffRole },
): Promise<StaffAccount> {
  const email = normaliseEmail(input.email);
  const [existing] = await db
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(eq(staffAccounts.email, email));
  if (existing) throw new AccountExistsError("An account with this e-mail already exists.");
  const [row] = await db
    .insert(staffAccounts)
    .values({ id: randomUUID(), email, passwordHash: input.passwordHash, role: input.role })
    .returning();
  return publicAccount(row!);
}

export async function findAccountByEmail(db: Database, email: string): Promise<StaffAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.email, normaliseEmail(email)));
  return row;
}

export async function listAccounts(db: Database): Promise<StaffAccount[]> {
  return (await db.select(PUBLIC_ACCOUNT_COLUMNS).from(staffAccounts).orderBy(asc(staffAccounts.email))).map(
    publicAccount,
  );
}

/** Disables an account and ends its sessions; false when there is no such account. */
export async function disableAccount(
  db: Database,
  where: { email: string } | { id: string },
): Promise<StaffAccount | undefined> {
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

export async function findAccountById(db: Database, id: string): Promise<StaffAccountRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
  return row;
}

/** A new password (changed by its owner or reset by an admin): every session of the account ends. */
export async function setPassword(
  db: Database,
  accountId: string,
  passwordHash: string,
): Promise<StaffAccount | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffAccounts)
      .set({ passwordHash })
      .where(eq(staffAccounts.id, accountId))
      .returning();
    if (!row) return undefined;
    await tx.delete(staffSessions).where(eq(staffSessions.accountId, accountId));
    return publicAccount(row);
  });
}

// ---------------------------------------------------------------- sessions

const hashOf = (sessionId: string) => createHash("sha256").update(sessionId, "utf8").digest("hex");

export interface StaffSession {
  account: StaffAccount;
  csrfToken: string;
  stage: SessionStage;
  /** When the sign-in began (kept when the session is re-issued). */
  startedAt: Date;
  /** The stored hash of the cookie's id. */
  idHash: string;
}

/** A new session for a sign-in: a fresh random id (the cookie's value; only its hash is stored) and its CSRF token. */
export async function createSession(
  db: Database,
  accountId: string,
  stage: SessionStage = "full",
  startedAt = new Date(),
): Promise<{ sessionId: string; csrfToken: string }> {
  const sessionId = randomBytes(32).toString("base64url");
  const csrfToken = randomBytes(32).toString("base64url");
  await db.insert(staffSessions).values({ idHash: hashOf(sessionId), accountId, csrfToken, stage, startedAt });
  return { sessionId, csrfToken };
}

const isExpired = (session: { startedAt: Date; lastSeenAt: Date }, limits: SessionLimits, now: Date) =>
  now.getTime() - session.lastSeenAt.getTime() > limits.idleMs ||
  now.getTime() - session.startedAt.getTime() > limits.absoluteMs;

export async function deleteSessionByHash(db: Database, idHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
}

/** Ends every session of an account (a changed password or second factor), or every one but `keep`. */
export async function deleteSessionsOf(db: Database, accountId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.accountId, accountId));
}

/** The live session of a cookie value (its account enabled, within both lifetimes); it is kept alive. An expired one is deleted. */
export async function findSession(
  db: Database,
  sessionId: string,
  limits: SessionLimits = DEFAULT_SESSION_LIMITS,
  now = new Date(),
): Promise<StaffSession | undefined> {
  const idHash = hashOf(sessionId);
  const [row] = await db
    .select({ session: staffSessions, account: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.accountId))
    .where(eq(staffSessions.idHash, idHash));
  if (!row) return undefined;
  if (row.account.disabledAt || isExpired(row.session, limits, now)) {
    await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
    return undefined;
  }
  // Written at most once a minute: a busy console does not write on every request.
  if (now.getTime() - row.session.lastSeenAt.getTime() > 60_000) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, idHash));
  }
  const stage = (["full", "second_factor", "enrol"] as const).find((s) => s === row.session.stage) ?? "second_factor";
  return {
    account: publicAccount(row.account),
    csrfToken: row.session.csrfToken,
    stage,
    startedAt: row.session.startedAt,
    idHash,
  };
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, hashOf(sessionId)));
}

/** The sweep: removes every session past its idle or absolute lifetime; returns how many. */
export async function deleteExpiredSessions(
  db: Database,
  limits: SessionLimits = DEFAULT_SESSION_LIMITS,
  now = new Date(),
): Promise<number> {
  const rows = await db
    .delete(staffSessions)
    .where(
      or(
        lt(staffSessions.lastSeenAt, new Date(now.getTime() - limits.idleMs)),
        lt(staffSessions.startedAt, new Date(now.getTime() - limits.absoluteMs)),
      ),
    )
    .returning({ idHash: staffSessions.idHash });
  return rows.length;
}

// ---------------------------------------------------------------- device cookies

/** Remembers a browser where the account signed in: a random id for its cookie (only the hash is stored). */
export async function createDevice(db: Database, accountId: string): Promise<string> {
  const deviceId = randomBytes(32).toString("base64url");
  await db.insert(staffDevices).values({ idHash: hashOf(deviceId), accountId });
  return deviceId;
}

/** The account a device cookie was given to, and the key its failures are counted under. */
export async function findDevice(
  db: Database,
  deviceId: string,
): Promise<{ accountId: string; idHash: string } | undefined> {
  const idHash = hashOf(deviceId);
  const [row] = await db
    .select({ accountId: staffDevices.accountId })
    .from(staffDevices)
    .where(
      and(eq(staffDevices.idHash, idHash), gt(staffDevices.lastUsedAt, new Date(Date.now() - DEVICE_LIFETIME_MS))),
    );
  return row ? { accountId: row.accountId, idHash } : undefined;
}

/** A device is remembered this long after its last full sign-in (its cookie's max-age). */
export const DEVICE_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

/** A full sign-in from a remembered device: it is remembered for another lifetime from now. */
export async function touchDevice(db: Database, idHash: string, now = new Date()): Promise<void> {
  await db.update(staffDevices).set({ lastUsedAt: now }).where(eq(staffDevices.idHash, idHash));
}

/** The daily sweep: devices unused past their lifetime or the retention period, whichever is shorter. */
export async function deleteExpiredDevices(db: Database, olderThan: Date): Promise<number> {
  const rows = await db
    .delete(staffDevices)
    .where(lt(staffDevices.lastUsedAt, olderThan))
    .returning({ idHash: staffDevices.idHash });
  return rows.length;
}
