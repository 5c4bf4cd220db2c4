import type { FastifyPluginAsync } from "fastify";
import { DO_NOT_CONTACT_MESSAGES } from "../../domain/do-not-contact";
import { VOICE_CALL_CHECK_PATH } from "../../domain/voice-keys";
import { VoiceCallCheckSchema } from "../../domain/voice-server-messages";
import { voiceCallRefused } from "../privacy";
import { leadOfToken } from "../store/qualification-tokens";
import { parseBody } from "../validation";

/**
 * POST /api/voice/call-check `{ leadId, token }`: the voice page asks before it starts
 * a call for its lead. 200 `{ allowed: true }`; 409 `{ error }` in words when the lead's person
 * asked not to be contacted. A token that is not the lead's is a 403 (nothing is told of a lead
 * to someone without its token).
 */
export const voicePublicRoutes: FastifyPluginAsync = async (app) => {
  app.post(VOICE_CALL_CHECK_PATH, async (request, reply) => {
    const body = parseBody(VoiceCallCheckSchema, request.body, reply, { error: "first-message" });
    if (!body) return reply;
    const lead = await leadOfToken(app.store.db, body.token, new Date());
    if (!lead || lead.leadId !== body.leadId) return reply.code(403).send({ error: "This call's link is not valid." });
    if (await voiceCallRefused(app.store.db, { leadId: lead.leadId }))
      return reply.code(409).send({ error: DO_NOT_CONTACT_MESSAGES.noCall });
    return { allowed: true };
  });
};
