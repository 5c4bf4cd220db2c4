import type { FieldErrors } from "../../../domain";

/** The nurse form (spec 4): editing -> submitting -> succeeded; a failure goes back to editing with an alert. */
export interface NurseFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  zipCode: string;
  classification: string;
  desiredLocation: string;
  message: string;
}

export type NurseField = keyof NurseFormValues;

export const NURSE_FIELD_ORDER: readonly NurseField[] = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "zipCode",
  "classification",
  "desiredLocation",
  "message",
];

export const EMPTY_NURSE_FORM: NurseFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  zipCode: "",
  classification: "",
  desiredLocation: "",
  message: "",
};

export type NurseStatus =
  | { type: "editing" }
  | { type: "submitting" }
  | { type: "succeeded" }
  | { type: "failed"; message: string };

export interface NurseState {
  values: NurseFormValues;
  honeypot: string;
  errors: FieldErrors;
  status: NurseStatus;
}

export type NurseAction =
  | { type: "set"; field: NurseField; value: string }
  | { type: "setHoneypot"; value: string }
  | { type: "invalid"; errors: FieldErrors }
  | { type: "submit" }
  | { type: "succeed" }
  | { type: "fail"; message: string }
  | { type: "reset" };

export const initialNurseState: NurseState = {
  values: EMPTY_NURSE_FORM,
  honeypot: "",
  errors: {},
  status: { type: "editing" },
};

export function nurseReducer(state: NurseState, action: NurseAction): NurseState {
  const isLocked = state.status.type === "submitting" || state.status.type === "succeeded";
  switch (action.type) {
    case "set": {
      if (isLocked) return state;
      // Editing a field clears that field's error (spec 4).
      const { [action.field]: _cleared, ...errors } = state.errors;
      return { ...state, values: { ...state.values, [action.field]: action.value }, errors };
    }
    case "setHoneypot":
      return isLocked ? state : { ...state, honeypot: action.value };
    case "invalid":
      return isLocked ? state : { ...state, errors: action.errors, status: { type: "editing" } };
    case "submit":
      return isLocked ? state : { ...state, errors: {}, status: { type: "submitting" } };
    case "succeed":
      return state.status.type === "submitting" ? { ...state, status: { type: "succeeded" } } : state;
    case "fail":
      return state.status.type === "submitting" ? { ...state, status: { type: "failed", message: action.message } } : state;
    case "reset":
      return initialNurseState;
  }
}

/** The first field, in form order, that has an error. */
export const firstInvalidField = (errors: FieldErrors): NurseField | undefined =>
  NURSE_FIELD_ORDER.find((field) => errors[field]);
