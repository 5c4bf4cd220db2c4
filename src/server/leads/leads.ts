import type { FastifyPluginAsync } from "fastify";
import { LeadRequestSchema, type LeadRequest } from "../../domain/facility-lead";
import { buildHomepagePayload, buildQualifyPayload } from "../../domain/payloads";
import { looksLikeBot } from "../../domain/anti-spam";
import { DESTINATION_OF_FORM } from "../outbox";
import { storeFacilityLead } from "./leads-repository";
import { issueQualificationToken, newQualificationToken } from "../store/qualification-tokens";
import { leadConfirmation } from "../mail";
import { prepareCode } from "../work-email";
import { newContactToken } from "../privacy";
import type { RequestContext } from "../store/submission";
import { requestContext } from "../request-context";
import { parseBody } from "../validation";
import { timeZoneOfState } from "../../domain/state-time-zones";
import type { facilityLeads } from "../store/schema";

/**
 * The columns of facility_leads no lead webhook carries, on purpose: the spec fixes the bodies
 * (3.2, 3.3), and what the server adds stays with us. Every other column is in a body
 * (lead-columns.test.ts holds it).
 */
export const LEAD_COLUMNS_NOT_IN_WEBHOOK = [
  "id",
  "form",
  "receivedAt",
  "utm",
  "consentText",
  "consentVersion",
  "clientIp",
  "pageUrl",
  "isSpam",
  "idempotencyKey",
  "submissionHash",
  "duplicateOf",
  "pipelineStatus",
  "staffActedAt",
  "roleVerifiedAt",
  "erasedAt",
] as const satisfies readonly (keyof typeof facilityLeads.$inferSelect)[];

/** The body the lead's destination receives (spec 3.2 / 3.3), built from the validated request. */
function payloadOf(lead: LeadRequest, context: RequestContext) {
  if (lead.form === "qualify_page") return buildQualifyPayload(lead, context.now);
  if (lead.form === "chat") return undefined; // no spec webhook: its qualification event carries it
  return buildHomepagePayload({ ...lead, userAgent: lead.userAgent || context.userAgent || "" }, context.now);
}

/**
 * POST /api/leads: a facility lead from the qualify page, the landing page or the qualification
 * chat. The 201 carries the id and a qualification token for that lead (decision 0011); a bot's
 * submit gets one too, so it cannot tell it was caught. A repeat of an earlier lead gets its
 * token only with the same Idempotency-Key.
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
    // The token the 201 hands out is stored with the lead, so the confirmation e-mail written in
    // the same transaction can carry the link that resumes this lead's own qualification.
    const token = newQualificationToken();
    const contactToken = newContactToken();
    // No e-mail to a person who asked not to be contacted: the statement that stores the
    // lead leaves out its e-mail rows (the e-mail, its work e-mail code, its contact link) then;
    // nor, past the day's few, to an address that confirmed nothing (decision 0040): the e-mail and its
    // link are left out, its code is kept. Both decided inside the one statement (decision 0034).
    const mail = app.mail;
    // The first work e-mail code (decision 0031) travels in that e-mail. Stored for every lead but spam
    // and the opted-out, e-mailed or not, so "new code" answers alike for every address (decision 0040).
    const code = app.mail?.workEmailCodeKey ? prepareCode(app.mail.workEmailCodeKey) : undefined;
    // The e-mail's promise names the earliest call time offered now, in the facility's zone.
    const callZone = timeZoneOfState(lead.location);
    const firstCall = mail && !spam ? await app.firstOfferedCall(callZone) : undefined;
    const result = await storeFacilityLead(app.store.db, lead, context, {
      spam,
      concurrent: app.store.kind === "postgres",
      qualificationToken: token,
      workEmailCode: code,
      contactToken: mail ? contactToken : undefined,
      mailPerRecipientDailyLimit: app.config.MAIL_PER_RECIPIENT_DAILY_LIMIT,
      deliveries: (id) => [
        ...(destination && url && payload ? [{ destination, url, payload }] : []),
        ...(mail
          ? [
              leadConfirmation(
                mail,
                { id, email: lead.email, firstName: lead.firstName, facilityName: lead.facilityName },
                token,
                contactToken,
                code?.nonce,
                firstCall === undefined ? undefined : { start: firstCall, timeZone: callZone },
              ),
            ]
          : []),
      ],
    });
    const storedNow = !spam && !result.duplicate;
    if (storedNow) app.metrics.leadStored(lead.form);
    if ((url || mail) && storedNow) app.outbox?.wake();
    // A repeat answers with the earlier lead's id; a token for that lead (its chat, its answers)
    // only to a retry of the same request, by its Idempotency-Key: identical fields typed by
    // someone else within the window get none (decision 0026). A new lead's token (a bot's too, so it
    // cannot tell it was caught) was stored with it.
    if (result.duplicate && !result.sameKey) return reply.code(201).send({ id: result.id });
    const qualificationToken = result.duplicate
      ? await issueQualificationToken(app.store.db, result.id, context.now)
      : token;
    return reply.code(201).send({ id: result.id, qualificationToken });
  });
};
