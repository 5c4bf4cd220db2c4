import type { z } from "zod";
import type { Validators } from "../../lib/validators";
import {
  isHomepageStepComplete,
  isPresent,
  stepOfField,
  type FacilityField,
  type FacilityFormValues,
  type WizardStep,
} from "../../../domain/wizard-steps";
import type { FieldErrors } from "../../../domain/fields";
import { INITIAL_WIZARD_STATE, stepOnly, wizardReducer, type WizardAction, type WizardState } from "../../forms/wizard";

/**
 * The landing-page wizard (spec 2.1, 4, 5.3) on the form core's wizard. What only this form has:
 * inline messages with an error summary, where the keyboard focus goes after each action, and
 * the draft restored after hydration.
 */

/** Where the keyboard focus goes after an action; `key` changes on every request. */
export type FocusTarget =
  { kind: "step" } | { kind: "summary" } | { kind: "panel" } | { kind: "field"; field: FacilityField };

export interface HomepageFormState extends WizardState {
  focus: { target: FocusTarget; key: number } | null;
  /** The draft and the utm preselection have been read (after hydration): from now on the draft is saved. */
  isRestored: boolean;
}

export type HomepageFormAction =
  | WizardAction
  /** From the error summary: that field's step, focus on the field. */
  | { type: "goToField"; field: string }
  /** A saved draft, or a utm preselection, arriving after hydration. */
  | { type: "restored"; values: Partial<FacilityFormValues>; step?: WizardStep };

export const INITIAL_STATE: HomepageFormState = { ...INITIAL_WIZARD_STATE, focus: null, isRestored: false };

export type HomepageLeadFields = z.output<Validators["HomepageLeadFieldsSchema"]>;

/** The values as the server will read them (trimmed, phone formatted), or every message of spec 5.3. */
export function parseLead(
  validators: Validators,
  values: FacilityFormValues,
): { ok: true; lead: HomepageLeadFields } | { ok: false; errors: FieldErrors } {
  const result = validators.HomepageLeadFieldsSchema.safeParse(values);
  return result.success
    ? { ok: true, lead: result.data }
    : { ok: false, errors: validators.fieldErrorsOf(result.error) };
}

export function validateLead(validators: Validators, values: FacilityFormValues): FieldErrors {
  const result = parseLead(validators, values);
  return result.ok ? {} : result.errors;
}

export function stepErrors(validators: Validators, step: WizardStep, values: FacilityFormValues): FieldErrors {
  return stepOnly(step, validateLead(validators, values));
}

const reduceWizard = wizardReducer(isHomepageStepComplete);

/** The fields that hold an answer: what was typed before the draft was read. */
function answered(values: FacilityFormValues): Partial<FacilityFormValues> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => isPresent(value)),
  ) as Partial<FacilityFormValues>;
}

/** Where the focus goes after a wizard action that changed the state, if anywhere. */
function focusAfter(before: HomepageFormState, after: WizardState, action: WizardAction): FocusTarget | undefined {
  if (after.status.kind === "succeeded") return { kind: "panel" };
  if (action.type === "invalid") return { kind: "summary" };
  if (action.type === "next" || action.type === "previous") {
    // Next is aria-disabled on an incomplete step; activating it explains why instead of doing nothing.
    return after.status === before.status ? { kind: "summary" } : { kind: "step" };
  }
  return undefined;
}

export function homepageFormReducer(state: HomepageFormState, action: HomepageFormAction): HomepageFormState {
  const { status } = state;
  const focusOn = (target: FocusTarget) => ({ target, key: (state.focus?.key ?? 0) + 1 });
  switch (action.type) {
    case "goToField": {
      const step = stepOfField(action.field);
      if (status.kind !== "editing" || !step) return state;
      return {
        ...state,
        status: { kind: "editing", step },
        focus: focusOn({ kind: "field", field: action.field as FacilityField }),
      };
    }
    case "restored":
      if (status.kind !== "editing" || state.isRestored) return state;
      return {
        ...state,
        isRestored: true,
        // What the visitor typed since the page loaded (taken in while hydrating) wins over the draft.
        values: { ...state.values, ...action.values, ...answered(state.values) },
        status: action.step ? { kind: "editing", step: action.step } : status,
      };
    default: {
      if (action.type === "next" && (status.kind !== "editing" || status.step === 3)) return state;
      const after = reduceWizard(state, action);
      // An incomplete step's Next always moves the focus to the summary, even when nothing else changes.
      if (after === state && action.type !== "next") return state;
      const target = focusAfter(state, after, action);
      return { ...state, ...after, ...(target ? { focus: focusOn(target) } : {}) };
    }
  }
}
