import { and, eq, isNull, like, lt, or, sql } from "drizzle-orm";
import type { Database } from "../store/database";
import { staffAccounts, staffRecoveryCodes, staffSessions } from "../store/schema";
import { normaliseEmail } from "../store/staff-repository";

/** Keeps a key shown for enrolment until a code confirms it. */
export async function setPendingSecret(db: Database, accountId: string, stored: string): Promise<void> {
  await db.update(staffAccounts).set({ totpPendingSecret: stored }).where(eq(staffAccounts.id, accountId));
}

/** The confirmed key becomes the account's second factor, with new recovery codes (their hashes); earlier codes are void. */
export async function confirmSecret(
  db: Database,
  accountId: string,
  step: number,
  codeHashes: string[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffAccounts)
      .set({
        totpSecret: staffAccounts.totpPendingSecret,
        totpPendingSecret: null,
        totpLastStep: step,
        secondFactorFailures: 0,
      })
      .where(and(eq(staffAccounts.id, accountId), sql`${staffAccounts.totpPendingSecret} is not null`))
      .returning({ id: staffAccounts.id });
    if (!row) return false;
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.accountId, accountId));
    await tx.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ accountId, codeHash })));
    return true;
  });
}

/** Takes a code's 30-second step once: a code seen before (replayed) is refused. */
export async function acceptStep(db: Database, accountId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(staffAccounts)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffAccounts.id, accountId),
        or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step)),
      ),
    )
    .returning({ id: staffAccounts.id });
  return rows.length === 1;
}

/** How a recovery code is checked (staff/second-factor.ts: its selector and its hash), passed in: the store imports no capability. */
export interface RecoveryCodeCheck {
  selector: (code: string) => string;
  matches: (code: string, stored: string) => Promise<boolean>;
}

/**
 * Uses a recovery code once: the unused hashes it may match (its selector's, and any unsalted
 * SHA-256 hash from before selectors) are checked, and the one it matches is marked used by one
 * UPDATE ... RETURNING, so the same code a second time, even at once, is refused.
 */
export async function useRecoveryCode(
  db: Database,
  accountId: string,
  code: string,
  codes: RecoveryCodeCheck,
): Promise<boolean> {
  const candidates = await db
    .select({ codeHash: staffRecoveryCodes.codeHash })
    .from(staffRecoveryCodes)
    .where(
      and(
        eq(staffRecoveryCodes.accountId, accountId),
        isNull(staffRecoveryCodes.usedAt),
        or(
          like(staffRecoveryCodes.codeHash, `${codes.selector(code)}:%`),
          sql`${staffRecoveryCodes.codeHash} ~ '^[0-9a-f]{64}$'`,
        ),
      ),
    );
  for (const { codeHash } of candidates) {
    if (!(await codes.matches(code, codeHash))) continue;
    const rows = await db
      .update(staffRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(staffRecoveryCodes.accountId, accountId),
          eq(staffRecoveryCodes.codeHash, codeHash),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ codeHash: staffRecoveryCodes.codeHash });
    return rows.length === 1;
  }
  return false;
}

/** The most wrong codes one half-signed session may give (then it is ended), and an account in a row (NIST SP 800-63B: 100). */
const SESSION_CODE_FAILURES = 10;
const ACCOUNT_CODE_FAILURES = 100;

/**
 * Counts a code try before it is checked (a success takes it back with clearCodeFailures):
 * refused when the session already gave 10 wrong codes or the account 100 in a row. Two
 * conditional UPDATEs, so a burst of tries cannot pass the caps.
 */
export async function takeCodeTry(
  db: Database,
  sessionIdHash: string,
  accountId: string,
): Promise<"ok" | "session" | "account"> {
  const account = await db
    .update(staffAccounts)
    .set({ secondFactorFailures: sql`${staffAccounts.secondFactorFailures} + 1` })
    .where(and(eq(staffAccounts.id, accountId), lt(staffAccounts.secondFactorFailures, ACCOUNT_CODE_FAILURES)))
    .returning({ id: staffAccounts.id });
  if (account.length === 0) return "account";
  const session = await db
    .update(staffSessions)
    .set({ codeFailures: sql`${staffSessions.codeFailures} + 1` })
    .where(and(eq(staffSessions.idHash, sessionIdHash), lt(staffSessions.codeFailures, SESSION_CODE_FAILURES)))
    .returning({ idHash: staffSessions.idHash });
  if (session.length === 0) {
    await db
      .update(staffAccounts)
      .set({ secondFactorFailures: sql`${staffAccounts.secondFactorFailures} - 1` })
      .where(eq(staffAccounts.id, accountId));
    return "session";
  }
  return "ok";
}

/** A right code: the account's count of wrong ones in a row starts again. */
export async function clearCodeFailures(db: Database, accountId: string): Promise<void> {
  await db.update(staffAccounts).set({ secondFactorFailures: 0 }).where(eq(staffAccounts.id, accountId));
}

/** Removes an account's second factor and recovery codes (its owner, with password and code); the caller ends its sessions. */
export async function removeSecondFactor(db: Database, accountId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, secondFactorFailures: 0 })
      .where(eq(staffAccounts.id, accountId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.accountId, accountId));
  });
}

export async function unusedRecoveryCodes(db: Database, accountId: string): Promise<number> {
  const rows = await db
    .select({ codeHash: staffRecoveryCodes.codeHash })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.accountId, accountId), isNull(staffRecoveryCodes.usedAt)));
  return rows.length;
}

/** Removes an account's second factor and recovery codes and ends its sessions (npm run staff -- reset-2fa). */
export async function resetSecondFactor(
  db: Database,
  email: string,
): Promise<{ id: string; email: string } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffAccounts)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, secondFactorFailures: 0 })
      .where(eq(staffAccounts.email, normaliseEmail(email)))
      .returning({ id: staffAccounts.id, email: staffAccounts.email });
    if (!row) return undefined;
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.accountId, row.id));
    await tx.delete(staffSessions).where(eq(staffSessions.accountId, row.id));
    return row;
  });
}
