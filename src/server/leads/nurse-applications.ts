import type { FastifyPluginAsync } from "fastify";
import { NurseApplicationRequestSchema } from "../../domain/nurse-application";
import { buildNursePayload } from "../../domain/payloads";
import { looksLikeBot } from "../../domain/anti-spam";
import { storeNurseApplication } from "./nurse-applications-repository";
import { nurseConfirmation } from "../mail";
import { isOptedOut, issueApplicationContactLink, newContactToken } from "../privacy";
import { requestContext } from "../request-context";
import { parseBody } from "../validation";

/** POST /api/nurse-applications: a nurse's talent-network application. */
export const nurseApplicationRoutes: FastifyPluginAsync = async (app) => {
  app.post("/api/nurse-applications", async (request, reply) => {
    const application = parseBody(NurseApplicationRequestSchema, request.body, reply);
    if (!application) return reply;
    const context = requestContext(request);
    const spam = looksLikeBot(application, app.config.MIN_FILL_SECONDS, context.now.getTime());
    const url = app.destinations.nurse_form;
    const mail = app.mail && !(await isOptedOut(app.store.db, { email: application.email })) ? app.mail : undefined;
    // The e-mail's stop link (decision 0040), stored with the application.
    const contactToken = mail ? newContactToken() : undefined;
    const result = await storeNurseApplication(app.store.db, application, context, {
      spam,
      concurrent: app.store.kind === "postgres",
      alsoInsert: contactToken ? (tx, id) => issueApplicationContactLink(tx, id, context.now, contactToken) : undefined,
      deliveries: () => [
        ...(url ? [{ destination: "nurse_form", url, payload: buildNursePayload(application, context.now) }] : []),
        ...(mail && contactToken
          ? [nurseConfirmation(application, { siteUrl: mail.brand.siteUrl, token: contactToken })]
          : []),
      ],
    });
    if (!spam && !result.duplicate) app.metrics.leadStored("nurse_application");
    if ((url || mail) && !spam && !result.duplicate) app.outbox?.wake();
    return reply.code(201).send({ id: result.id });
  });
};
