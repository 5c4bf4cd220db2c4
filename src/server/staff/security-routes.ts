import type { FastifyInstance, FastifyReply } from "fastify";
import { isUuid } from "../../domain/fields";
import {
  PasswordChangeSchema,
  PasswordResetSchema,
  SecurityEventQuerySchema,
  ThrottleLiftSchema,
} from "../../domain/staff-requests";
import type {
  AccountAnswer,
  BuiltAs,
  SecurityLogPage,
  ThrottleList,
  ThrottlesLifted,
} from "../../domain/staff-console-api";
import { parseBody } from "../validation";
import { passwordProblem } from "../../domain/staff-password";
import { hashPassword, verifyPassword } from "./passwords";
import { accountStepSubject, forgiveTries, takeTries } from "./sign-in-throttle";
import { STAFF_MESSAGES } from "../staff-messages";
import { listSecurityEvents } from "../store/security-events-repository";
import { decodeCursor } from "../store/keyset-cursor";
import { liftThrottles, listThrottles } from "./sign-in-throttles-repository";
import { findAccountById, setPassword } from "../store/staff-repository";

const weak = (reply: FastifyReply, field: string, problem: string) =>
  reply.code(400).send({ error: problem, fields: { [field]: problem } });

/** Password change (everyone), and for admins: password reset, throttles, the security log. */
export async function registerStaffSecurity(app: FastifyInstance): Promise<void> {
  const db = () => app.store.db;

  /** Changes one's own password: every session of the account ends; this browser gets a new one. */
  app.post("/api/staff/password", async (request, reply) => {
    const { account } = request.staff!;
    const input = parseBody(PasswordChangeSchema, request.body, reply, { error: "first-message" });
    if (!input) return reply;
    const problem = passwordProblem(input.newPassword);
    if (problem) return weak(reply, "newPassword", problem);
    const subjects = [accountStepSubject(account.id, account.email, "password")];
    const row = (await takeTries(db(), subjects)) ? undefined : await findAccountById(db(), account.id);
    if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
      await app.securityEvent(request, { kind: "sign_in_failed", detail: { during: "password_change" } });
      return reply.code(400).send({
        error: STAFF_MESSAGES.currentPasswordWrong,
        fields: { currentPassword: STAFF_MESSAGES.currentPasswordWrong },
      });
    }
    await forgiveTries(db(), subjects);
    const changed = await setPassword(db(), account.id, await hashPassword(input.newPassword));
    if (!changed) return reply.code(401).send({ error: STAFF_MESSAGES.signInRequired });
    await app.securityEvent(request, { kind: "password_changed" });
    return app.startStaffSession(request, reply, changed, "full");
  });

  app.register(async (admin) => {
    admin.addHook("onRequest", async (request, reply) => {
      if (request.staff?.account.role !== "admin") return reply.code(403).send({ error: STAFF_MESSAGES.adminOnly });
    });

    /** An admin sets a new password for an account: its sessions end. */
    admin.post<{ Params: { id: string } }>("/api/staff/accounts/:id/password", async (request, reply) => {
      if (!isUuid(request.params.id)) return reply.code(404).send({ error: STAFF_MESSAGES.accountNotFound });
      const input = parseBody(PasswordResetSchema, request.body, reply, { error: "first-message" });
      if (!input) return reply;
      const problem = passwordProblem(input.password);
      if (problem) return weak(reply, "password", problem);
      const account = await setPassword(db(), request.params.id, await hashPassword(input.password));
      if (!account) return reply.code(404).send({ error: STAFF_MESSAGES.accountNotFound });
      await app.securityEvent(request, { kind: "password_reset", subjectEmail: account.email });
      return { account } satisfies BuiltAs<AccountAnswer>;
    });

    admin.get(
      "/api/staff/throttles",
      async () => ({ throttles: await listThrottles(db()) }) satisfies BuiltAs<ThrottleList>,
    );

    admin.post("/api/staff/throttles/lift", async (request, reply) => {
      const input = parseBody(ThrottleLiftSchema, request.body, reply, { error: "first-message" });
      if (!input) return reply;
      const lifted = await liftThrottles(db(), input.keys);
      for (const throttle of lifted) {
        await app.securityEvent(request, {
          kind: "throttle_lifted",
          subjectEmail: throttle.kind === "address" ? null : throttle.label.replace(/ \(.*\)$/, ""),
          detail: {
            kind: throttle.kind,
            failures: throttle.failures,
            ...(throttle.kind === "address" ? { address: throttle.label } : {}),
          },
        });
      }
      return { lifted: lifted.length } satisfies ThrottlesLifted;
    });

    admin.get("/api/staff/security-events", async (request, reply) => {
      const query = parseBody(SecurityEventQuerySchema, request.query, reply, { error: "first-message" });
      if (!query) return reply;
      const { before, ...filter } = query;
      // The page cursor is opaque (the time at the stored precision and the id): one that does not read is a stale link.
      const cursor = before ? decodeCursor(before) : undefined;
      if (before && !cursor)
        return reply.code(400).send({ error: STAFF_MESSAGES.badCursor, fields: { before: STAFF_MESSAGES.badCursor } });
      return listSecurityEvents(db(), { ...filter, before: cursor }) satisfies Promise<BuiltAs<SecurityLogPage>>;
    });
  });
}
