import type { FastifyInstance, FastifyReply } from "fastify";
import type { z } from "zod";
import { callsOfLead } from "../bookings";
import { isUuid } from "../../domain/fields";
import { StaffStepSchema } from "../../domain/pipeline-steps";
import { LeadListQuerySchema } from "../../domain/lead-list-filters";
import type {
  ApplicationAnswer,
  ApplicationPage,
  BuiltAs,
  DeliveryRetried,
  LeadCounts,
  LeadDetail,
  LeadListPage,
  StepRecorded,
} from "../../domain/staff-console-api";
import { countedBatches, plainValues } from "./counted-batches";
import { STAFF_MESSAGES } from "../staff-messages";
import { retryDelivery } from "../store/deliveries-repository";
import { sendCsv } from "../csv-export";
import { decodeCursor } from "../store/keyset-cursor";
import { countByStatus, deliveryOfLead, leadDetail, leadListConditions, listLeads } from "../store/console-queries";
import { recordTransition } from "../store/lead-pipeline-repository";
import { stepEffects } from "../mail";
import { newestFirstInBatches } from "./newest-first";
import { answersOfCall, getQualificationForLead } from "./qualifications-repository";
import { qualificationSummaries, withQualificationInBatches } from "./qualification-summaries";
import { facilityLeads } from "../store/schema";
import { LEAD_CSV_COLUMNS } from "./admin";
import { orderRewardStep, ordersReward, refusedWhileOrdering } from "../rewards";
import { nurseApplicationById, searchNurseApplications } from "./nurse-applications-repository";
import { doNotContactOf } from "../privacy";
import { parseBody } from "../validation";
import { verificationView, type WorkAddressConfirmedAt } from "../verification";

/** The console shows one message: the API's `error` is the first field's. */
const parse = <S extends z.ZodType>(schema: S, body: unknown, reply: FastifyReply) =>
  parseBody(schema, body, reply, { error: "first-message" });

/** The console's JSON API under /api/staff (its scope has the session and CSRF hooks). */
export async function leadsStaffRoutes(
  app: FastifyInstance,
  options: { pipelineWebhookUrl?: string | undefined; workAddressConfirmedAt?: WorkAddressConfirmedAt | undefined },
): Promise<void> {
  const db = () => app.store.db;

  app.get("/api/staff/leads", async (request, reply) => {
    const query = parse(LeadListQuerySchema, request.query, reply);
    if (!query) return reply;
    if (query.cursor && !decodeCursor(query.cursor)) return reply.code(400).send({ error: STAFF_MESSAGES.badCursor });
    return listLeads(db(), query) satisfies Promise<BuiltAs<LeadListPage<string, string>>>;
  });

  app.get("/api/staff/leads/counts", async () => ({ counts: await countByStatus(db()) }) satisfies LeadCounts);

  app.get<{ Params: { id: string } }>("/api/staff/leads/:id", async (request, reply) => {
    const detail = isUuid(request.params.id) ? await leadDetail(db(), request.params.id) : undefined;
    if (!detail) return reply.code(404).send({ error: STAFF_MESSAGES.leadNotFound });
    const [qualification, summaries, verification, doNotContact, calls] = await Promise.all([
      getQualificationForLead(db(), detail.lead.id),
      qualificationSummaries(db(), [detail.lead.id]),
      verificationView(db(), detail.lead.id, options),
      doNotContactOf(db(), detail.lead),
      callsOfLead(db(), detail.lead.id),
    ]);
    return {
      lead: detail.lead,
      flags: detail.flags,
      timeline: detail.timeline,
      deliveries: detail.deliveries,
      verification,
      doNotContact,
      calls,
      qualification: {
        summary: summaries.get(detail.lead.id) ?? null,
        chat: qualification.chat ?? null,
        voiceCalls: qualification.voiceCalls.map((call) => ({
          id: call.id,
          status: call.status,
          outcome: call.outcome,
          startedAt: call.startedAt,
          endedAt: call.endedAt,
          durationSeconds: call.durationSeconds,
          answers: answersOfCall(call),
          summary: call.summary,
          transcript: call.transcript,
        })),
      },
    } satisfies BuiltAs<LeadDetail<string>>;
  });

  app.post<{ Params: { id: string } }>("/api/staff/leads/:id/steps", async (request, reply) => {
    if (!isUuid(request.params.id)) return reply.code(404).send({ error: STAFF_MESSAGES.leadNotFound });
    if (ordersReward(app, request.body)) return orderRewardStep(app, request, reply); // decision 0017: ordered from the rewards provider
    const step = parse(StaffStepSchema, request.body, reply);
    if (!step) return reply;
    if (await refusedWhileOrdering(app, reply, request.params.id, step.to)) return reply;
    const result = await recordTransition(
      db(),
      { leadId: request.params.id, actor: `staff:${request.staff!.account.email}`, step },
      { webhookUrl: options.pipelineWebhookUrl, effects: stepEffects(app.mail && { settings: app.mail }) },
    );
    if (!result.ok) return reply.code(result.reason === "not_found" ? 404 : 409).send({ error: result.error });
    app.metrics.pipelineStep(result.transition.toStatus);
    if (options.pipelineWebhookUrl || app.mail) app.outbox?.wake();
    return reply.code(201).send({ transition: result.transition } satisfies BuiltAs<StepRecorded<string>>);
  });

  app.post<{ Params: { id: string; deliveryId: string } }>(
    "/api/staff/leads/:id/deliveries/:deliveryId/retry",
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      const retried =
        isUuid(id) &&
        isUuid(deliveryId) &&
        (await deliveryOfLead(db(), deliveryId, id)) &&
        (await retryDelivery(db(), deliveryId));
      if (!retried) return reply.code(409).send({ error: STAFF_MESSAGES.deliveryNotRetried });
      app.outbox?.wake();
      return { retried: 1 } satisfies DeliveryRetried;
    },
  );

  app.get<{ Querystring: { q?: string; cursor?: string } }>("/api/staff/nurse-applications", async (request, reply) => {
    const q = typeof request.query.q === "string" ? request.query.q.slice(0, 200) : undefined;
    const before = request.query.cursor ? decodeCursor(String(request.query.cursor)) : undefined;
    if (request.query.cursor && !before) return reply.code(400).send({ error: STAFF_MESSAGES.badCursor });
    return searchNurseApplications(db(), { q, before }) satisfies Promise<BuiltAs<ApplicationPage>>;
  });

  app.get<{ Params: { id: string } }>("/api/staff/nurse-applications/:id", async (request, reply) => {
    const application = isUuid(request.params.id) ? await nurseApplicationById(db(), request.params.id) : undefined;
    if (!application) return reply.code(404).send({ error: STAFF_MESSAGES.applicationNotFound });
    return { application } satisfies BuiltAs<ApplicationAnswer>;
  });

  // The export of every lead's personal data: admins only.
  app.register(async (admin) => {
    admin.addHook("onRequest", async (request, reply) => {
      if (request.staff?.account.role !== "admin") return reply.code(403).send({ error: STAFF_MESSAGES.adminOnly });
    });
    /** The filtered list as CSV, streamed page by page (harden's csv-export), every column of the admin export plus the pipeline status. */
    // Compressed with gzip, not brotli: brotli's large window added ~50 MB to the server's memory
    // for a million-row export (bench:staff); gzip's stays under 1 MB and still shrinks CSV ~8x.
    admin.get("/api/staff/leads.csv", { compress: { encodings: ["gzip", "deflate"] } }, async (request, reply) => {
      const query = parse(LeadListQuerySchema, request.query, reply);
      if (!query) return reply;
      const { cursor: _, ...filters } = query;
      const { q, ...named } = filters;
      return sendCsv(reply, {
        filename: "leads.csv",
        columns: [...LEAD_CSV_COLUMNS, "pipelineStatus"],
        // Recorded when the last row is sent (or the download stops): who, how many rows, which filters (a search's words are left out).
        batches: countedBatches(
          withQualificationInBatches(
            db(),
            newestFirstInBatches(db(), facilityLeads, undefined, leadListConditions(filters)),
          ),
          (rows, complete) =>
            app.securityEvent(request, {
              kind: "leads_exported",
              rowCount: rows,
              detail: { ...plainValues(named), search: Boolean(q), complete },
            }),
        ),
      });
    });
  });
}
