import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import {
  AssistantRequestSchema,
  EndOfCallReportSchema,
  ServerMessageEnvelopeSchema,
  StatusUpdateSchema,
  voiceCredentialsOf,
  type AssistantRequest,
  type EndOfCallReport,
  type StatusUpdate,
} from "../../domain/voice-server-messages";
import { buildVoiceQualificationEvent } from "../../domain/qualification-event";
import { VOICE_EVENTS_PATH } from "../../domain/voice-keys";
import { judgeVoiceAnswers } from "../../domain/voice-answers";
import { DO_NOT_CONTACT_MESSAGES } from "../../domain/do-not-contact";
import { safeEqual } from "../constant-time";
import { voiceCallRefused } from "../privacy";
import { completeQualification } from "../leads";
import { leadOfToken } from "../store/qualification-tokens";
import { leadIdOfCall, leadOfVoiceCall, storeVoiceReport, storeVoiceStatus } from "./voice-calls-repository";
import { parseBody } from "../validation";
import { callbackReport, isCallbackCall } from "./callback-report";

/** An end-of-call report carries the whole transcript and messages: far above the forms' 16 KB. */
const VOICE_EVENT_BODY_LIMIT = 2 * 1024 * 1024;

/** The shared secret compared in constant time (both sides hashed, so lengths do not matter). */
function hasSecret(request: FastifyRequest, header: string, secret: string): boolean {
  return safeEqual(request.headers[header.toLowerCase()], secret);
}

const durationOf = (report: EndOfCallReport): number | null => {
  if (report.durationSeconds !== undefined) return Math.round(report.durationSeconds);
  if (report.startedAt && report.endedAt)
    return Math.max(0, Math.round((Date.parse(report.endedAt) - Date.parse(report.startedAt)) / 1000));
  return null;
};

/**
 * POST /api/voice/events (decision 0011): the voice provider's server messages. Registered only
 * when VOICE_WEBHOOK_SECRET is set (else 404). end-of-call-report is stored once per call id
 * and judged by the domain's rules; status-update keeps the call's status; other types are
 * answered 200 and ignored. A call is linked to a lead only through a valid token. The report's
 * structured data carries the chat's answers (src/domain/voice-assistant.ts), judged with the
 * chat's outcome rule and the lead's facility (src/domain/voice-answers.ts).
 */
export const voiceEventRoutes: FastifyPluginAsync<{ secret: string; header: string }> = async (
  app,
  { secret, header },
) => {
  const leadIdOf = async (message: EndOfCallReport | StatusUpdate | AssistantRequest, now: Date) => {
    const { token, leadId } = voiceCredentialsOf(message);
    const lead = await leadOfToken(app.store.db, token, now);
    // A lead id that disagrees with the token's lead links nothing.
    return lead && (leadId === undefined || leadId === lead.leadId) ? lead.leadId : null;
  };

  app.post(
    VOICE_EVENTS_PATH,
    {
      bodyLimit: VOICE_EVENT_BODY_LIMIT,
      // Before the body is read or checked: without the secret, nothing else is looked at.
      onRequest: async (request, reply) => {
        if (!hasSecret(request, header, secret)) return reply.code(401).send({ error: "Unauthorized" });
      },
    },
    async (request, reply) => {
      const envelope = parseBody(ServerMessageEnvelopeSchema, request.body, reply);
      if (!envelope) return reply;
      const now = new Date();
      const db = app.store.db;
      const concurrent = app.store.kind === "postgres";

      if (envelope.message.type === "status-update") {
        const update = parseBody(StatusUpdateSchema, envelope.message, reply);
        if (!update) return reply;
        // A callback's status is not a qualification call's: its outcome comes with the report.
        if (await isCallbackCall(db, update)) return reply.send({ ok: true, ignored: true });
        await storeVoiceStatus(
          db,
          {
            callId: update.call.id,
            leadId: await leadIdOf(update, now),
            status: update.status,
            endedReason: update.endedReason ?? null,
          },
          now,
        );
        return reply.send({ ok: true });
      }
      if (envelope.message.type === "assistant-request") {
        const call = parseBody(AssistantRequestSchema, envelope.message, reply);
        if (!call) return reply;
        // No call for a person who asked not to be contacted (decision 0033): the provider says the error and hangs up.
        if (await voiceCallRefused(db, { leadId: await leadIdOf(call, now), phone: call.call.customer?.number })) {
          request.log.info({ callId: call.call.id }, "voice call refused: do not contact");
          return reply.send({ error: DO_NOT_CONTACT_MESSAGES.noCall });
        }
        const assistantId = app.config.VITE_VAPI_ASSISTANT_ID;
        return reply.send(assistantId ? { assistantId } : { ok: true, ignored: true });
      }
      if (envelope.message.type !== "end-of-call-report") return reply.send({ ok: true, ignored: true });

      const report = parseBody(EndOfCallReportSchema, envelope.message, reply);
      if (!report) return reply;
      // The callback to a facility's number of record (decision 0042): its own rules, never a qualification.
      const callback = await callbackReport(db, report, now);
      if (callback.kind === "refused") return reply.code(callback.status).send({ error: callback.error });
      if (callback.kind === "recorded") {
        if (callback.leadId) void app.verification?.nudge(callback.leadId);
        return reply.send({ ok: true, duplicate: callback.duplicate });
      }
      // A link made by an earlier status update stands (storeVoiceReport keeps it), else the report's own token.
      const leadId = (await leadIdOfCall(db, report.call.id)) ?? (await leadIdOf(report, now));
      const lead = leadId ? await leadOfVoiceCall(db, leadId) : undefined;
      const structuredData = report.analysis?.structuredData ?? null;
      // The chat's answers and outcome rule (decision 0018): missing or refused answers are
      // needs_review, never an error.
      const { answers, outcome } = judgeVoiceAnswers(structuredData, lead);
      const success = report.analysis?.successEvaluation;
      const stored = {
        callId: report.call.id,
        leadId,
        endedReason: report.endedReason ?? null,
        startedAt: report.startedAt ? new Date(report.startedAt) : null,
        endedAt: report.endedAt ? new Date(report.endedAt) : null,
        durationSeconds: durationOf(report),
        transcript: report.artifact?.transcript ?? null,
        messages: report.artifact?.messages ?? null,
        summary: report.analysis?.summary ?? null,
        structuredData,
        answers,
        structuredOutputs: report.artifact?.structuredOutputs ?? null,
        successEvaluation: success === undefined ? null : String(success),
        outcome,
      };
      const result = await completeQualification(app, "voice", async (eventDeliveries) => {
        const saved = await storeVoiceReport(db, stored, {
          now,
          concurrent,
          deliveries: () =>
            eventDeliveries(() =>
              buildVoiceQualificationEvent({
                leadId,
                outcome,
                answers,
                lead: lead ?? null,
                startedAt: stored.startedAt?.toISOString() ?? null,
                completedAt: (stored.endedAt ?? now).toISOString(),
                callId: stored.callId,
                endedReason: stored.endedReason,
                summary: stored.summary,
                structuredData,
                successEvaluation: stored.successEvaluation,
              }),
            ),
        });
        return { result: saved, completedNow: !saved.duplicate, leadId, outcome };
      });
      return reply.send({ ok: true, duplicate: result.duplicate });
    },
  );
};
