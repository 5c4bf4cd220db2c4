import type { z } from "zod";
import type { Validators } from "../../lib/validators";
import {
  EMPTY_FACILITY_FORM,
  WIZARD_STEP_FIELDS,
  clampStep,
  isHomepageStepComplete,
  isPresent,
  stepOfField,
  toggleValue,
  type FacilityField,
  type FacilityFormValues,
  type FieldErrors,
  type WizardStep,
} from "../../../domain";

/**
 * The landing-page wizard (spec 2.1, 4, 5.3) as one reducer over a status union. Rules and
 * messages come from domain/; this file only decides what the visitor sees next.
 */
export type FormStatus =
  | { kind: "editing"; step: WizardStep }
  | { kind: "submitting" }
  | { kind: "succeeded" }
  /** The post failed: the page is on its way to /qualifying-chat. */
  | { kind: "failed" };

/** Where the keyboard focus goes after an action; `key` changes on every request. */
export type FocusTarget = { kind: "step" } | { kind: "summary" } | { kind: "panel" } | { kind: "field"; field: FacilityField };

export interface HomepageFormState {
  status: FormStatus;
  values: FacilityFormValues;
  errors: FieldErrors;
  focus: { target: FocusTarget; key: number } | null;
  /** The draft and the utm preselection have been read (after hydration): from now on the draft is saved. */
  isRestored: boolean;
}

export type MultiField = "rolesNeeded" | "shiftTypes";
export type TextFieldName = Exclude<FacilityField, MultiField | "consentAgreed">;

export type HomepageFormAction =
  | { type: "changed"; field: TextFieldName; value: string }
  | { type: "consentChanged"; value: boolean }
  | { type: "toggled"; field: MultiField; value: string }
  /** `errors`: the step's messages, computed by the caller (validators load lazily) when it is incomplete. */
  | { type: "next"; errors?: FieldErrors }
  | { type: "previous" }
  | { type: "goToField"; field: string }
  /** `errors`: every message of spec 5.3 for the values, computed by the caller; empty when valid. */
  | { type: "submit"; errors: FieldErrors }
  | { type: "succeeded" }
  | { type: "failed" }
  /** A saved draft, or a utm preselection, arriving after hydration. */
  | { type: "restored"; values: Partial<FacilityFormValues>; step?: WizardStep };

export const INITIAL_STATE: HomepageFormState = {
  status: { kind: "editing", step: 1 },
  values: EMPTY_FACILITY_FORM,
  errors: {},
  focus: null,
  isRestored: false,
};

export type HomepageLeadFields = z.output<Validators["HomepageLeadFieldsSchema"]>;

/** The values as the server will read them (trimmed, phone formatted), or every message of spec 5.3. */
export function parseLead(
  validators: Validators,
  values: FacilityFormValues,
): { ok: true; lead: HomepageLeadFields } | { ok: false; errors: FieldErrors } {
  const result = validators.HomepageLeadFieldsSchema.safeParse(values);
  return result.success ? { ok: true, lead: result.data } : { ok: false, errors: validators.fieldErrorsOf(result.error) };
}

export function validateLead(validators: Validators, values: FacilityFormValues): FieldErrors {
  const result = parseLead(validators, values);
  return result.ok ? {} : result.errors;
}

const onlyStep = (step: WizardStep, errors: FieldErrors): FieldErrors =>
  Object.fromEntries(WIZARD_STEP_FIELDS[step].filter((f) => errors[f]).map((f) => [f, errors[f]]));

export function stepErrors(validators: Validators, step: WizardStep, values: FacilityFormValues): FieldErrors {
  return onlyStep(step, validateLead(validators, values));
}

const withoutError = (errors: FieldErrors, field: string): FieldErrors => {
  if (!(field in errors)) return errors;
  const rest = { ...errors };
  delete rest[field];
  return rest;
};

const focusOn = (state: HomepageFormState, target: FocusTarget) => ({ target, key: (state.focus?.key ?? 0) + 1 });

function edit(state: HomepageFormState, field: FacilityField, values: FacilityFormValues): HomepageFormState {
  if (state.status.kind !== "editing") return state;
  return { ...state, values, errors: withoutError(state.errors, field) };
}

/** The fields that hold an answer: what was typed before the draft was read. */
function answered(values: FacilityFormValues): Partial<FacilityFormValues> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => isPresent(value))) as Partial<FacilityFormValues>;
}

export function homepageFormReducer(state: HomepageFormState, action: HomepageFormAction): HomepageFormState {
  const { status } = state;
  switch (action.type) {
    case "changed":
      return edit(state, action.field, { ...state.values, [action.field]: action.value });
    case "consentChanged":
      return edit(state, "consentAgreed", { ...state.values, consentAgreed: action.value });
    case "toggled":
      return edit(state, action.field, {
        ...state.values,
        [action.field]: toggleValue(state.values[action.field], action.value),
      });
    case "next": {
      if (status.kind !== "editing" || status.step === 3) return state;
      if (!isHomepageStepComplete(status.step, state.values)) {
        // Next is aria-disabled here; activating it explains why instead of doing nothing.
        const errors = onlyStep(status.step, action.errors ?? {});
        return { ...state, errors: { ...state.errors, ...errors }, focus: focusOn(state, { kind: "summary" }) };
      }
      return { ...state, status: { kind: "editing", step: clampStep(status.step + 1) }, focus: focusOn(state, { kind: "step" }) };
    }
    case "previous":
      if (status.kind !== "editing" || status.step === 1) return state;
      return { ...state, status: { kind: "editing", step: clampStep(status.step - 1) }, focus: focusOn(state, { kind: "step" }) };
    case "goToField": {
      const step = stepOfField(action.field);
      if (status.kind !== "editing" || !step) return state;
      return { ...state, status: { kind: "editing", step }, focus: focusOn(state, { kind: "field", field: action.field as FacilityField }) };
    }
    case "submit": {
      if (status.kind !== "editing" || status.step !== 3) return state;
      const { errors } = action;
      if (Object.keys(errors).length > 0) return { ...state, errors, focus: focusOn(state, { kind: "summary" }) };
      return { ...state, errors: {}, status: { kind: "submitting" } };
    }
    case "succeeded":
      if (status.kind !== "submitting") return state;
      return { ...state, status: { kind: "succeeded" }, focus: focusOn(state, { kind: "panel" }) };
    case "failed":
      if (status.kind !== "submitting") return state;
      return { ...state, status: { kind: "failed" } };
    case "restored":
      if (status.kind !== "editing" || state.isRestored) return state;
      return {
        ...state,
        isRestored: true,
        // What the visitor typed since the page loaded (taken in while hydrating) wins over the draft.
        values: { ...state.values, ...action.values, ...answered(state.values) },
        status: action.step ? { kind: "editing", step: action.step } : status,
      };
  }
}

/** The step on screen: submitting and failed keep showing step 3. */
export function visibleStep(status: FormStatus): WizardStep {
  return status.kind === "editing" ? status.step : 3;
}
