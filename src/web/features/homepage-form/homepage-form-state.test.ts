import { describe, expect, it } from "vitest";
import { EMPTY_FACILITY_FORM } from "../../../domain/wizard-steps";
import { MESSAGES } from "../../../domain/messages";
import { currentStep } from "../../forms/wizard";
import * as validators from "../../lib/validator-schemas";
import {
  INITIAL_STATE,
  homepageFormReducer,
  stepErrors,
  validateLead,
  type HomepageFormAction,
  type HomepageFormState,
} from "./homepage-form-state";

type Step = HomepageFormAction | ((state: HomepageFormState) => HomepageFormAction);
const run = (...actions: Step[]) =>
  actions.reduce<HomepageFormState>(
    (state, a) => homepageFormReducer(state, typeof a === "function" ? a(state) : a),
    INITIAL_STATE,
  );

/** What the hook dispatches: the messages come with the action (the validators load lazily). */
const NEXT = (s: HomepageFormState): HomepageFormAction => ({
  type: "next",
  errors: stepErrors(validators, currentStep(s.status), s.values),
});
/** What the submit lifecycle dispatches: the messages when the values do not pass, else the post's start. */
const SUBMIT = (s: HomepageFormState): HomepageFormAction => {
  const errors = validateLead(validators, s.values);
  return Object.keys(errors).length > 0 ? { type: "invalid", errors } : { type: "submitted" };
};

const STEP_1: Step[] = [
  { type: "changed", field: "facilityName", value: "Sunrise Care" },
  { type: "changed", field: "facilityType", value: "nursing_home" },
  { type: "changed", field: "location", value: "Georgia" },
];
const STEP_2: Step[] = [
  { type: "toggled", field: "rolesNeeded", value: "RN" },
  { type: "changed", field: "urgency", value: "immediate" },
  { type: "toggled", field: "shiftTypes", value: "Night Shift" },
];
const STEP_3: Step[] = [
  { type: "changed", field: "firstName", value: "Ana" },
  { type: "changed", field: "lastName", value: "Diaz" },
  { type: "changed", field: "email", value: "ana@example.com" },
  { type: "changed", field: "phone", value: "(555) 123-4567" },
  { type: "changed", field: "trafficSource", value: "google" },
  { type: "changed", field: "consentAgreed", value: true },
];
const toStep3 = [...STEP_1, NEXT, ...STEP_2, NEXT];

describe("homepageFormReducer", () => {
  it("starts editing step 1 with empty values", () => {
    expect(INITIAL_STATE.status).toEqual({ kind: "editing", step: 1 });
    expect(INITIAL_STATE.values).toEqual(EMPTY_FACILITY_FORM);
  });

  it("does not advance an incomplete step: it shows that step's messages and asks for the summary's focus", () => {
    const state = run(NEXT);
    expect(state.status).toEqual({ kind: "editing", step: 1 });
    expect(state.errors).toEqual({
      facilityName: MESSAGES.facilityNameRequired,
      facilityType: MESSAGES.facilityTypeRequired,
      location: MESSAGES.locationRequired,
    });
    expect(state.focus?.target).toEqual({ kind: "summary" });
  });

  it("treats a whitespace-only facility name as empty", () => {
    const state = run({ type: "changed", field: "facilityName", value: "   " }, NEXT);
    expect(state.errors.facilityName).toBe(MESSAGES.facilityNameRequired);
  });

  it("walks 1 -> 2 -> 3 and back, never past either end", () => {
    const three = run(...toStep3, NEXT);
    expect(three.status).toEqual({ kind: "editing", step: 3 });
    const one = [{ type: "previous" } as const, { type: "previous" } as const, { type: "previous" } as const].reduce(
      homepageFormReducer,
      three,
    );
    expect(one.status).toEqual({ kind: "editing", step: 1 });
  });

  it("toggles multi-select values: a second click removes the value", () => {
    const state = run(
      { type: "toggled", field: "rolesNeeded", value: "CNA" },
      { type: "toggled", field: "rolesNeeded", value: "RN" },
      { type: "toggled", field: "rolesNeeded", value: "CNA" },
    );
    expect(state.values.rolesNeeded).toEqual(["RN"]);
  });

  it("collects every message of step 3 on submit and stays editing", () => {
    const state = run(
      ...toStep3,
      { type: "changed", field: "firstName", value: "  " },
      { type: "changed", field: "email", value: "nope" },
      { type: "changed", field: "phone", value: "(555) 12" },
      SUBMIT,
    );
    expect(state.status).toEqual({ kind: "editing", step: 3 });
    expect(state.errors).toEqual({
      firstName: MESSAGES.firstNameRequired,
      lastName: MESSAGES.lastNameRequired,
      email: MESSAGES.emailInvalid,
      phone: MESSAGES.phoneInvalid,
      trafficSource: MESSAGES.trafficSourceRequired,
      consentAgreed: MESSAGES.consentRequired,
    });
    expect(state.focus?.target).toEqual({ kind: "summary" });
  });

  it("clears only the edited field's error", () => {
    const withErrors = run(...toStep3, SUBMIT);
    const state = homepageFormReducer(withErrors, { type: "changed", field: "email", value: "a" });
    expect(state.errors.email).toBeUndefined();
    expect(state.errors.firstName).toBe(MESSAGES.firstNameRequired);
    expect(
      homepageFormReducer(state, { type: "changed", field: "consentAgreed", value: true }).errors.consentAgreed,
    ).toBeUndefined();
  });

  it("goes to a field's step from the error summary and focuses the field", () => {
    const atThree = run(...toStep3);
    const state = homepageFormReducer(atThree, { type: "goToField", field: "rolesNeeded" });
    expect(state.status).toEqual({ kind: "editing", step: 2 });
    expect(state.focus?.target).toEqual({ kind: "field", field: "rolesNeeded" });
  });

  it("submits a valid form, then succeeds; a second submit while posting is ignored", () => {
    const submitting = run(...toStep3, ...STEP_3, SUBMIT);
    expect(submitting.status).toEqual({ kind: "submitting" });
    expect(homepageFormReducer(submitting, SUBMIT(submitting))).toBe(submitting);
    expect(homepageFormReducer(submitting, { type: "changed", field: "firstName", value: "X" })).toBe(submitting);
    const done = homepageFormReducer(submitting, { type: "succeeded" });
    expect(done.status).toEqual({ kind: "succeeded" });
    expect(done.focus?.target).toEqual({ kind: "panel" });
    expect(homepageFormReducer(submitting, { type: "failed" }).status).toEqual({ kind: "failed" });
  });

  it("restores a draft once, with its step", () => {
    const restored: HomepageFormState = homepageFormReducer(INITIAL_STATE, {
      type: "restored",
      values: { facilityName: "Saved" },
      step: 2,
    });
    expect(restored.values.facilityName).toBe("Saved");
    expect(restored.status).toEqual({ kind: "editing", step: 2 });
    expect(restored.isRestored).toBe(true);
    expect(homepageFormReducer(restored, { type: "restored", values: { facilityName: "Other" } })).toBe(restored);
  });

  it("keeps what was typed before the draft was read (before hydration) over the draft", () => {
    const typedEarly = homepageFormReducer(INITIAL_STATE, {
      type: "changed",
      field: "facilityName",
      value: "Typed now",
    });
    const restored = homepageFormReducer(typedEarly, {
      type: "restored",
      values: { facilityName: "Saved", location: "Ohio" },
      step: 1,
    });
    expect(restored.values.facilityName).toBe("Typed now");
    expect(restored.values.location).toBe("Ohio");
  });
});
