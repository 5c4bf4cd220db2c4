import { answerLabel, answeredQuestionIds, questionOf, type QualificationAnswers } from "./qualification-questions";
import type { QualificationOutcome } from "./qualification-outcome";
import { LEAD_IDENTITY_FIELDS, type LeadIdentityField } from "./facility-lead";

/**
 * The JSON body QUALIFICATION_WEBHOOK_URL receives once per completed qualification (decision 0011),
 * a chat's or a voice call's. Documented in the README ("Qualification events").
 */

interface QualificationEventAnswer {
  question: string;
  prompt: string;
  value: string;
  label: string;
}

/** Who the lead is, so a receiver can act on a chat lead (which no spec webhook carries): the form and the lead's identity fields. */
export type QualificationEventLead = { form: string } & Record<LeadIdentityField, string>;

/** The event's `lead` from a stored lead row (its other columns left out). */
export function eventLeadOf(row: QualificationEventLead): QualificationEventLead {
  const lead = { form: row.form } as QualificationEventLead;
  for (const field of LEAD_IDENTITY_FIELDS) lead[field] = row[field];
  return lead;
}

export interface ChatQualificationEvent {
  event: "qualification.completed";
  leadId: string;
  channel: "chat";
  outcome: QualificationOutcome;
  startedAt: string;
  completedAt: string;
  answers: QualificationEventAnswer[];
  /** Where the gift card goes: the answer, or the lead's own address when the answer kept it; null when no gift card is due. */
  giftCardEmail: string | null;
  lead: QualificationEventLead;
}

export interface VoiceQualificationEvent {
  event: "qualification.completed";
  /** null when the call carried no valid token. */
  leadId: string | null;
  channel: "voice";
  outcome: QualificationOutcome;
  startedAt: string | null;
  completedAt: string;
  /** The answers the assistant reported, as a chat's (checked with the chat's rules). */
  answers: QualificationEventAnswer[];
  giftCardEmail: string | null;
  /** The linked lead; null when the call carried no valid token. */
  lead: QualificationEventLead | null;
  callId: string;
  endedReason: string | null;
  summary: string | null;
  structuredData: unknown;
  successEvaluation: string | null;
}

/** The answers as the event carries them: each question asked, in order, with its prompt, value and label. */
const eventAnswersOf = (answers: QualificationAnswers): QualificationEventAnswer[] =>
  answeredQuestionIds(answers).map((id) => ({
    question: id,
    prompt: questionOf(id).prompt,
    value: answers[id]!,
    label: answerLabel(id, answers[id]!),
  }));

/** Where the gift card goes: the answer, or the lead's own address when the answer kept it; null unless qualified. */
const giftCardEmailOf = (
  outcome: QualificationOutcome,
  answers: QualificationAnswers,
  leadEmail: string | undefined,
): string | null => {
  const answer = answers.giftCardEmail;
  if (outcome !== "qualified" || answer === undefined) return null;
  return answer || leadEmail || null;
};

export function buildChatQualificationEvent(input: {
  leadId: string;
  outcome: QualificationOutcome;
  answers: QualificationAnswers;
  startedAt: Date;
  completedAt: Date;
  lead: QualificationEventLead;
}): ChatQualificationEvent {
  return {
    event: "qualification.completed",
    leadId: input.leadId,
    channel: "chat",
    outcome: input.outcome,
    startedAt: input.startedAt.toISOString(),
    completedAt: input.completedAt.toISOString(),
    answers: eventAnswersOf(input.answers),
    giftCardEmail: giftCardEmailOf(input.outcome, input.answers, input.lead.email),
    lead: input.lead,
  };
}

export function buildVoiceQualificationEvent(
  input: Omit<VoiceQualificationEvent, "event" | "channel" | "answers" | "giftCardEmail"> & {
    answers: QualificationAnswers;
  },
): VoiceQualificationEvent {
  return {
    event: "qualification.completed",
    leadId: input.leadId,
    channel: "voice",
    outcome: input.outcome,
    startedAt: input.startedAt,
    completedAt: input.completedAt,
    answers: eventAnswersOf(input.answers),
    giftCardEmail: giftCardEmailOf(input.outcome, input.answers, input.lead?.email),
    lead: input.lead,
    callId: input.callId,
    endedReason: input.endedReason,
    summary: input.summary,
    structuredData: input.structuredData,
    successEvaluation: input.successEvaluation,
  };
}
