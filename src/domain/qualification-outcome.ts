import { FACILITY_TYPES, type FacilityType } from "./enumerations";
import { QUALIFICATION_ROLES, isDecisionMakerRole, type QualificationRole } from "./qualification-questions";
import { usStateNamed } from "./us-states";

/**
 * Who qualifies for the gift-card offer (issue 14; spec 1): the same rules judge the chat's
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

const normalize = (text: string) => text.trim().toLowerCase().replace(/[\s_\-/&]+/g, " ");

/** Words a voice assistant may use for each role, besides the roles' own values and labels. */
const ROLE_WORDS: Array<[QualificationRole, string[]]> = [
  ["director_of_nursing", ["don", "director of nursing", "director of nurses", "nursing director"]],
  ["administrator", ["administrator", "facility administrator", "nursing home administrator", "executive director"]],
  ["scheduler", ["scheduler", "staffing coordinator", "scheduler staffing coordinator", "staffing scheduler"]],
  ["nurse", ["nurse", "nurse looking for work", "job seeker", "applicant", "cna", "lpn", "rn"]],
  ["other", ["other"]],
];

/** A role from the assistant's words ("Director of Nursing", "DON", "scheduler"...); undefined when unclear. */
export function roleFromText(text: unknown): QualificationRole | undefined {
  if (typeof text !== "string") return undefined;
  const wanted = normalize(text);
  const byOption = QUALIFICATION_ROLES.find((role) => normalize(role.value) === wanted || normalize(role.label) === wanted);
  if (byOption) return byOption.value;
  return ROLE_WORDS.find(([, words]) => words.includes(wanted))?.[0];
}

/** A facility type from its value or label ("nursing_home", "Nursing Home"); undefined when unclear. */
export function facilityTypeFromText(text: unknown): FacilityType | undefined {
  if (typeof text !== "string") return undefined;
  const wanted = normalize(text);
  return FACILITY_TYPES.find((type) => normalize(type.value) === wanted || normalize(type.label) === wanted)?.value;
}

const textAt = (data: Record<string, unknown>, keys: string[]): unknown => keys.map((key) => data[key]).find((value) => value !== undefined);

/**
 * Judges a voice call from the assistant's structured data (`analysis.structuredData`): its
 * `role`, `facilityType` and `location` (or `state`) read with the chat's rules. Anything the
 * fields do not decide is "needs_review".
 */
export function judgeVoiceResult(structuredData: unknown): QualificationOutcome {
  if (typeof structuredData !== "object" || structuredData === null || Array.isArray(structuredData)) return "needs_review";
  const data = structuredData as Record<string, unknown>;
  const role = roleFromText(textAt(data, ["role", "jobRole", "title"]));
  if (role === undefined) return "needs_review";
  const location = textAt(data, ["location", "state", "facilityState"]);
  return judgeQualification({
    role,
    facilityType: facilityTypeFromText(textAt(data, ["facilityType", "facility_type"])),
    location: typeof location === "string" ? usStateNamed(location) : undefined,
  });
}
