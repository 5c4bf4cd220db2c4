import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { fieldErrorsOf, isUuid } from "../../domain";
import { passwordProblem } from "../../domain/staff-password";
import { hashPassword, verifyPassword } from "../staff/passwords";
import { accountStepSubject, forgiveTries, takeTries } from "../staff/sign-in-throttle";
import { STAFF_MESSAGES } from "../staff/staff-messages";
import { SECURITY_EVENT_KINDS, listSecurityEvents } from "../store/security-events-repository";
import { decodeCursor } from "../store/keyset-cursor";
import { liftThrottles, listThrottles } from "../store/sign-in-throttles-repository";
import { findAccountById, setPassword } from "../store/staff-repository";

const PasswordChangeSchema = z.object({
  currentPassword: z.string().min(1, "Enter your current password.").max(1024),
  newPassword: z.string().max(1024),
});
const PasswordResetSchema = z.object({ password: z.string().max(1024) });
const LiftSchema = z.object({ keys: z.array(z.string().min(1).max(400)).min(1, "Choose what to lift.").max(200) });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date such as 2026-01-31.").refine((v) => !Number.isNaN(Date.parse(v)), "Use a date such as 2026-01-31.");
const SecurityEventQuerySchema = z.object({
  kind: z.enum(SECURITY_EVENT_KINDS, "Choose a kind of event.").optional(),
  account: z.string().trim().max(254).optional(),
  from: day.optional(),
  to: day.optional(),
  before: z.string().max(200).transform((value, context) => decodeCursor(value) ?? (context.addIssue({ code: "custom", message: STAFF_MESSAGES.badCursor }), z.NEVER)).optional(),
});

const invalid = (reply: FastifyReply, error: z.ZodError) =>
  reply.code(400).send({ error: error.issues[0]?.message ?? "Please correct the highlighted fields.", fields: fieldErrorsOf(error) });

const weak = (reply: FastifyReply, field: string, problem: string) => reply.code(400).send({ error: problem, fields: { [field]: problem } });

/** Password change (everyone), and for admins: password reset, throttles, the security log. */
export async function registerStaffSecurity(app: FastifyInstance): Promise<void> {
  const db = () => app.store.db;

  /** Changes one's own password: every session of the account ends; this browser gets a new one. */
  app.post("/api/staff/password", async (request, reply) => {
    const { account } = request.staff!;
    const input = PasswordChangeSchema.safeParse(request.body);
    if (!input.success) return invalid(reply, input.error);
    const problem = passwordProblem(input.data.newPassword);
    if (problem) return weak(reply, "newPassword", problem);
    const subjects = [accountStepSubject(account.id, account.email, "password")];
    const row = (await takeTries(db(), subjects)) ? undefined : await findAccountById(db(), account.id);
    if (!row || !(await verifyPassword(row.passwordHash, input.data.currentPassword))) {
      await app.securityEvent(request, { kind: "sign_in_failed", detail: { during: "password_change" } });
      return reply.code(400).send({ error: STAFF_MESSAGES.currentPasswordWrong, fields: { currentPassword: STAFF_MESSAGES.currentPasswordWrong } });
    }
    await forgiveTries(db(), subjects);
    const changed = await setPassword(db(), account.id, await hashPassword(input.data.newPassword));
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
      const input = PasswordResetSchema.safeParse(request.body);
      if (!input.success) return invalid(reply, input.error);
      const problem = passwordProblem(input.data.password);
      if (problem) return weak(reply, "password", problem);
      const account = await setPassword(db(), request.params.id, await hashPassword(input.data.password));
      if (!account) return reply.code(404).send({ error: STAFF_MESSAGES.accountNotFound });
      await app.securityEvent(request, { kind: "password_reset", subjectEmail: account.email });
      return { account };
    });

    admin.get("/api/staff/throttles", async () => ({ throttles: await listThrottles(db()) }));

    admin.post("/api/staff/throttles/lift", async (request, reply) => {
      const input = LiftSchema.safeParse(request.body);
      if (!input.success) return invalid(reply, input.error);
      const lifted = await liftThrottles(db(), input.data.keys);
      for (const throttle of lifted) {
        await app.securityEvent(request, { kind: "throttle_lifted", subjectEmail: throttle.kind === "address" ? null : throttle.label.replace(/ \(.*\)$/, ""), detail: { kind: throttle.kind, failures: throttle.failures, ...(throttle.kind === "address" ? { address: throttle.label } : {}) } });
      }
      return { lifted: lifted.length };
    });

    admin.get("/api/staff/security-events", async (request, reply) => {
      const query = SecurityEventQuerySchema.safeParse(request.query);
      if (!query.success) return invalid(reply, query.error);
      const { before, ...filter } = query.data;
      return listSecurityEvents(db(), { ...filter, before });
    });
  });
}
