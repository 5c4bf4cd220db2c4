import {
  QUESTION_IDS,
  applicableAnswers,
  checkAnswer,
  nextQuestionId,
  questionOf,
  type QualificationAnswers,
  type QuestionId,
} from "./qualification-questions";
import { outcomeOfAnswers, type LeadFacility, type QualificationOutcome } from "./qualification-outcome";

/**
 * A voice call's answers (decision 0018): the assistant reports the chat's answers in its
 * structured data, keyed by the chat's question ids with the chat's option values
 * (`voiceStructuredDataSchema`). They are checked with the chat's own `checkAnswer` and judged
 * with the chat's own `outcomeOfAnswers`.
 */

export interface VoiceAnswers {
  /** The answers that pass the chat's checks and apply, by question id. */
  answers: QualificationAnswers;
  /** Questions whose reported value the chat would refuse (outside the options, too long...). */
  refused: QuestionId[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The skippable text questions (the chat's Skip button gives ""). */
const isSkippable = (id: QuestionId) => {
  const question = questionOf(id);
  return question.kind === "text" && question.skipLabel !== undefined;
};

/**
 * An optional question the assistant left out counts as skipped (""), as the chat's Skip
 * button does, but only when that completes the answers: a call that stopped early keeps
 * only what was said.
 */
function withSkippedOptionals(answers: QualificationAnswers): QualificationAnswers {
  const filled = { ...answers };
  for (let id = nextQuestionId(filled); id !== undefined && isSkippable(id); id = nextQuestionId(filled))
    filled[id] = "";
  return nextQuestionId(filled) === undefined ? filled : answers;
}

/** Reads the answers out of `analysis.structuredData`; a key absent or null is a question not answered. */
export function voiceAnswersOf(structuredData: unknown): VoiceAnswers {
  const answers: QualificationAnswers = {};
  const refused: QuestionId[] = [];
  if (!isRecord(structuredData)) return { answers, refused };
  for (const id of QUESTION_IDS) {
    const value = structuredData[id];
    if (value === undefined || value === null) continue;
    const check = checkAnswer(id, value);
    if (check.ok) answers[id] = check.value;
    else refused.push(id);
  }
  return { answers: withSkippedOptionals(applicableAnswers(answers)), refused };
}

/**
 * A voice call's outcome: the chat's rule on the reported answers and the linked lead's
 * facility; "needs_review" when a value is refused or a question that applies is unanswered
 * (the chat would still be waiting for it). Never throws, whatever the report holds.
 */
export function judgeVoiceAnswers(
  structuredData: unknown,
  lead: LeadFacility | undefined,
): VoiceAnswers & { outcome: QualificationOutcome } {
  const read = voiceAnswersOf(structuredData);
  const outcome = read.refused.length > 0 ? "needs_review" : (outcomeOfAnswers(read.answers, lead) ?? "needs_review");
  return { ...read, outcome };
}
