import { describe, expect, it } from "vitest";
import { EMPTY_FACILITY_FORM, type FacilityFormValues } from "../../../domain";
import { initialQualifyState, qualifyReducer, stepOf, type QualifyAction, type QualifyState } from "./qualify-reducer";

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

const run = (state: QualifyState, ...actions: QualifyAction[]) => actions.reduce(qualifyReducer, state);

describe("qualifyReducer", () => {
  it("starts on step 1 and does not go below it", () => {
    expect(stepOf(initialQualifyState.status)).toBe(1);
    expect(run(initialQualifyState, { type: "previous" })).toBe(initialQualifyState);
  });

  it("advances only when the step is complete (spec 5.4)", () => {
    expect(stepOf(run(initialQualifyState, { type: "next" }).status)).toBe(1);
    const filled = { ...initialQualifyState, values: complete };
    expect(stepOf(run(filled, { type: "next" }).status)).toBe(2);
    expect(stepOf(run(filled, { type: "next" }, { type: "next" }, { type: "next" }).status)).toBe(3);
    expect(stepOf(run(filled, { type: "next" }, { type: "previous" }).status)).toBe(1);
  });

  it("toggles roles and shift types: a second click removes the value", () => {
    const once = run(initialQualifyState, { type: "toggle", field: "rolesNeeded", value: "CNA" });
    expect(once.values.rolesNeeded).toEqual(["CNA"]);
    expect(run(once, { type: "toggle", field: "rolesNeeded", value: "CNA" }).values.rolesNeeded).toEqual([]);
  });

  it("submits only from a complete step 3, then succeeds or fails keeping the values", () => {
    const onStep3: QualifyState = { ...initialQualifyState, values: complete, status: { type: "editing", step: 3 } };
    expect(run({ ...onStep3, status: { type: "editing", step: 2 } }, { type: "submit" }).status.type).toBe("editing");
    expect(run({ ...onStep3, values: { ...complete, consentAgreed: false } }, { type: "submit" }).status.type).toBe("editing");

    const submitting = run(onStep3, { type: "submit" });
    expect(submitting.status).toEqual({ type: "submitting" });
    // Nothing changes while posting.
    expect(run(submitting, { type: "set", field: "email", value: "x" }, { type: "previous" })).toBe(submitting);

    const failed = run(submitting, { type: "fail", message: "oops" });
    expect(failed.status).toEqual({ type: "failed", message: "oops" });
    expect(stepOf(failed.status)).toBe(3);
    expect(failed.values).toEqual(complete);
    expect(run(failed, { type: "submit" }).status.type).toBe("submitting");

    expect(run(submitting, { type: "succeed" }).status.type).toBe("succeeded");
  });
});
