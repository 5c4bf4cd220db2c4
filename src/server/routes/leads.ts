import type { FastifyPluginAsync } from "fastify";
import { LeadRequestSchema, buildHomepagePayload, buildQualifyPayload, looksLikeBot, type LeadRequest } from "../../domain";
import { DESTINATION_OF_FORM } from "../outbox/destinations";
import { storeFacilityLead } from "../store/leads-repository";
import type { RequestContext } from "../store/submission";
import { requestContext } from "./request-context";
import { parseBody } from "./validation";

/** The body the lead's destination receives (spec 3.2 / 3.3), built from the validated request. */
function payloadOf(lead: LeadRequest, context: RequestContext) {
  if (lead.form === "qualify_page") return buildQualifyPayload(lead, context.now);
  return buildHomepagePayload({ ...lead, userAgent: lead.userAgent || context.userAgent || "" }, context.now);
}

/** POST /api/leads: a facility lead from the qualify page or the landing page. */
export const leadRoutes: FastifyPluginAsync = async (app) => {
  app.post("/api/leads", async (request, reply) => {
    const lead = parseBody(LeadRequestSchema, request.body, reply);
    if (!lead) return reply;
    const context = requestContext(request);
    const spam = looksLikeBot(lead, app.config.MIN_FILL_SECONDS, context.now.getTime());
    const destination = DESTINATION_OF_FORM[lead.form];
    const url = app.destinations[destination];
    const result = await storeFacilityLead(app.store.db, lead, context, {
      spam,
      concurrent: app.store.kind === "postgres",
      deliveries: () => (url ? [{ destination, url, payload: payloadOf(lead, context) }] : []),
    });
    if (url && !spam && !result.duplicate) app.outbox?.wake();
    return reply.code(201).send({ id: result.id });
  });
};
