import type { FastifyPluginAsync } from "fastify";
import { LeadRequestSchema } from "../../domain";
import { insertFacilityLead } from "../store/leads-repository";
import { requestContext } from "./request-context";
import { parseBody } from "./validation";

/** POST /api/leads: a facility lead from the qualify page or the landing page. */
export const leadRoutes: FastifyPluginAsync = async (app) => {
  app.post("/api/leads", async (request, reply) => {
    const lead = parseBody(LeadRequestSchema, request.body, reply);
    if (!lead) return reply;
    const id = await insertFacilityLead(app.store.db, lead, requestContext(request));
    return reply.code(201).send({ id });
  });
};
