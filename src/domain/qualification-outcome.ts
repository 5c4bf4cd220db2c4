import { FACILITY_TYPES } from "./enumerations";
import {
  isDecisionMakerRole,
  nextQuestionId,
  type QualificationAnswers,
  type QualificationRole,
} from "./qualification-questions";
import { usStateNamed } from "./us-states";

/**
 * Who qualifies for the gift-card offer (decision 0011; spec 1): the same rules judge the chat's
 * answers and the voice assistant's structured data.
 */
export const QUALIFICATION_OUTCOMES = ["qualified", "not_decision_maker", "nurse", "needs_review"] as const;
export type QualificationOutcome = (typeof QUALIFICATION_OUTCOMES)[number];

/** What a person reads for each outcome (operators' lists, the CSV export). */
export const OUTCOME_LABELS: Record<QualificationOutcome, string> = {
  qualified: "Qualified",
  not_decision_maker: "Not a decision-maker",
  nurse: "Nurse looking for work",
  needs_review: "Needs review",
};

export interface QualificationFacts {
  role: QualificationRole | undefined;
  facilityType: string | undefined;
  location: string | undefined;
}

/**
 * qualified: a decision-maker (Director of Nursing, Administrator, Scheduler / Staffing
 * Coordinator) at a facility of one of spec 3.4's types in a US state; not_decision_maker:
 * any other role; nurse: a nurse looking for work; needs_review: the facts do not decide it
 * (no role, or a decision-maker whose facility type or state is unknown).
 */
export function judgeQualification(facts: QualificationFacts): QualificationOutcome {
  if (facts.role === "nurse") return "nurse";
  if (facts.role === "other") return "not_decision_maker";
  if (!isDecisionMakerRole(facts.role)) return "needs_review";
  const knownType = FACILITY_TYPES.some((type) => type.value === facts.facilityType);
  const inUsState = facts.location !== undefined && usStateNamed(facts.location) !== undefined;
  return knownType && inUsState ? "qualified" : "needs_review";
}

/** What decides the outcome besides the answers: the lead's facility type and state (from its form). */
export interface LeadFacility {
  facilityType: string;
  location: string;
}

/**
 * The chat's outcome rule for a set of answers (checked, by question id): null while a
 * question that applies is unanswered, else `judgeQualification` of the answered role and the
 * lead's facility (unknown for a voice call linked to no lead). The chat and the voice call
 * are both judged by this function.
 */
export function outcomeOfAnswers(
  answers: QualificationAnswers,
  lead: LeadFacility | undefined,
): QualificationOutcome | null {
  if (nextQuestionId(answers) !== undefined) return null;
  return judgeQualification({
    role: answers.role as QualificationRole | undefined,
    facilityType: lead?.facilityType,
    location: lead?.location,
  });
}
