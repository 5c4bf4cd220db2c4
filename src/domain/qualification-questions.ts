import { z } from "zod";
import type { Option } from "./enumerations";
import { emailField } from "./fields";
import { MESSAGES } from "./messages";
import { UNTYPEABLE_TEXT_MESSAGE, hasUntypeableCharacters } from "./text";

/**
 * The qualification chat's questions (decision 0011): one definition drives the browser (what is
 * asked, quick replies, checks) and the server (what is accepted, what comes next, when the
 * conversation is complete). Asked one at a time, in this order, when they apply.
 */

export const QUALIFICATION_ROLES = [
  { value: "director_of_nursing", label: "Director of Nursing" },
  { value: "administrator", label: "Administrator" },
  { value: "scheduler", label: "Scheduler / Staffing Coordinator" },
  { value: "other", label: "Other" },
  { value: "nurse", label: "I'm a nurse looking for work" },
] as const satisfies readonly Option[];
export type QualificationRole = (typeof QUALIFICATION_ROLES)[number]["value"];

/** The roles the gift-card offer is for (spec 1: directors of nursing, schedulers, administrators). */
const DECISION_MAKER_ROLES: readonly QualificationRole[] = ["director_of_nursing", "administrator", "scheduler"];

const FACILITY_SIZES = [
  { value: "under_50", label: "Fewer than 50 beds or residents" },
  { value: "50_99", label: "50–99 beds or residents" },
  { value: "100_199", label: "100–199 beds or residents" },
  { value: "200_plus", label: "200 or more beds or residents" },
] as const satisfies readonly Option[];

const SHIFT_FILLING = [
  { value: "agency", label: "Agency" },
  { value: "float_pool", label: "In-house float pool" },
  { value: "both", label: "Both" },
  { value: "none", label: "None yet" },
] as const satisfies readonly Option[];

const OPEN_SHIFTS = [
  { value: "under_10", label: "Fewer than 10" },
  { value: "10_29", label: "10–29" },
  { value: "30_59", label: "30–59" },
  { value: "60_plus", label: "60 or more" },
] as const satisfies readonly Option[];

const CALL_TIMES = [
  { value: "morning", label: "Morning" },
  { value: "afternoon", label: "Afternoon" },
  { value: "evening", label: "Evening" },
] as const satisfies readonly Option[];

/** The questions, in the order they are asked. */
export const QUESTION_IDS = [
  "role",
  "roleTitle",
  "facilitySize",
  "shiftFilling",
  "openShifts",
  "challenge",
  "callTime",
  "giftCardEmail",
] as const;
export type QuestionId = (typeof QUESTION_IDS)[number];

export type QualificationAnswers = Partial<Record<QuestionId, string>>;

interface QuestionBase {
  /** What the assistant asks (a chat message). */
  prompt: string;
  /** Whether it is asked, given the answers so far; absent: always. */
  appliesTo?: (answers: QualificationAnswers) => boolean;
}

/** A choice answered with quick-reply buttons (a named group). */
interface ChoiceQuestion extends QuestionBase {
  kind: "choice";
  options: readonly Option[];
  /** The accessible name of the group of quick replies. */
  groupLabel: string;
  requiredMessage: string;
}

/** Typed text; an optional one has a button that skips it (the answer is then ""). */
interface TextQuestion extends QuestionBase {
  kind: "text";
  /** The input's label. */
  label: string;
  requiredMessage: string;
  max: number;
  skipLabel?: string;
}

/** An e-mail address, or "" for the address the lead already gave (never shown back to the browser). */
interface EmailQuestion extends QuestionBase {
  kind: "email";
  label: string;
  /** The quick reply that keeps the lead's own address. */
  useLeadEmailLabel: string;
}

export type Question = ChoiceQuestion | TextQuestion | EmailQuestion;

const isNurse = (answers: QualificationAnswers) => answers.role === "nurse";
export const isDecisionMakerRole = (role: string | undefined): boolean =>
  DECISION_MAKER_ROLES.includes(role as QualificationRole);

export const QUALIFICATION_QUESTIONS: Record<QuestionId, Question> = {
  role: {
    kind: "choice",
    prompt: "First, what is your role?",
    options: QUALIFICATION_ROLES,
    groupLabel: "Your role",
    requiredMessage: "Please choose your role",
  },
  roleTitle: {
    kind: "text",
    prompt: "What is your title?",
    label: "Your title",
    requiredMessage: "Please tell us your title",
    max: 120,
    appliesTo: (answers: QualificationAnswers) => answers.role === "other",
  },
  facilitySize: {
    kind: "choice",
    prompt: "How large is your facility?",
    options: FACILITY_SIZES,
    groupLabel: "Facility size",
    requiredMessage: "Please choose your facility's size",
    appliesTo: (answers: QualificationAnswers) => !isNurse(answers),
  },
  shiftFilling: {
    kind: "choice",
    prompt: "How do you fill open shifts today?",
    options: SHIFT_FILLING,
    groupLabel: "How shifts are filled today",
    requiredMessage: "Please choose how you fill shifts today",
    appliesTo: (answers: QualificationAnswers) => !isNurse(answers),
  },
  openShifts: {
    kind: "choice",
    prompt: "About how many shifts are open each month?",
    options: OPEN_SHIFTS,
    groupLabel: "Open shifts per month",
    requiredMessage: "Please choose how many shifts are open each month",
    appliesTo: (answers: QualificationAnswers) => !isNurse(answers),
  },
  challenge: {
    kind: "text",
    prompt: "What is your biggest staffing challenge right now? (Optional)",
    label: "Your biggest staffing challenge",
    requiredMessage: "Please describe your challenge or skip this question",
    max: 1000,
    skipLabel: "Skip this question",
    appliesTo: (answers: QualificationAnswers) => !isNurse(answers),
  },
  callTime: {
    kind: "choice",
    prompt: "What time of day is best to reach you by phone?",
    options: CALL_TIMES,
    groupLabel: "Best time for our call",
    requiredMessage: "Please choose the best time for our call",
    appliesTo: (answers: QualificationAnswers) => !isNurse(answers),
  },
  giftCardEmail: {
    kind: "email",
    prompt: "Which e-mail address should receive your $50 Visa gift card?",
    label: "Gift card e-mail address",
    useLeadEmailLabel: "Use the e-mail address I gave you",
    appliesTo: (answers: QualificationAnswers) => isDecisionMakerRole(answers.role),
  },
};

export const isQuestionId = (value: unknown): value is QuestionId =>
  typeof value === "string" && Object.hasOwn(QUALIFICATION_QUESTIONS, value);

export const questionOf = (id: QuestionId): Question => QUALIFICATION_QUESTIONS[id];

/** Whether a question is asked, given the answers so far. */
export const questionApplies = (id: QuestionId, answers: QualificationAnswers): boolean => {
  const question: Question = QUALIFICATION_QUESTIONS[id];
  return question.appliesTo?.(answers) ?? true;
};

/** The answers that still count: an answer to a question that no longer applies (the role changed) is dropped. */
export function applicableAnswers(answers: QualificationAnswers): QualificationAnswers {
  const kept: QualificationAnswers = {};
  for (const id of QUESTION_IDS) {
    if (answers[id] !== undefined && questionApplies(id, answers)) kept[id] = answers[id];
  }
  return kept;
}

/** The next question to ask, or undefined when the conversation is complete. */
export function nextQuestionId(answers: QualificationAnswers): QuestionId | undefined {
  return QUESTION_IDS.find((id) => questionApplies(id, answers) && answers[id] === undefined);
}

/** The questions asked so far, in order, with their answers (for showing the conversation). */
export function answeredQuestionIds(answers: QualificationAnswers): QuestionId[] {
  return QUESTION_IDS.filter((id) => questionApplies(id, answers) && answers[id] !== undefined);
}

export type AnswerCheck = { ok: true; value: string } | { ok: false; message: string };

/** Checks one answer (browser before sending, server before storing); the message is the one shown. */
export function checkAnswer(id: QuestionId, raw: unknown): AnswerCheck {
  const question: Question = QUALIFICATION_QUESTIONS[id];
  if (question.kind === "choice") {
    const option = question.options.find((o) => o.value === raw);
    return option ? { ok: true, value: option.value } : { ok: false, message: question.requiredMessage };
  }
  if (typeof raw !== "string")
    return { ok: false, message: question.kind === "email" ? MESSAGES.emailInvalid : question.requiredMessage };
  // The shared refusal of characters no person types (src/domain/text.ts), as every text field.
  if (hasUntypeableCharacters(raw)) return { ok: false, message: UNTYPEABLE_TEXT_MESSAGE };
  const value = raw.trim();
  if (question.kind === "email") {
    if (value === "") return { ok: true, value: "" };
    const email = emailField.safeParse(value);
    return email.success ? { ok: true, value: email.data } : { ok: false, message: MESSAGES.emailInvalid };
  }
  if (value === "")
    return question.skipLabel ? { ok: true, value: "" } : { ok: false, message: question.requiredMessage };
  if (value.length > question.max) return { ok: false, message: `Must be at most ${question.max} characters` };
  return { ok: true, value };
}

/** An answer as a person reads it: the option's label, the typed text, or what an empty answer means. */
export function answerLabel(id: QuestionId, value: string): string {
  const question: Question = QUALIFICATION_QUESTIONS[id];
  if (question.kind === "choice") return question.options.find((o) => o.value === value)?.label ?? value;
  if (value === "") return question.kind === "email" ? question.useLeadEmailLabel : (question.skipLabel ?? "");
  return value;
}

/** Stored answers as read back from the database: anything not a known question with a valid answer is dropped. */
export const StoredAnswersSchema = z.record(z.string(), z.string()).transform((record) => {
  const answers: QualificationAnswers = {};
  for (const [id, value] of Object.entries(record)) {
    if (isQuestionId(id) && checkAnswer(id, value).ok) answers[id] = value;
  }
  return answers;
});

/** What a question is about, in a few words (the group's or the input's name): "Your role", "Facility size"... */
export const questionTopic = (id: QuestionId): string => {
  const question: Question = QUALIFICATION_QUESTIONS[id];
  return question.kind === "choice" ? question.groupLabel : question.label;
};

/** Answers as one line for people (operators' lists, the CSV export): "Your role: Administrator; Facility size: …". */
export function describeAnswers(answers: QualificationAnswers): string {
  return answeredQuestionIds(answers)
    .map((id) => `${questionTopic(id)}: ${answerLabel(id, answers[id]!)}`)
    .join("; ");
}
