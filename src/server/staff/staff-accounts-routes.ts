import type { FastifyInstance, FastifyReply } from "fastify";
import type { z } from "zod";
import { isUuid } from "../../domain/fields";
import { StaffAccountSchema } from "../../domain/staff-accounts";
import type { AccountAnswer, AccountList, BuiltAs } from "../../domain/staff-console-api";
import { passwordProblem } from "../../domain/staff-password";
import { STAFF_MESSAGES } from "../staff-messages";
import { AccountExistsError, createAccount, disableAccount, listAccounts } from "../store/staff-repository";
import { parseBody } from "../validation";
import { hashPassword } from "./passwords";

/** The console shows one message: the API's `error` is the first field's. */
const parse = <S extends z.ZodType>(schema: S, body: unknown, reply: FastifyReply) =>
  parseBody(schema, body, reply, { error: "first-message" });

/** The console's accounts (admins only): the list, adding one, disabling one. */
export async function staffAccountRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.store.db;
  app.register(async (admin) => {
    admin.addHook("onRequest", async (request, reply) => {
      if (request.staff?.account.role !== "admin") return reply.code(403).send({ error: STAFF_MESSAGES.adminOnly });
    });
    admin.get(
      "/api/staff/accounts",
      async () => ({ accounts: await listAccounts(db()) }) satisfies BuiltAs<AccountList>,
    );

    admin.post("/api/staff/accounts", async (request, reply) => {
      const input = parse(StaffAccountSchema, request.body, reply);
      if (!input) return reply;
      const problem = passwordProblem(input.password);
      if (problem) return reply.code(400).send({ error: problem, fields: { password: problem } });
      try {
        const account = await createAccount(db(), {
          email: input.email,
          role: input.role,
          passwordHash: await hashPassword(input.password),
        });
        await app.securityEvent(request, {
          kind: "account_created",
          subjectEmail: account.email,
          detail: { role: account.role },
        });
        return reply.code(201).send({ account } satisfies BuiltAs<AccountAnswer>);
      } catch (error) {
        if (error instanceof AccountExistsError)
          return reply.code(409).send({ error: error.message, fields: { email: error.message } });
        throw error;
      }
    });
    admin.post<{ Params: { id: string } }>("/api/staff/accounts/:id/disable", async (request, reply) => {
      if (!isUuid(request.params.id)) return reply.code(404).send({ error: STAFF_MESSAGES.accountNotFound });
      if (request.params.id === request.staff!.account.id)
        return reply.code(409).send({ error: STAFF_MESSAGES.cannotDisableSelf });
      const account = await disableAccount(db(), { id: request.params.id });
      if (!account) return reply.code(404).send({ error: STAFF_MESSAGES.accountNotFound });
      await app.securityEvent(request, { kind: "account_disabled", subjectEmail: account.email });
      return { account } satisfies BuiltAs<AccountAnswer>;
    });
  });
}
