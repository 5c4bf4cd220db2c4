import { describe, expect, it } from "vitest";
import { facilityTypeFromText, judgeQualification, judgeVoiceResult, roleFromText } from "./qualification-outcome";

describe("who qualifies", () => {
  it("qualifies a decision-maker at a facility of a spec type in a US state", () => {
    for (const role of ["director_of_nursing", "administrator", "scheduler"] as const) {
      expect(judgeQualification({ role, facilityType: "nursing_home", location: "Georgia" })).toBe("qualified");
    }
  });

  it("does not qualify another role, and sends a nurse to the talent network", () => {
    expect(judgeQualification({ role: "other", facilityType: "hospital", location: "Texas" })).toBe("not_decision_maker");
    expect(judgeQualification({ role: "nurse", facilityType: undefined, location: undefined })).toBe("nurse");
  });

  it("leaves for review what the facts do not decide", () => {
    expect(judgeQualification({ role: undefined, facilityType: "hospital", location: "Texas" })).toBe("needs_review");
    expect(judgeQualification({ role: "administrator", facilityType: "spaceport", location: "Texas" })).toBe("needs_review");
    expect(judgeQualification({ role: "administrator", facilityType: "hospital", location: "Puerto Rico" })).toBe("needs_review");
  });

  it("reads the assistant's words for roles and facility types", () => {
    expect(roleFromText("Director of Nursing")).toBe("director_of_nursing");
    expect(roleFromText("DON")).toBe("director_of_nursing");
    expect(roleFromText("staffing coordinator")).toBe("scheduler");
    expect(roleFromText("RN")).toBe("nurse");
    expect(roleFromText("astronaut")).toBeUndefined();
    expect(roleFromText(42)).toBeUndefined();
    expect(facilityTypeFromText("Skilled Nursing Facility")).toBe("skilled_nursing");
    expect(facilityTypeFromText("assisted-living")).toBe("assisted_living");
  });

  it("judges voice structured data with the same rules, else needs review", () => {
    expect(judgeVoiceResult({ role: "Administrator", facilityType: "Hospital", location: "TX" })).toBe("qualified");
    expect(judgeVoiceResult({ role: "scheduler", facilityType: "clinic", state: "ohio" })).toBe("qualified");
    expect(judgeVoiceResult({ role: "other", facilityType: "clinic", state: "Ohio" })).toBe("not_decision_maker");
    expect(judgeVoiceResult({ role: "nurse looking for work" })).toBe("nurse");
    expect(judgeVoiceResult({ role: "Administrator", facilityType: "Hospital" })).toBe("needs_review");
    expect(judgeVoiceResult({ role: "wizard", facilityType: "Hospital", location: "TX" })).toBe("needs_review");
    expect(judgeVoiceResult(null)).toBe("needs_review");
    expect(judgeVoiceResult(["role"])).toBe("needs_review");
  });
});
