import { describe, expect, it } from "vitest";
import {
  EMPTY_FACILITY_FORM,
  clampStep,
  isHomepageStepComplete,
  isQualifyStepComplete,
  stepOfField,
  toggleValue,
} from "./wizard-steps";

const filled = {
  ...EMPTY_FACILITY_FORM,
  facilityName: "Sunrise",
  facilityType: "clinic",
  location: "Ohio",
  rolesNeeded: ["CNA"],
  urgency: "ongoing",
  shiftTypes: ["Weekend"],
  firstName: "Dana",
  lastName: "Reyes",
  email: "x",
  phone: "(555) 123",
  trafficSource: "other",
  consentAgreed: true,
};

describe("wizard gating", () => {
  it("each step needs its required fields present; title is optional", () => {
    expect(isHomepageStepComplete(1, EMPTY_FACILITY_FORM)).toBe(false);
    expect(
      isHomepageStepComplete(1, {
        ...EMPTY_FACILITY_FORM,
        facilityName: " ",
        facilityType: "clinic",
        location: "Ohio",
      }),
    ).toBe(false);
    expect(isHomepageStepComplete(1, filled)).toBe(true);
    expect(isHomepageStepComplete(2, { ...filled, shiftTypes: [] })).toBe(false);
    expect(isHomepageStepComplete(3, filled)).toBe(true);
    expect(isHomepageStepComplete(3, { ...filled, consentAgreed: false })).toBe(false);
  });

  it("the qualify page also needs 10 phone digits on step 3 (spec 5.4), email presence only", () => {
    expect(isQualifyStepComplete(3, filled)).toBe(false);
    expect(isQualifyStepComplete(3, { ...filled, phone: "(555) 123-4567" })).toBe(true);
  });

  it("toggles, steps of fields, clamping", () => {
    expect(toggleValue(["CNA"], "RN")).toEqual(["CNA", "RN"]);
    expect(toggleValue(["CNA", "RN"], "CNA")).toEqual(["RN"]);
    expect(stepOfField("urgency")).toBe(2);
    expect(stepOfField("consentAgreed")).toBe(3);
    expect(stepOfField("nope")).toBeUndefined();
    expect([clampStep(0), clampStep(2), clampStep(9)]).toEqual([1, 2, 3]);
  });
});
