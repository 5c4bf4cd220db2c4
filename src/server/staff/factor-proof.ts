import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SECOND_FACTOR_MESSAGES, type FactorChange } from "../../domain/second-factor-requests";
import { acceptStep, clearCodeFailures, takeCodeTry, useRecoveryCode } from "./second-factor-repository";
import { deleteSessionByHash, findAccountById, type StaffAccountRow } from "../store/staff-repository";
import { verifyPassword } from "./passwords";
import { looksLikeRecoveryCode, recoveryCodeMatches, recoveryCodeSelector, stepOfCode } from "./second-factor";
import { openSecret } from "../sealed-secrets";
import { accountStepSubject, forgiveTries, takeTries } from "./sign-in-throttle";

const RECOVERY_CODES = { selector: recoveryCodeSelector, matches: recoveryCodeMatches };

/** Whether a code is the account's (a step's code once, or an unused recovery code once). */
export async function codeAccepted(
  app: FastifyInstance,
  row: StaffAccountRow,
  code: string,
): Promise<{ accepted: boolean; recovery: boolean }> {
  if (!row.totpSecret) return { accepted: false, recovery: false };
  if (looksLikeRecoveryCode(code))
    return { accepted: await useRecoveryCode(app.store.db, row.id, code, RECOVERY_CODES), recovery: true };
  const step = stepOfCode(openSecret(row.totpSecret, app.config.STAFF_SECRET_KEY), code);
  return { accepted: step !== undefined && (await acceptStep(app.store.db, row.id, step)), recovery: false };
}

/**
 * Counts a code try against the hard caps before it is checked: a session past 10 wrong codes is
 * ended (401), an account past 100 in a row gets no code checked (400) until an admin resets it.
 * Answers true when it refused (the reply is sent).
 */
export async function refusedByCodeCaps(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const session = request.staff!;
  const cap = await takeCodeTry(app.store.db, session.idHash, session.account.id);
  if (cap === "ok") return false;
  await app.securityEvent(request, {
    kind: "second_factor_locked",
    detail: { scope: cap },
    collapse: `${cap}:${session.account.id}`,
  });
  if (cap === "session") {
    await deleteSessionByHash(app.store.db, session.idHash);
    await reply.code(401).send({ error: SECOND_FACTOR_MESSAGES.locked });
  } else {
    await reply
      .code(400)
      .send({ error: SECOND_FACTOR_MESSAGES.proofFailed, fields: { code: SECOND_FACTOR_MESSAGES.proofFailed } });
  }
  return true;
}

/** A right code: the caps' counts start again. */
export const codeSucceeded = (app: FastifyInstance, accountId: string) => clearCodeFailures(app.store.db, accountId);

/**
 * The owner's proof before the factor is set up again, replaced or removed from a signed-in
 * session: the password, and the current factor's code when there is one. Throttled like a
 * password change; every failure logged. Answers the account's row, or undefined (reply sent).
 */
export async function ownerProven(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  proof: FactorChange,
): Promise<StaffAccountRow | undefined> {
  const { account } = request.staff!;
  const db = app.store.db;
  const row = await findAccountById(db, account.id);
  const missing = {
    ...(!proof.password ? { password: SECOND_FACTOR_MESSAGES.password } : {}),
    ...(row?.totpSecret && !proof.code ? { code: SECOND_FACTOR_MESSAGES.code } : {}),
  };
  if (Object.keys(missing).length > 0) {
    await reply.code(400).send({ error: Object.values(missing)[0], fields: missing });
    return undefined;
  }
  const subjects = [accountStepSubject(account.id, account.email, "password")];
  const throttled = await takeTries(db, subjects);
  const passwordRight = !throttled && row !== undefined && (await verifyPassword(row.passwordHash, proof.password!));
  let codeRight = true;
  if (passwordRight && row?.totpSecret) {
    if (await refusedByCodeCaps(app, request, reply)) return undefined;
    codeRight = (await codeAccepted(app, row, proof.code!)).accepted;
  }
  if (!row || !passwordRight || !codeRight) {
    await app.securityEvent(request, {
      kind: "second_factor_failed",
      detail: { during: "change", password: passwordRight },
    });
    const fields = {
      password: SECOND_FACTOR_MESSAGES.proofFailed,
      ...(row?.totpSecret ? { code: SECOND_FACTOR_MESSAGES.proofFailed } : {}),
    };
    await reply.code(400).send({ error: SECOND_FACTOR_MESSAGES.proofFailed, fields });
    return undefined;
  }
  await forgiveTries(db, subjects);
  if (row.totpSecret) await codeSucceeded(app, row.id);
  return row;
}
