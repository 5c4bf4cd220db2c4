import type { FastifyPluginAsync } from "fastify";
import { NurseApplicationRequestSchema } from "../../domain";
import { insertNurseApplication } from "../store/nurse-applications-repository";
import { requestContext } from "./request-context";
import { parseBody } from "./validation";

/** POST /api/nurse-applications: a nurse's talent-network application. */
export const nurseApplicationRoutes: FastifyPluginAsync = async (app) => {
  app.post("/api/nurse-applications", async (request, reply) => {
    const application = parseBody(NurseApplicationRequestSchema, request.body, reply);
    if (!application) return reply;
    const id = await insertNurseApplication(app.store.db, application, requestContext(request));
    return reply.code(201).send({ id });
  });
};
