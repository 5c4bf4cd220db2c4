import type { FastifyPluginAsync } from "fastify";
import { LeadRequestSchema, type LeadRequest } from "../../domain/facility-lead";
import { buildHomepagePayload, buildQualifyPayload } from "../../domain/payloads";
import { looksLikeBot } from "../../domain/anti-spam";
import { DESTINATION_OF_FORM } from "../outbox/destinations";
import { storeFacilityLead } from "../store/leads-repository";
import { issueQualificationToken } from "../store/qualification-tokens";
import type { RequestContext } from "../store/submission";
import { requestContext } from "./request-context";
import { parseBody } from "./validation";

/** The body the lead's destination receives (spec 3.2 / 3.3), built from the validated request. */
function payloadOf(lead: LeadRequest, context: RequestContext) {
  if (lead.form === "qualify_page") return buildQualifyPayload(lead, context.now);
  if (lead.form === "chat") return undefined; // no spec webhook: its qualification event carries it
  return buildHomepagePayload({ ...lead, userAgent: lead.userAgent || context.userAgent || "" }, context.now);
}

/**
 * POST /api/leads: a facility lead from the qualify page, the landing page or the qualification
 * chat. The 201 carries the id and a qualification token for that lead (issue 14); a bot's
 * submit gets one too, so it cannot tell it was caught.
 */
export const leadRoutes: FastifyPluginAsync = async (app) => {
  app.post("/api/leads", async (request, reply) => {
    const lead = parseBody(LeadRequestSchema, request.body, reply);
    if (!lead) return reply;
    const context = requestContext(request);
    const spam = looksLikeBot(lead, app.config.MIN_FILL_SECONDS, context.now.getTime());
    const destination = lead.form === "chat" ? undefined : DESTINATION_OF_FORM[lead.form];
    const url = destination && app.destinations[destination];
    const payload = payloadOf(lead, context);
    const result = await storeFacilityLead(app.store.db, lead, context, {
      spam,
      concurrent: app.store.kind === "postgres",
      deliveries: () => (destination && url && payload ? [{ destination, url, payload }] : []),
    });
    if (!spam && !result.duplicate) app.metrics.leadStored(lead.form);
    if (url && !spam && !result.duplicate) app.outbox?.wake();
    const qualificationToken = await issueQualificationToken(app.store.db, result.id, context.now);
    return reply.code(201).send({ id: result.id, qualificationToken });
  });
};
