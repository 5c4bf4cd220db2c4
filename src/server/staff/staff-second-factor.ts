import type { FastifyInstance, FastifyReply } from "fastify";
import { CodeSchema, FactorChangeSchema, SECOND_FACTOR_MESSAGES } from "../../domain/second-factor-requests";
import { deviceIdOf } from "./device-cookie";
import { codeAccepted, codeSucceeded, ownerProven, refusedByCodeCaps } from "./factor-proof";
import { enrolmentOf, newRecoveryCodes, newTotpSecret, recoveryCodeHash, stepOfCode } from "./second-factor";
import { openSecret, sealSecret } from "../sealed-secrets";
import { accountStepSubject, deviceSubject, forgiveTries, takeTries, trustedDeviceOf } from "./sign-in-throttle";
import { STAFF_MESSAGES } from "../staff-messages";
import { confirmSecret, removeSecondFactor, setPendingSecret, unusedRecoveryCodes } from "./second-factor-repository";
import { deleteSessionsOf, findAccountById, publicAccount } from "../store/staff-repository";
import { mustEnrol } from "./staff-auth";
import { parseBody } from "../validation";
import type { BuiltAs, Enrolment, SecondFactorConfirmed } from "../../domain/staff-console-api";

/** A refused code: one answer whatever was wrong with it. */
const CODE_REFUSAL = { error: STAFF_MESSAGES.codeFailed, fields: { code: STAFF_MESSAGES.codeFailed } };
const codeFailed = (reply: FastifyReply) => reply.code(400).send(CODE_REFUSAL);

/**
 * The second factor (docs/decisions/0015, decision 0026): set up (a key, its QR code, then a code to
 * confirm it, then ten recovery codes shown once), and given after the password at sign-in. It
 * belongs to its owner: from a signed-in session, setting it up again, replacing or removing it
 * takes the password and the current code; a change ends the account's other sessions. A wrong
 * code is counted before it is checked (the back-off, and hard caps: 10 per half-signed session,
 * 100 in a row per account); answered 400 with the code field's message.
 */
export async function registerStaffSecondFactor(app: FastifyInstance): Promise<void> {
  const db = () => app.store.db;
  const key = () => app.config.STAFF_SECRET_KEY;

  /** A new key to enrol (or to replace the present one): shown, kept pending until confirmed. */
  app.post("/api/staff/second-factor/setup", async (request, reply) => {
    const { account, stage } = request.staff!;
    // The enrol stage was reached with the password a moment ago and reaches nothing else; a full session must prove its owner.
    if (stage === "full") {
      const proof = parseBody(FactorChangeSchema, request.body ?? {}, reply, {
        refusal: {
          error: SECOND_FACTOR_MESSAGES.proofFailed,
          fields: { password: SECOND_FACTOR_MESSAGES.proofFailed },
        },
      });
      if (!proof) return reply;
      if (!(await ownerProven(app, request, reply, proof))) return reply;
    }
    const secret = newTotpSecret();
    await setPendingSecret(db(), account.id, sealSecret(secret, key()));
    return (await enrolmentOf(secret, account.email)) satisfies Enrolment;
  });

  app.post("/api/staff/second-factor/confirm", async (request, reply) => {
    const { account } = request.staff!;
    const input = parseBody(CodeSchema, request.body, reply, { refusal: CODE_REFUSAL });
    if (!input) return reply;
    const row = await findAccountById(db(), account.id);
    if (!row?.totpPendingSecret) return reply.code(409).send({ error: STAFF_MESSAGES.noEnrolment });
    const subjects = [accountStepSubject(account.id, account.email, "code")];
    if (await takeTries(db(), subjects)) return codeFailed(reply);
    if (await refusedByCodeCaps(app, request, reply)) return reply;
    const step = stepOfCode(openSecret(row.totpPendingSecret, key()), input.code);
    if (step === undefined) {
      await app.securityEvent(request, { kind: "second_factor_failed", detail: { during: "enrolment" } });
      return codeFailed(reply);
    }
    const codes = newRecoveryCodes();
    if (!(await confirmSecret(db(), account.id, step, await Promise.all(codes.map(recoveryCodeHash)))))
      return reply.code(409).send({ error: STAFF_MESSAGES.noEnrolment });
    await forgiveTries(db(), subjects);
    await codeSucceeded(app, account.id);
    await app.securityEvent(request, { kind: row.totpSecret ? "second_factor_replaced" : "second_factor_enrolled" });
    // A new factor: whoever else held a session of this account is signed out.
    await deleteSessionsOf(db(), account.id);
    const session = await app.startStaffSession(request, reply, { ...account, secondFactor: true }, "full");
    return { ...session, recoveryCodes: codes } satisfies BuiltAs<SecondFactorConfirmed>;
  });

  app.post("/api/staff/second-factor/verify", async (request, reply) => {
    const { account, stage } = request.staff!;
    // A full session has nothing to verify: answering it with a new session would renew a stolen one for ever.
    if (stage === "full") return reply.code(409).send({ error: SECOND_FACTOR_MESSAGES.alreadySignedIn });
    const input = parseBody(CodeSchema, request.body, reply, { refusal: CODE_REFUSAL });
    if (!input) return reply;
    const device = await trustedDeviceOf(db(), deviceIdOf(request), account.id);
    const subjects = [
      device ? deviceSubject(device, account.email) : accountStepSubject(account.id, account.email, "code"),
    ];
    const waiting = await takeTries(db(), subjects);
    if (waiting) {
      await app.securityEvent(request, {
        kind: "sign_in_throttled",
        detail: { by: waiting.kind, step: "code" },
        collapse: waiting.key,
      });
      return codeFailed(reply);
    }
    if (await refusedByCodeCaps(app, request, reply)) return reply;
    const row = await findAccountById(db(), account.id);
    const { accepted, recovery } = row
      ? await codeAccepted(app, row, input.code)
      : { accepted: false, recovery: false };
    if (!row || !accepted) {
      await app.securityEvent(request, { kind: "second_factor_failed", detail: { recovery } });
      return codeFailed(reply);
    }
    await forgiveTries(db(), subjects);
    await codeSucceeded(app, account.id);
    await app.securityEvent(request, { kind: "second_factor_verified", detail: { recovery, device: Boolean(device) } });
    if (recovery)
      await app.securityEvent(request, {
        kind: "recovery_code_used",
        rowCount: await unusedRecoveryCodes(db(), account.id),
      });
    return app.startStaffSession(request, reply, publicAccount(row), "full");
  });

  /** Removes one's own second factor (password and code), unless the account must have one. */
  app.post("/api/staff/second-factor/remove", async (request, reply) => {
    const { account } = request.staff!;
    if (!account.secondFactor) return reply.code(409).send({ error: STAFF_MESSAGES.noEnrolment });
    if (mustEnrol(app, { role: account.role, secondFactor: false }))
      return reply.code(409).send({ error: SECOND_FACTOR_MESSAGES.mustKeep });
    const proof = parseBody(FactorChangeSchema, request.body ?? {}, reply, {
      refusal: { error: SECOND_FACTOR_MESSAGES.proofFailed, fields: { code: SECOND_FACTOR_MESSAGES.proofFailed } },
    });
    if (!proof) return reply;
    if (!(await ownerProven(app, request, reply, proof))) return reply;
    await removeSecondFactor(db(), account.id);
    await app.securityEvent(request, { kind: "second_factor_removed" });
    await deleteSessionsOf(db(), account.id);
    return app.startStaffSession(request, reply, { ...account, secondFactor: false }, "full");
  });
}
