import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { DO_NOT_CONTACT_MESSAGES, ONE_CLICK_API, STOP_CONTACTING_API } from "../../domain/do-not-contact";
import { StopContactingSchema } from "../../domain/stop-contacting-request";
import { subjectOfContactLink } from "./contact-links";
import { optOut } from "./opt-out";
import { parseBody } from "../validation";

/** The request log's actor for a person who used their own link. */
const LINK_ACTOR = "link";

/**
 * "Stop contacting me" (decision 0033): the person's own link. Only a POST changes anything (a mail
 * scanner that follows the link GETs the static page, which asks for a press of its button).
 * - POST /api/stop-contacting `{ token }` (JSON, the page): 200 `{ stopped: true }`; 400 for a
 *   malformed token, 404 for an unknown one, nothing recorded then.
 * - POST /api/stop-contacting/one-click?token=… (RFC 8058, a mail client's "Unsubscribe", body
 *   `List-Unsubscribe=One-Click` as form data): the same, answered without a body.
 * Repeating it records nothing new. The e-mail address the link was sent to goes on the list
 * (not the lead's phone: decision 0040) through the same `optOut` as the console's and the CLI's; the
 * CRM hears of it (PIPELINE_WEBHOOK_URL).
 */
export const privacyPublicRoutes: FastifyPluginAsync = async (app) => {
  // Mail clients send the one-click body as form data; its content is fixed and not needed.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_r, body, done) => done(null, body),
  );

  const stop = async (token: string, reply: FastifyReply): Promise<boolean> => {
    const link = await subjectOfContactLink(app.store.db, token);
    if (!link) {
      void reply.code(404).send({ error: DO_NOT_CONTACT_MESSAGES.unknownLink });
      return false;
    }
    const { subject } = link;
    if (!subject) return true; // an erased application: nothing of it is left to put on the list
    const outcome = await optOut(app.store.db, subject, "link", {
      actor: LINK_ACTOR,
      reference: "",
      pipelineWebhookUrl: app.config.PIPELINE_WEBHOOK_URL,
    });
    if (outcome.recorded > 0) app.outbox?.wake();
    if (outcome.recorded > 0) await app.sweepBookings(); // their booked call called off (decision 0036)
    return true;
  };

  app.post(STOP_CONTACTING_API, async (request, reply) => {
    const body = parseBody(StopContactingSchema, request.body, reply, { error: "first-message" });
    if (!body) return reply;
    if (!(await stop(body.token, reply))) return reply;
    return reply.header("cache-control", "no-store").send({ stopped: true });
  });

  app.post<{ Querystring: Record<string, unknown> }>(ONE_CLICK_API, async (request, reply) => {
    const query = parseBody(StopContactingSchema, { token: request.query.token }, reply, { error: "first-message" });
    if (!query) return reply;
    if (!(await stop(query.token, reply))) return reply;
    return reply.code(204).send();
  });
};
