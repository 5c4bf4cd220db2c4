import type { PipelineStatus } from "../../../domain/incentive-pipeline";
import { StaffStepSchema, type StaffStepInput } from "../../../domain/pipeline-steps";
import { fieldErrorsOf, type FieldErrors } from "../../../domain/fields";
import { formReducer, type FormAction, type FormState } from "../../forms/form-state";

/** What the step form holds: the step chosen and every field a step may record. */
export interface StepValues {
  to: PipelineStatus | "";
  method: string;
  note: string;
  reference: string;
  reason: string;
}

export const NO_STEP: StepValues = { to: "", method: "", note: "", reference: "", reason: "" };

/** Editing: whether the confirmation dialog is open (the values passed the step's schema). */
export type StepFormState = FormState<StepValues, { confirming: boolean }>;
export type StepFormAction =
  FormAction<StepValues> | { type: "chosen"; to: PipelineStatus } | { type: "reviewed" } | { type: "cancelled" };

const base = formReducer<StepValues, { confirming: boolean }>({ confirming: false });

/** The form core's reducer, plus choosing a step and the review / cancel of its confirmation. */
export function stepFormReducer(state: StepFormState, action: StepFormAction): StepFormState {
  switch (action.type) {
    case "chosen":
      if (state.status.kind === "submitting") return state;
      return base(state, { type: "reset", values: { ...NO_STEP, to: action.to } });
    case "reviewed":
      return state.status.kind === "editing" || state.status.kind === "failed"
        ? { ...state, errors: {}, status: { kind: "editing", confirming: true } }
        : state;
    case "cancelled":
      return state.status.kind === "editing" ? { ...state, status: { kind: "editing", confirming: false } } : state;
    default:
      return base(state, action);
  }
}

/** The body of the chosen step: only the fields that step records (its schema checks them before sending: stepErrors). */
export function stepBody({ to, method, note, reference, reason }: StepValues): StaffStepInput {
  switch (to) {
    case "role_verified":
      return { to, method, note } as StaffStepInput;
    case "gift_card_sent":
    case "bonus_sent":
      return { to, reference, note };
    case "rejected":
      return { to, reason, note } as StaffStepInput;
    default:
      return { to, note } as StaffStepInput;
  }
}

/** The step's messages before its confirmation: the same schema the server parses the step with. */
export function stepErrors(values: StepValues): FieldErrors {
  const parsed = StaffStepSchema.safeParse(stepBody(values));
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}
