/**
 * The incentive pipeline (decision 0013): how a facility lead earns the $50 gift card and the $250
 * bonus the site promises, and who may move it along. Pure rules: the server records each step
 * (append-only) and the console shows them.
 *
 * new → qualified → role_verified → gift_card_sent → first_shift_filled → bonus_sent,
 * and rejected from any state before a card is sent.
 */

export const PIPELINE_STATUSES = [
  "new",
  "qualified",
  "role_verified",
  "gift_card_sent",
  "first_shift_filled",
  "bonus_sent",
  "rejected",
] as const;
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];

export const GIFT_CARD_AMOUNT_USD = 50;
export const BONUS_AMOUNT_USD = 250;

/** How a lead became qualified: the chat, the voice agent, or a staff member after a call. */
export type QualifiedVia = "chat" | "voice" | "staff_call";

/** How staff verified that the requester really makes staffing decisions at the facility. */
export const VERIFICATION_METHODS = [
  "phone_call_to_facility",
  "work_email",
  "professional_profile",
  "facility_website",
] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/**
 * How the product verifies a role on its own (decision 0024): a registry facility matched and a
 * confirmed work address tied to it. Never offered to staff (StaffStepSchema takes
 * VERIFICATION_METHODS only) and taken only by `system:verification` (checkStep).
 */
export const AUTOMATIC_VERIFICATION_METHOD = "registry_and_work_email";

export const REJECTION_REASONS = ["not_decision_maker", "duplicate", "suspected_fraud", "no_response"] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** One step asked for; each carries what the step must record. */
export type PipelineStep =
  | { to: "qualified"; via: QualifiedVia; note?: string }
  | { to: "role_verified"; method: VerificationMethod | typeof AUTOMATIC_VERIFICATION_METHOD; note: string }
  | { to: "gift_card_sent"; reference: string; note?: string }
  | { to: "first_shift_filled"; note?: string }
  | { to: "bonus_sent"; reference: string; note?: string }
  | { to: "rejected"; reason: RejectionReason; note?: string };

/**
 * Where each status may go. Verifying the role straight from "new" is allowed: the call that
 * verifies it qualifies the lead too. A card is never sent before the role is verified.
 */
const NEXT: Record<PipelineStatus, readonly PipelineStatus[]> = {
  new: ["qualified", "role_verified", "rejected"],
  qualified: ["role_verified", "rejected"],
  role_verified: ["gift_card_sent", "rejected"],
  gift_card_sent: ["first_shift_filled"],
  first_shift_filled: ["bonus_sent"],
  bonus_sent: [],
  rejected: [],
};

export function allowedNextStatuses(status: PipelineStatus): readonly PipelineStatus[] {
  return NEXT[status];
}

/** The steps that decide the role: verified or declined, taken in one place on the lead page (the Verification section). */
const ROLE_DECISIONS = ["role_verified", "rejected"] as const satisfies readonly PipelineStatus[];
export type RoleDecision = (typeof ROLE_DECISIONS)[number];
const isRoleDecision = (to: PipelineStatus): to is RoleDecision => (ROLE_DECISIONS as readonly string[]).includes(to);

/** The role decisions a status allows (from "new" and "qualified" both; once verified, only declining). */
export const roleDecisionsAt = (status: PipelineStatus): RoleDecision[] => NEXT[status].filter(isRoleDecision);

/** The other steps a status allows: the "Next step" box's buttons. */
export const otherStepsAt = (status: PipelineStatus): PipelineStatus[] =>
  NEXT[status].filter((to) => !isRoleDecision(to));

export const isPipelineStatus = (value: unknown): value is PipelineStatus =>
  typeof value === "string" && (PIPELINE_STATUSES as readonly string[]).includes(value);

/** The $ amount a step pays out, when it pays one. */
export function amountOf(step: PipelineStep): number | undefined {
  if (step.to === "gift_card_sent") return GIFT_CARD_AMOUNT_USD;
  if (step.to === "bonus_sent") return BONUS_AMOUNT_USD;
  return undefined;
}

/** A step's messages to staff, once: the step schema (pipeline-steps.ts) and `checkStep` use them. */
export const STEP_MESSAGES = {
  chooseStep: "Choose a step.",
  method: "Choose how the role was verified.",
  verifyNote: "Say how the role was verified in the note.",
  reference: "Enter the reference of the card that was sent.",
  referenceTooLong: "Keep the reference under 200 characters.",
  noteTooLong: "Keep the note under 2,000 characters.",
  reason: "Choose why the lead is rejected.",
} as const;

export type StepCheck = { ok: true } | { ok: false; error: string };

/** Whether `step` may be taken from `current` (by `actor`, when given), with the reason in words when not. */
export function checkStep(current: PipelineStatus, step: PipelineStep, actor?: PipelineActor): StepCheck {
  if (!NEXT[current].includes(step.to)) {
    if (step.to === "gift_card_sent" && (current === "new" || current === "qualified")) {
      return { ok: false, error: "The gift card can only be sent after the role is verified." };
    }
    if (step.to === "rejected")
      return { ok: false, error: "A lead can no longer be rejected once its gift card is sent." };
    return { ok: false, error: `This lead is ${STATUS_WORDS[current]}: it cannot be marked ${STATUS_WORDS[step.to]}.` };
  }
  // The automatic method is the automatic verification's alone, and it uses no other.
  if (
    step.to === "role_verified" &&
    (step.method === AUTOMATIC_VERIFICATION_METHOD) !== (actor === "system:verification")
  )
    return { ok: false, error: STEP_MESSAGES.method };
  if (step.to === "role_verified" && !step.note.trim()) return { ok: false, error: STEP_MESSAGES.verifyNote };
  if ((step.to === "gift_card_sent" || step.to === "bonus_sent") && !step.reference.trim())
    return { ok: false, error: STEP_MESSAGES.reference };
  return { ok: true };
}

/** Plain words for a status inside a sentence (the console's labels live in web/content). */
const STATUS_WORDS: Record<PipelineStatus, string> = {
  new: "new",
  qualified: "qualified",
  role_verified: "role verified",
  gift_card_sent: "gift card sent",
  first_shift_filled: "first shift filled",
  bonus_sent: "bonus sent",
  rejected: "rejected",
};

/**
 * Before the card is sent, the console shows these warnings so one person and facility get one
 * card. `resubmitted`: sent within minutes of another lead with its e-mail and phone but other
 * details (stored as its own lead, never given the other's qualification token).
 */
export type DuplicateFlag =
  "resubmitted" | "same_email" | "same_phone" | "same_facility_and_state" | "free_mail" | "disposable_email";

/** Flags are shown until the card is sent (afterwards they no longer decide anything). */
export const flagsMatter = (status: PipelineStatus) => ["new", "qualified", "role_verified"].includes(status);

/** The promises of spec 1 the "due" view watches. */
export const CALL_PROMISE_HOURS = 24;
export const GIFT_CARD_PROMISE_HOURS = 24;

/** Who did a step: a staff member's e-mail, the system on the qualification's behalf, or the automatic verification (decision 0024). */
export type PipelineActor = `staff:${string}` | "system:chat" | "system:voice" | "system:verification";
