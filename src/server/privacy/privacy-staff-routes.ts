import type { FastifyInstance } from "fastify";
import { EraseRequestSchema, PRIVACY_ANSWERS, PersonRequestSchema } from "../../domain/privacy-requests";
import { exportPerson } from "./export-person";
import { optOut } from "./opt-out";
import type { BuiltAs, EraseAnswer, OptOutAnswer, PrivacyRequestLog } from "../../domain/staff-console-api";
import { erasePerson, listPrivacyRequests } from "./privacy-request-log";
import { STAFF_MESSAGES } from "../staff-messages";
import { parseBody } from "../validation";

/**
 * A person's data on request in the console: the admin-token routes' actions
 * (admin-privacy.ts) for a signed-in admin, through the same service functions, each written to
 * the request log (actor `staff:<e-mail>`) and to the security log (the request's id and how many
 * records, never the person). Registered in the console's scope: session and CSRF checked there.
 *
 * - POST /api/staff/privacy/erase `{ subject, reference, reason }`: 200 `{ status: "erased", requestId,
 *   touched, records }`, 202 `{ status: "deferred", …, message }` (a card in flight), 404 `{ error }`.
 * - POST /api/staff/privacy/export `{ subject, reference? }`: the person's JSON document.
 * - POST /api/staff/privacy/opt-out `{ subject, reference? }`: `{ requestId, recorded, cancelled, leadIds }`.
 * - GET /api/staff/privacy/requests: `{ requests: [...] }`, newest first.
 */
export async function privacyStaffRoutes(
  app: FastifyInstance,
  options: { pipelineWebhookUrl?: string | undefined },
): Promise<void> {
  await app.register(async (admin) => {
    admin.addHook("onRequest", async (request, reply) => {
      if (request.staff?.account.role !== "admin") return reply.code(403).send({ error: STAFF_MESSAGES.adminOnly });
    });
    const db = () => app.store.db;
    const actorOf = (email: string) => `staff:${email}`;

    admin.post("/api/staff/privacy/erase", async (request, reply) => {
      const body = parseBody(EraseRequestSchema, request.body, reply, { error: "first-message" });
      if (!body) return reply;
      const outcome = await erasePerson(db(), body.subject, {
        actor: actorOf(request.staff!.account.email),
        reference: body.reference,
        reason: body.reason,
      });
      if (outcome.status === "not_found") return reply.code(404).send({ error: PRIVACY_ANSWERS.notFound });
      await app.securityEvent(request, {
        kind: outcome.status === "deferred" ? "privacy_erase_deferred" : "privacy_erased",
        rowCount: outcome.records,
        detail: { request: outcome.requestId, subject: body.subject.kind },
      });
      if (outcome.status === "deferred")
        return reply
          .code(202)
          .send({ ...outcome, message: PRIVACY_ANSWERS.deferred(outcome.cardsInFlight) } satisfies EraseAnswer);
      await app.sweepBookings(); // their call out of staff's calendars (decision 0036)
      return outcome satisfies EraseAnswer;
    });

    admin.post("/api/staff/privacy/export", async (request, reply) => {
      const body = parseBody(PersonRequestSchema, request.body, reply, { error: "first-message" });
      if (!body) return reply;
      const document = await exportPerson(db(), body.subject, {
        actor: actorOf(request.staff!.account.email),
        reference: body.reference,
      });
      await app.securityEvent(request, { kind: "privacy_exported", detail: { subject: body.subject.kind } });
      return reply.header("cache-control", "no-store").send(document);
    });

    admin.post("/api/staff/privacy/opt-out", async (request, reply) => {
      const body = parseBody(PersonRequestSchema, request.body, reply, { error: "first-message" });
      if (!body) return reply;
      const outcome = await optOut(db(), body.subject, "console", {
        actor: actorOf(request.staff!.account.email),
        reference: body.reference,
        pipelineWebhookUrl: options.pipelineWebhookUrl,
      });
      await app.securityEvent(request, {
        kind: "privacy_opted_out",
        rowCount: outcome.leadIds.length,
        detail: { request: outcome.requestId, subject: body.subject.kind },
      });
      if (outcome.recorded > 0) app.outbox?.wake();
      if (outcome.recorded > 0) await app.sweepBookings(); // their booked call called off (decision 0036)
      return outcome satisfies OptOutAnswer;
    });

    admin.get(
      "/api/staff/privacy/requests",
      async () => ({ requests: await listPrivacyRequests(db()) }) satisfies BuiltAs<PrivacyRequestLog>,
    );
  });
}
