import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "./database";
import { staffAccounts, staffRecoveryCodes, staffSessions } from "./schema";
import { normaliseEmail } from "./staff-repository";

/** Keeps a key shown for enrolment until a code confirms it. */
export async function setPendingSecret(db: Database, accountId: string, stored: string): Promise<void> {
  await db.update(staffAccounts).set({ totpPendingSecret: stored }).where(eq(staffAccounts.id, accountId));
}

/** The confirmed key becomes the account's second factor, with new recovery codes (their hashes); earlier codes are void. */
export async function confirmSecret(db: Database, accountId: string, step: number, codeHashes: string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffAccounts)
      .set({ totpSecret: staffAccounts.totpPendingSecret, totpPendingSecret: null, totpLastStep: step })
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
    .where(and(eq(staffAccounts.id, accountId), or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step))))
    .returning({ id: staffAccounts.id });
  return rows.length === 1;
}

/** Uses a recovery code once: the same code a second time is refused (one UPDATE ... RETURNING). */
export async function useRecoveryCode(db: Database, accountId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(staffRecoveryCodes.accountId, accountId), eq(staffRecoveryCodes.codeHash, codeHash), isNull(staffRecoveryCodes.usedAt)))
    .returning({ codeHash: staffRecoveryCodes.codeHash });
  return rows.length === 1;
}

export async function unusedRecoveryCodes(db: Database, accountId: string): Promise<number> {
  const rows = await db
    .select({ codeHash: staffRecoveryCodes.codeHash })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.accountId, accountId), isNull(staffRecoveryCodes.usedAt)));
  return rows.length;
}

/** Removes an account's second factor and recovery codes and ends its sessions (npm run staff -- reset-2fa). */
export async function resetSecondFactor(db: Database, email: string): Promise<{ id: string; email: string } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffAccounts)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(staffAccounts.email, normaliseEmail(email)))
      .returning({ id: staffAccounts.id, email: staffAccounts.email });
    if (!row) return undefined;
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.accountId, row.id));
    await tx.delete(staffSessions).where(eq(staffSessions.accountId, row.id));
    return row;
  });
}
