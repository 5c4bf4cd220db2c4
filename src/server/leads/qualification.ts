import type { FastifyPluginAsync, FastifyReply } from "fastify";
import {
  QualificationAnswerRequestSchema,
  QualificationSessionRequestSchema,
  type QualificationState,
} from "../../domain/qualification-requests";
import { buildChatQualificationEvent, eventLeadOf } from "../../domain/qualification-event";
import { checkAnswer, nextQuestionId, type QuestionId } from "../../domain/qualification-questions";
import { completeQualification } from "./complete-qualification";
import { leadOfToken, type TokenLead } from "../store/qualification-tokens";
import { saveChatAnswer, getChatQualification, type ChatQualification } from "./qualifications-repository";
import { parseBody, VALIDATION_ERROR } from "../validation";

export const INVALID_TOKEN_MESSAGE =
  "This qualification session has expired. Please fill in the form again or call us.";
export const ALREADY_COMPLETE_MESSAGE = "This qualification is already complete.";

function stateOf(lead: TokenLead, chat: ChatQualification | undefined): QualificationState {
  const answers = chat?.answers ?? {};
  return {
    leadId: lead.leadId,
    firstName: lead.firstName,
    facilityName: lead.facilityName,
    answers,
    nextQuestion: chat?.completedAt ? null : (nextQuestionId(answers) ?? null),
    outcome: chat?.outcome ?? null,
  };
}

/** The token's lead, if the token is valid, unexpired and issued for this lead id; else 401 and undefined. */
async function authorize(
  app: Parameters<FastifyPluginAsync>[0],
  body: { leadId: string; token: string },
  reply: FastifyReply,
  now: Date,
) {
  const lead = await leadOfToken(app.store.db, body.token, now);
  if (lead && lead.leadId === body.leadId) return lead;
  void reply.code(401).send({ error: INVALID_TOKEN_MESSAGE });
  return undefined;
}

/**
 * The qualification chat's API (decision 0011). A token (from the lead's 201) lets its holder read
 * the conversation (with the lead's first name and facility name, nothing more of the lead)
 * and add or change answers to that one lead.
 */
export const qualificationRoutes: FastifyPluginAsync = async (app) => {
  /** POST /api/qualification/session: where the conversation stands (to start or resume it). */
  app.post("/api/qualification/session", async (request, reply) => {
    const body = parseBody(QualificationSessionRequestSchema, request.body, reply);
    if (!body) return reply;
    const lead = await authorize(app, body, reply, new Date());
    if (!lead) return reply;
    return reply.send(stateOf(lead, await getChatQualification(app.store.db, lead.leadId)));
  });

  /** POST /api/qualification/answers: one answer (new or changed); the last one completes the chat. */
  app.post("/api/qualification/answers", async (request, reply) => {
    const body = parseBody(QualificationAnswerRequestSchema, request.body, reply);
    if (!body) return reply;
    const now = new Date();
    const lead = await authorize(app, body, reply, now);
    if (!lead) return reply;
    const questionId = body.questionId as QuestionId;
    const check = checkAnswer(questionId, body.value);
    if (!check.ok) return reply.code(400).send({ error: VALIDATION_ERROR, fields: { value: check.message } });
    const result = await completeQualification(app, "chat", async (eventDeliveries) => {
      const saved = await saveChatAnswer(app.store.db, {
        leadId: lead.leadId,
        questionId,
        value: check.value,
        now,
        concurrent: app.store.kind === "postgres",
        deliveriesOnCompletion: (qualification, row) =>
          eventDeliveries(() =>
            buildChatQualificationEvent({
              leadId: row.id,
              outcome: qualification.outcome!,
              answers: qualification.answers,
              startedAt: qualification.startedAt,
              completedAt: qualification.completedAt!,
              lead: eventLeadOf(row),
            }),
          ),
      });
      const completedNow = saved.kind !== "already_complete" && saved.completedNow;
      return { result: saved, completedNow, leadId: lead.leadId, outcome: saved.qualification.outcome ?? null };
    });
    if (result.kind === "already_complete")
      return reply.code(409).send({ error: ALREADY_COMPLETE_MESSAGE, state: stateOf(lead, result.qualification) });
    return reply.send(stateOf(lead, result.qualification));
  });
};
