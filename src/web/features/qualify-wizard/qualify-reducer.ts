import {
  EMPTY_FACILITY_FORM,
  clampStep,
  isQualifyStepComplete,
  toggleValue,
  type FacilityFormValues,
  type WizardStep,
} from "../../../domain";

/**
 * The qualification page's state (spec 4): one status union, so "submitting on step 1" or
 * "failed while editing" cannot be represented. Submitting, succeeded and failed all live on
 * step 3, where the submit button is.
 */
export type QualifyStatus =
  | { type: "editing"; step: WizardStep }
  | { type: "submitting" }
  | { type: "succeeded" }
  | { type: "failed"; message: string };

export interface QualifyState {
  values: FacilityFormValues;
  /** The honeypot: people leave it empty. */
  honeypot: string;
  status: QualifyStatus;
}

type MultiField = "rolesNeeded" | "shiftTypes";
type SingleField = Exclude<keyof FacilityFormValues, MultiField | "consentAgreed">;

export type QualifyAction =
  | { type: "set"; field: SingleField; value: string }
  | { type: "toggle"; field: MultiField; value: string }
  | { type: "setConsent"; value: boolean }
  | { type: "setHoneypot"; value: string }
  | { type: "next" }
  | { type: "previous" }
  | { type: "submit" }
  | { type: "succeed" }
  | { type: "fail"; message: string };

export const initialQualifyState: QualifyState = {
  values: EMPTY_FACILITY_FORM,
  honeypot: "",
  status: { type: "editing", step: 1 },
};

export const stepOf = (status: QualifyStatus): WizardStep => (status.type === "editing" ? status.step : 3);

export const isBusy = (status: QualifyStatus) => status.type === "submitting" || status.type === "succeeded";

export function qualifyReducer(state: QualifyState, action: QualifyAction): QualifyState {
  const { values, status } = state;
  if (isBusy(status) && action.type !== "succeed" && action.type !== "fail") return state;
  switch (action.type) {
    case "set":
      return { ...state, values: { ...values, [action.field]: action.value } };
    case "toggle":
      return { ...state, values: { ...values, [action.field]: toggleValue(values[action.field], action.value) } };
    case "setConsent":
      return { ...state, values: { ...values, consentAgreed: action.value } };
    case "setHoneypot":
      return { ...state, honeypot: action.value };
    case "next": {
      const step = stepOf(status);
      if (step === 3 || !isQualifyStepComplete(step, values)) return state;
      return { ...state, status: { type: "editing", step: clampStep(step + 1) } };
    }
    case "previous": {
      const step = stepOf(status);
      if (step === 1) return state;
      return { ...state, status: { type: "editing", step: clampStep(step - 1) } };
    }
    case "submit":
      if (stepOf(status) !== 3 || !isQualifyStepComplete(3, values)) return state;
      return { ...state, status: { type: "submitting" } };
    case "succeed":
      return status.type === "submitting" ? { ...state, status: { type: "succeeded" } } : state;
    case "fail":
      return status.type === "submitting" ? { ...state, status: { type: "failed", message: action.message } } : state;
  }
}
