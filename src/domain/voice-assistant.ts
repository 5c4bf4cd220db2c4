import {
  QUALIFICATION_QUESTIONS,
  QUALIFICATION_ROLES,
  QUESTION_IDS,
  questionApplies,
  type Question,
  type QuestionId,
} from "./qualification-questions";
import { VOICE_FACILITY_KEY, VOICE_FIRST_NAME_KEY } from "./voice-keys";

/**
 * The voice assistant, built from the chat's question definitions (decision 0018): its first
 * message, its instructions and the structured data it reports at the end of a call, whose
 * keys and allowed values are the chat's question ids and option values. The provider's
 * settings around it (server URL, secret, model) are added by `src/server/voice/`.
 */

/** The assistant's name at the provider: `npm run voice:assistant` finds the one it made by it. */
export const VOICE_ASSISTANT_NAME = "Facility lead qualification";

/** The part of JSON Schema the provider's structured-data plan takes. */
export interface VoiceJsonSchema {
  type: "object" | "string";
  description?: string;
  properties?: Record<string, VoiceJsonSchema>;
  enum?: string[];
}

/** A call variable in the provider's template language (Liquid), with what is said when the call has none. */
const variable = (key: string, fallback: string) => `{{ ${key} | default: "${fallback}" }}`;

/** The role labels a question is asked for, or undefined when it is asked whatever the role. */
function rolesAskedFor(id: QuestionId): string[] | undefined {
  if (id === "role") return undefined;
  const roles = QUALIFICATION_ROLES.filter((role) => questionApplies(id, { role: role.value }));
  return roles.length === QUALIFICATION_ROLES.length ? undefined : roles.map((role) => role.label);
}

const choicesOf = (question: Question) =>
  question.kind === "choice" ? question.options.map((option) => option.label) : [];

/** How one question is put to the caller, as a line of the instructions. */
function questionLine(id: QuestionId, index: number): string {
  const question: Question = QUALIFICATION_QUESTIONS[id];
  const roles = rolesAskedFor(id);
  const parts = [`${index + 1}. (${id}) Ask: "${question.prompt}"`];
  if (roles) parts.push(`Ask only when the role is one of: ${roles.join("; ")}.`);
  if (question.kind === "choice") parts.push(`Choices: ${choicesOf(question).join("; ")}.`);
  if (question.kind === "text") {
    parts.push(`A short answer in their words (at most ${question.max} characters).`);
    if (question.skipLabel) parts.push("Optional: they may skip it.");
  }
  if (question.kind === "email")
    parts.push(
      `An e-mail address (spell it back to confirm), or "${question.useLeadEmailLabel}" to keep the address they gave us.`,
    );
  return parts.join(" ");
}

const firstQuestion = QUALIFICATION_QUESTIONS[QUESTION_IDS[0]];

/** The assistant's first words: the chat's greeting, spoken, then the first question. */
export const VOICE_FIRST_MESSAGE =
  `Hi ${variable(VOICE_FIRST_NAME_KEY, "there")}! Let's qualify ${variable(VOICE_FACILITY_KEY, "your facility")} for the $50 Visa gift card. ` +
  `It takes about 2 minutes, one question at a time. ${firstQuestion.prompt}`;

/** The assistant's instructions (its system prompt): each question that applies, in the chat's order, with the chat's choices. */
export const VOICE_INSTRUCTIONS = [
  "You are the voice assistant of a healthcare staffing provider. You qualify facility leads for a $50 Visa gift card offered to facility decision-makers.",
  `You are speaking with ${variable(VOICE_FIRST_NAME_KEY, "a facility contact")} from ${variable(VOICE_FACILITY_KEY, "their facility")}. Call them by their first name.`,
  "Ask the questions below one at a time, in this order, skipping any whose condition does not hold. Your first message already asked question 1.",
  "For a question with choices, read the choices, then take exactly one of them; if the answer fits none or more than one, ask again. Ask nothing else, and do not promise anything beyond what is said here.",
  "",
  ...QUESTION_IDS.map(questionLine),
  "",
  "When the last question that applies is answered, thank them, tell them they can pick the time of our team's call on the page in front of them, and end the call.",
].join("\n");

function propertyOf(id: QuestionId): VoiceJsonSchema {
  const question: Question = QUALIFICATION_QUESTIONS[id];
  if (question.kind === "choice") {
    const choices = question.options.map((option) => `${option.value} (${option.label})`).join(", ");
    return {
      type: "string",
      enum: question.options.map((option) => option.value),
      description: `${question.prompt} One of: ${choices}.`,
    };
  }
  if (question.kind === "email")
    return {
      type: "string",
      description: `${question.prompt} The e-mail address they gave, or "" when they chose "${question.useLeadEmailLabel}".`,
    };
  const skip = question.skipLabel ? ` "" when they skipped it.` : "";
  return {
    type: "string",
    description: `${question.prompt} Their answer in their words, at most ${question.max} characters.${skip}`,
  };
}

/** The structured data the assistant reports: one key per chat question id, the choice questions limited to the chat's option values. */
export const VOICE_STRUCTURED_DATA_SCHEMA: VoiceJsonSchema = {
  type: "object",
  description:
    "The caller's answers to the qualification questions, by question id. Leave out a question that was not asked or not answered.",
  properties: Object.fromEntries(QUESTION_IDS.map((id) => [id, propertyOf(id)])),
};
