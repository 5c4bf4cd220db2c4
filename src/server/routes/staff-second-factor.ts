import type { FastifyInstance } from "fastify";
import { SecondFactorCodeSchema } from "../../domain/staff-requests";
import { deviceIdOf } from "../staff/device-cookie";
import {
  enrolmentOf,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  recoveryCodeHash,
  sealSecret,
  stepOfCode,
} from "../staff/second-factor";
import { accountStepSubject, deviceSubject, forgiveTries, takeTries, trustedDeviceOf } from "../staff/sign-in-throttle";
import { STAFF_MESSAGES } from "../staff/staff-messages";
import { acceptStep, confirmSecret, setPendingSecret, unusedRecoveryCodes, useRecoveryCode } from "../store/second-factor-repository";
import { findAccountById, publicAccount } from "../store/staff-repository";
import { parseBody } from "./validation";

/** A refused code: one answer whatever was wrong with it. */
const CODE_REFUSAL = { error: STAFF_MESSAGES.codeFailed, fields: { code: STAFF_MESSAGES.codeFailed } };

/**
 * The second factor (docs/decisions/0015): set up (a key, its QR code, then a code to confirm
 * it, then ten recovery codes shown once), and given after the password at sign-in. A wrong
 * code is counted like a wrong password, before it is checked; it is answered 400 with the
 * code field's message (the session is still there: 401 would mean it is not).
 */
export async function registerStaffSecondFactor(app: FastifyInstance): Promise<void> {
  const db = () => app.store.db;
  const key = () => app.config.STAFF_SECRET_KEY;

  /** A new key to enrol (or to replace the present one): shown, kept pending until confirmed. */
  app.post("/api/staff/second-factor/setup", async (request) => {
    const { account } = request.staff!;
    const secret = newTotpSecret();
    await setPendingSecret(db(), account.id, sealSecret(secret, key()));
    return enrolmentOf(secret, account.email);
  });

  app.post("/api/staff/second-factor/confirm", async (request, reply) => {
    const { account } = request.staff!;
    const input = parseBody(SecondFactorCodeSchema, request.body, reply, { refusal: CODE_REFUSAL });
    if (!input) return reply;
    const row = await findAccountById(db(), account.id);
    if (!row?.totpPendingSecret) return reply.code(409).send({ error: STAFF_MESSAGES.noEnrolment });
    const subjects = [accountStepSubject(account.id, account.email, "code")];
    if (await takeTries(db(), subjects)) return reply.code(400).send({ error: STAFF_MESSAGES.codeFailed, fields: { code: STAFF_MESSAGES.codeFailed } });
    const step = stepOfCode(openSecret(row.totpPendingSecret, key()), input.code);
    if (step === undefined) {
      await app.securityEvent(request, { kind: "second_factor_failed", detail: { during: "enrolment" } });
      return reply.code(400).send({ error: STAFF_MESSAGES.codeFailed, fields: { code: STAFF_MESSAGES.codeFailed } });
    }
    const codes = newRecoveryCodes();
    if (!(await confirmSecret(db(), account.id, step, codes.map(recoveryCodeHash)))) return reply.code(409).send({ error: STAFF_MESSAGES.noEnrolment });
    await forgiveTries(db(), subjects);
    await app.securityEvent(request, { kind: "second_factor_enrolled" });
    const session = await app.startStaffSession(request, reply, { ...account, secondFactor: true }, "full");
    return { ...session, recoveryCodes: codes };
  });

  app.post("/api/staff/second-factor/verify", async (request, reply) => {
    const { account } = request.staff!;
    const input = parseBody(SecondFactorCodeSchema, request.body, reply, { refusal: CODE_REFUSAL });
    if (!input) return reply;
    const device = await trustedDeviceOf(db(), deviceIdOf(request), account.id);
    const subjects = [device ? deviceSubject(device, account.email) : accountStepSubject(account.id, account.email, "code")];
    const waiting = await takeTries(db(), subjects);
    if (waiting) {
      await app.securityEvent(request, { kind: "sign_in_throttled", detail: { by: waiting.kind, step: "code" } });
      return reply.code(400).send({ error: STAFF_MESSAGES.codeFailed, fields: { code: STAFF_MESSAGES.codeFailed } });
    }
    const row = await findAccountById(db(), account.id);
    let accepted = false;
    let recovery = false;
    if (row?.totpSecret) {
      if (looksLikeRecoveryCode(input.code)) {
        recovery = true;
        accepted = await useRecoveryCode(db(), account.id, recoveryCodeHash(input.code));
      } else {
        const step = stepOfCode(openSecret(row.totpSecret, key()), input.code);
        accepted = step !== undefined && (await acceptStep(db(), account.id, step));
      }
    }
    if (!row || !accepted) {
      await app.securityEvent(request, { kind: "second_factor_failed", detail: { recovery } });
      return reply.code(400).send({ error: STAFF_MESSAGES.codeFailed, fields: { code: STAFF_MESSAGES.codeFailed } });
    }
    await forgiveTries(db(), subjects);
    if (recovery) await app.securityEvent(request, { kind: "recovery_code_used", rowCount: await unusedRecoveryCodes(db(), account.id) });
    return app.startStaffSession(request, reply, publicAccount(row), "full");
  });
}
