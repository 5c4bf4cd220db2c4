import type { FieldErrors } from "../../../domain/fields";
import type { NurseApplicationInput } from "../../../domain/nurse-application";
import { formReducer, type FormState } from "../../forms/form-state";

/**
 * The nurse form (spec 2.3, 4) on the form core: editing -> submitting -> succeeded; a failure
 * shows an alert and keeps the values, editable, for a new submit. One page, no steps.
 */

/** The form's fields (those of the domain's application), in the form's order: the first invalid one takes the focus. */
const NURSE_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "zipCode",
  "classification",
  "desiredLocation",
  "message",
] as const satisfies readonly (keyof NurseApplicationInput)[];

export type NurseField = (typeof NURSE_FIELDS)[number];
/** What the applicant types: text in every field; the domain's schema checks it on submit (spec 5.1). */
export type NurseFormValues = Record<NurseField, string>;

const EMPTY_NURSE_FORM = Object.fromEntries(NURSE_FIELDS.map((field) => [field, ""])) as NurseFormValues;

export type NurseState = FormState<NurseFormValues>;

export const INITIAL_NURSE_STATE: NurseState = {
  status: { kind: "editing" },
  values: EMPTY_NURSE_FORM,
  errors: {},
  honeypot: "",
};

export const nurseReducer = formReducer<NurseFormValues, object>({});

/** The first field, in form order, that has an error. */
export const firstInvalidField = (errors: FieldErrors): NurseField | undefined =>
  NURSE_FIELDS.find((field) => errors[field]);
