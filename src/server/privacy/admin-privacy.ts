import type { FastifyInstance } from "fastify";
import { EraseRequestSchema, PRIVACY_ANSWERS, PersonRequestSchema } from "../../domain/privacy-requests";
import { exportPerson } from "./export-person";
import { optOut } from "./opt-out";
import { erasePerson, listPrivacyRequests } from "./privacy-request-log";
import { parseBody } from "../validation";

/** The admin token's actor in the request log. */
const ADMIN_ACTOR = "admin-token";

/**
 * A person's data on request (decision 0025), for the admin token (and `npm run leads -- erase |
 * export-person | opt-out | requests | retention`). Registered inside the admin routes' scope.
 */
export async function privacyAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.store.db;

  app.post("/api/admin/privacy/erase", async (request, reply) => {
    const body = parseBody(EraseRequestSchema, request.body, reply, { error: "first-message" });
    if (!body) return reply;
    const outcome = await erasePerson(db(), body.subject, {
      actor: ADMIN_ACTOR,
      reference: body.reference,
      reason: body.reason,
    });
    if (outcome.status === "not_found") return reply.code(404).send({ error: PRIVACY_ANSWERS.notFound });
    if (outcome.status === "deferred")
      return reply.code(202).send({ ...outcome, message: PRIVACY_ANSWERS.deferred(outcome.cardsInFlight) });
    request.log.info({ privacyRequest: outcome.requestId, records: outcome.records }, "person erased");
    await app.sweepBookings(); // their call out of staff's calendars (decision 0036)
    return outcome;
  });

  app.post("/api/admin/privacy/export", async (request, reply) => {
    const body = parseBody(PersonRequestSchema, request.body, reply, { error: "first-message" });
    if (!body) return reply;
    const document = await exportPerson(db(), body.subject, { actor: ADMIN_ACTOR, reference: body.reference });
    return reply.header("cache-control", "no-store").send(document);
  });

  app.post("/api/admin/privacy/opt-out", async (request, reply) => {
    const body = parseBody(PersonRequestSchema, request.body, reply, { error: "first-message" });
    if (!body) return reply;
    const outcome = await optOut(db(), body.subject, "cli", {
      actor: ADMIN_ACTOR,
      reference: body.reference,
      pipelineWebhookUrl: app.config.PIPELINE_WEBHOOK_URL,
    });
    if (outcome.recorded > 0) app.outbox?.wake();
    if (outcome.recorded > 0) await app.sweepBookings(); // their booked call called off (decision 0036)
    return outcome;
  });

  app.get("/api/admin/privacy/requests", async () => ({ requests: await listPrivacyRequests(db()) }));

  app.post("/api/admin/retention", async (_request, reply) => {
    if (!app.retention)
      return reply.code(409).send({ error: "The retention job is off on this server (RETENTION_JOB=false)." });
    return { applied: await app.retention.runNow() };
  });
}
