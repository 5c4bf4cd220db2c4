import { z } from "zod";
import { QUESTION_IDS } from "./qualification-questions";
import { typeableText } from "./text";

/** The bodies of the qualification chat's API (decision 0011): a lead's id and its token, and for an answer, which question and what. */

const credentials = {
  leadId: z.uuid({ error: "Unknown lead" }),
  token: typeableText({}, "A qualification token is required")
    .min(1, "A qualification token is required")
    .max(200, "Invalid qualification token"),
};

export const QualificationSessionRequestSchema = z.strictObject(credentials);

export const QualificationAnswerRequestSchema = z.strictObject({
  ...credentials,
  questionId: z.enum(QUESTION_IDS, { error: "Unknown question" }),
  /** Checked by the question's own rule (checkAnswer), so its message is the question's. */
  value: typeableText({}, "Please answer the question").max(2000, "Must be at most 1000 characters"),
});

/** What the chat API answers: what the token may read (first name, facility name) and the conversation so far. */
export interface QualificationState {
  leadId: string;
  firstName: string;
  facilityName: string;
  answers: Partial<Record<string, string>>;
  /** The question to ask next; null once complete. */
  nextQuestion: string | null;
  /** The outcome once complete. */
  outcome: string | null;
}
