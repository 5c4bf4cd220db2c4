import type { Dispatch } from "react";
import {
  EMPTY_FACILITY_FORM,
  WIZARD_STEP_COUNT,
  WIZARD_STEP_FIELDS,
  clampStep,
  type FacilityFormValues,
  type WizardStep,
} from "../../domain/wizard-steps";
import type { FieldErrors } from "../../domain/fields";
import { formReducer, type FormAction, type FormState, type FormStatus } from "./form-state";

/**
 * The three-step facility wizard of both facility forms (spec 2.1, 2.2, 4). What differs is
 * passed in: when a step counts as complete (5.3 presence against 5.4 gating), and what the
 * form does around it (the landing form's messages, focus and draft).
 */

export const LAST_STEP = WIZARD_STEP_COUNT as WizardStep;

/** While editing, the wizard is on a step; submitting, succeeded and failed are on the last one. */
export type WizardStatus = FormStatus<{ step: WizardStep }>;
export type WizardState = FormState<FacilityFormValues, { step: WizardStep }>;

export type WizardAction =
  | FormAction<FacilityFormValues>
  /** `errors`: the step's messages when it is incomplete (forms with inline messages, spec 5.3). */
  | { type: "next"; errors?: FieldErrors }
  | { type: "previous" };

export const INITIAL_WIZARD_STATE: WizardState = {
  status: { kind: "editing", step: 1 },
  values: EMPTY_FACILITY_FORM,
  errors: {},
  honeypot: "",
};

/** The step on screen. */
export const currentStep = (status: WizardStatus): WizardStep => (status.kind === "editing" ? status.step : LAST_STEP);

/** Only the messages of one step's fields. */
export const stepOnly = (step: WizardStep, errors: FieldErrors): FieldErrors =>
  Object.fromEntries(WIZARD_STEP_FIELDS[step].filter((field) => errors[field]).map((field) => [field, errors[field]]));

export type StepCompleteness = (step: WizardStep, values: FacilityFormValues) => boolean;

/**
 * The wizard's reducer: Next advances only from a complete step (an incomplete one shows the
 * messages it is given), Previous goes back one step, the post starts only from a complete
 * last step; every other action is the form core's.
 */
export function wizardReducer(isStepComplete: StepCompleteness) {
  const reduceForm = formReducer<FacilityFormValues, { step: WizardStep }>({ step: LAST_STEP });
  return function reduce(state: WizardState, action: WizardAction): WizardState {
    const { status, values } = state;
    const editable = status.kind === "editing" || status.kind === "failed";
    const step = currentStep(status);
    switch (action.type) {
      case "next":
        if (status.kind !== "editing" || step === LAST_STEP) return state;
        if (!isStepComplete(step, values)) {
          const errors = stepOnly(step, action.errors ?? {});
          return Object.keys(errors).length === 0 ? state : { ...state, errors: { ...state.errors, ...errors } };
        }
        return { ...state, status: { kind: "editing", step: clampStep(step + 1) } };
      case "previous":
        if (!editable || step === 1) return state;
        return { ...state, status: { kind: "editing", step: clampStep(step - 1) } };
      case "submitted":
        if (step !== LAST_STEP || !isStepComplete(LAST_STEP, values)) return state;
        return reduceForm(state, action);
      default:
        return reduceForm(state, action);
    }
  };
}

/** What every step of a wizard receives. */
export interface WizardStepProps {
  values: FacilityFormValues;
  /** The messages to show beside the fields (none on a gated form, spec 5.4). */
  errors: FieldErrors;
  dispatch: Dispatch<WizardAction>;
}
