import {
  CALLBACK_METADATA_KEYS,
  CALLBACK_PURPOSE,
  CallbackAnswerSchema,
  NO_ANSWER_ENDED_REASONS,
} from "../../domain/voice-callback-assistant";
import type { CallbackOutcome } from "../../domain/verification-callback";
import { tenDigits } from "../../domain/verification-match";
import type { EndOfCallReport, StatusUpdate } from "../../domain/voice-server-messages";
import type { Database } from "../store/database";
import { callbackOfCall, recordCallbackOutcome } from "../store/verification-callbacks-repository";

/**
 * The end-of-call report of a callback to a facility's number of record (decision 0042, decision
 * 0042). Only a report for a call id the product placed, to the number it dialled, for the lead
 * it placed it for, is recorded (once); anything else claiming to be a callback changes nothing.
 * The outcome: no answer (busy, voicemail, not answered), else the assistant's structured answer.
 */

export type CallbackReportResult =
  | { kind: "not_a_callback" }
  | { kind: "refused"; status: 404 | 409; error: string }
  | { kind: "recorded"; leadId: string | null; duplicate: boolean };

const claimsCallback = (message: EndOfCallReport | StatusUpdate) =>
  message.call.metadata?.[CALLBACK_METADATA_KEYS.purpose] === CALLBACK_PURPOSE;

/** Whether a status update is about a callback (placed by the product, or claiming to be one). */
export async function isCallbackCall(db: Database, message: StatusUpdate): Promise<boolean> {
  return claimsCallback(message) || (await callbackOfCall(db, message.call.id)) !== undefined;
}

function outcomeOf(report: EndOfCallReport): { outcome: CallbackOutcome; answeredBy: string | null } {
  if (report.endedReason && NO_ANSWER_ENDED_REASONS.has(report.endedReason))
    return { outcome: "no_answer", answeredBy: null };
  const answer = CallbackAnswerSchema.safeParse(report.analysis?.structuredData ?? {});
  if (!answer.success) return { outcome: "unsure", answeredBy: null };
  return { outcome: answer.data.confirmed, answeredBy: answer.data.answeredBy ?? null };
}

export async function callbackReport(db: Database, report: EndOfCallReport, now: Date): Promise<CallbackReportResult> {
  const callback = await callbackOfCall(db, report.call.id);
  if (!callback) {
    if (!claimsCallback(report)) return { kind: "not_a_callback" };
    return { kind: "refused", status: 404, error: "No callback was placed with this call id." };
  }
  const number = tenDigits(report.call.customer?.number);
  const leadId = report.call.metadata?.[CALLBACK_METADATA_KEYS.leadId];
  const callbackId = report.call.metadata?.[CALLBACK_METADATA_KEYS.callbackId];
  if (number !== callback.phone || leadId !== callback.leadId || callbackId !== callback.id)
    return {
      kind: "refused",
      status: 409,
      error: "This report is not for the number and lead the callback was placed for.",
    };
  const { outcome, answeredBy } = outcomeOf(report);
  const recorded = await recordCallbackOutcome(
    db,
    callback.id,
    {
      outcome,
      answeredBy,
      transcript: report.artifact?.transcript ?? null,
      endedReason: report.endedReason ?? null,
    },
    now,
  );
  return { kind: "recorded", leadId: callback.leadId, duplicate: !recorded };
}
