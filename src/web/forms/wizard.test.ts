import { describe, expect, it } from "vitest";
import { EMPTY_FACILITY_FORM, isQualifyStepComplete, type FacilityFormValues } from "../../domain/wizard-steps";
import { INITIAL_WIZARD_STATE, currentStep, wizardReducer, type WizardAction, type WizardState } from "./wizard";

const complete: FacilityFormValues = {
  ...EMPTY_FACILITY_FORM,
  facilityName: "Sunrise",
  facilityType: "clinic",
  location: "Ohio",
  rolesNeeded: ["RN"],
  urgency: "ongoing",
  shiftTypes: ["Weekend"],
  firstName: "Dana",
  lastName: "Lee",
  email: "d@example.com",
  phone: "(404) 555-0123",
  trafficSource: "google",
  consentAgreed: true,
};
const reduce = wizardReducer(isQualifyStepComplete);
const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(reduce, state);
const filled: WizardState = { ...INITIAL_WIZARD_STATE, values: complete };

describe("wizardReducer", () => {
  it("walks 1 -> 2 -> 3 from complete steps and back, never past either end", () => {
    expect(currentStep(run(filled, { type: "next" }).status)).toBe(2);
    const three = run(filled, { type: "next" }, { type: "next" }, { type: "next" });
    expect(three.status).toEqual({ kind: "editing", step: 3 });
    expect(currentStep(run(three, { type: "previous" }, { type: "previous" }, { type: "previous" }).status)).toBe(1);
    expect(run(INITIAL_WIZARD_STATE, { type: "previous" })).toBe(INITIAL_WIZARD_STATE);
  });

  it("stays on an incomplete step, showing only that step's messages when given", () => {
    expect(run(INITIAL_WIZARD_STATE, { type: "next" })).toBe(INITIAL_WIZARD_STATE);
    const state = run(INITIAL_WIZARD_STATE, {
      type: "next",
      errors: { facilityName: "Facility name is required", email: "Email is required" },
    });
    expect(state.status).toEqual({ kind: "editing", step: 1 });
    expect(state.errors).toEqual({ facilityName: "Facility name is required" });
  });

  it("starts the post only from a complete last step; submitting and failed stay on the last step", () => {
    const onStep3: WizardState = { ...filled, status: { kind: "editing", step: 3 } };
    expect(run({ ...onStep3, status: { kind: "editing", step: 2 } }, { type: "submitted" }).status.kind).toBe(
      "editing",
    );
    expect(run({ ...onStep3, values: { ...complete, consentAgreed: false } }, { type: "submitted" }).status.kind).toBe(
      "editing",
    );
    const submitting = run(onStep3, { type: "submitted" });
    expect(submitting.status).toEqual({ kind: "submitting" });
    expect(currentStep(submitting.status)).toBe(3);
    expect(run(submitting, { type: "previous" }, { type: "next" })).toBe(submitting);
    const failed = run(submitting, { type: "failed", message: "oops" });
    expect(currentStep(failed.status)).toBe(3);
    expect(run(failed, { type: "previous" }).status).toEqual({ kind: "editing", step: 2 });
    expect(run(failed, { type: "invalid", errors: {} }).status).toEqual({ kind: "editing", step: 3 });
  });
});
