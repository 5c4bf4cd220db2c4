import { z } from "zod";
import { REJECTION_REASONS, STEP_MESSAGES, VERIFICATION_METHODS } from "./incentive-pipeline";

/**
 * The steps staff take from the console (the chat and voice qualify leads on their own): each
 * step's fields and their messages, once. The console's API parses a step with this schema
 * (`parseBody`) and the console's step form checks it before its confirmation.
 */
export const STEP_NOTE_MAX = 2000;
export const STEP_REFERENCE_MAX = 200;

const note = z.string().trim().max(STEP_NOTE_MAX, STEP_MESSAGES.noteTooLong).optional();
const reference = z
  .string()
  .trim()
  .min(1, STEP_MESSAGES.reference)
  .max(STEP_REFERENCE_MAX, STEP_MESSAGES.referenceTooLong);

export const StaffStepSchema = z.discriminatedUnion(
  "to",
  [
    z.strictObject({ to: z.literal("qualified"), via: z.literal("staff_call").default("staff_call"), note }),
    z.strictObject({
      to: z.literal("role_verified"),
      method: z.enum(VERIFICATION_METHODS, STEP_MESSAGES.method),
      note: z.string().trim().min(1, STEP_MESSAGES.verifyNote).max(STEP_NOTE_MAX, STEP_MESSAGES.noteTooLong),
    }),
    z.strictObject({ to: z.literal("gift_card_sent"), reference, note }),
    z.strictObject({ to: z.literal("first_shift_filled"), note }),
    z.strictObject({ to: z.literal("bonus_sent"), reference, note }),
    z.strictObject({ to: z.literal("rejected"), reason: z.enum(REJECTION_REASONS, STEP_MESSAGES.reason), note }),
  ],
  { error: STEP_MESSAGES.chooseStep },
);
export type StaffStepInput = z.input<typeof StaffStepSchema>;

/** The verification section's one action (decision 0024): verify the role with a method, or decline it with a reason, a note either way. */
const ROLE_DECISION_MESSAGES = {
  choose: "Choose to verify the role or to decline it.",
  declineNote: "Say in the note why the role is declined.",
} as const;

/** Its body is a step: the console's API parses it with `StaffStepSchema` (strict: only the chosen step's fields are sent). */
export const RoleDecisionSchema = z.discriminatedUnion(
  "to",
  [
    z.strictObject({
      to: z.literal("role_verified"),
      method: z.enum(VERIFICATION_METHODS, STEP_MESSAGES.method),
      note: z.string().trim().min(1, STEP_MESSAGES.verifyNote).max(STEP_NOTE_MAX, STEP_MESSAGES.noteTooLong),
    }),
    z.strictObject({
      to: z.literal("rejected"),
      reason: z.enum(REJECTION_REASONS, STEP_MESSAGES.reason),
      note: z.string().trim().min(1, ROLE_DECISION_MESSAGES.declineNote).max(STEP_NOTE_MAX, STEP_MESSAGES.noteTooLong),
    }),
  ],
  { error: ROLE_DECISION_MESSAGES.choose },
);
