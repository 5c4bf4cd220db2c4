import { describe, expect, it } from "vitest";
import { judgeQualification, outcomeOfAnswers } from "./qualification-outcome";

describe("who qualifies", () => {
  it("qualifies a decision-maker at a facility of a spec type in a US state", () => {
    for (const role of ["director_of_nursing", "administrator", "scheduler"] as const) {
      expect(judgeQualification({ role, facilityType: "nursing_home", location: "Georgia" })).toBe("qualified");
    }
  });

  it("does not qualify another role, and sends a nurse to the talent network", () => {
    expect(judgeQualification({ role: "other", facilityType: "hospital", location: "Texas" })).toBe(
      "not_decision_maker",
    );
    expect(judgeQualification({ role: "nurse", facilityType: undefined, location: undefined })).toBe("nurse");
  });

  it("leaves for review what the facts do not decide", () => {
    expect(judgeQualification({ role: undefined, facilityType: "hospital", location: "Texas" })).toBe("needs_review");
    expect(judgeQualification({ role: "administrator", facilityType: "spaceport", location: "Texas" })).toBe(
      "needs_review",
    );
    expect(judgeQualification({ role: "administrator", facilityType: "hospital", location: "Puerto Rico" })).toBe(
      "needs_review",
    );
  });

  it("judges a set of answers once every question that applies is answered", () => {
    const facility = { facilityType: "hospital", location: "Texas" };
    const director = {
      role: "director_of_nursing",
      facilitySize: "under_50",
      shiftFilling: "none",
      openShifts: "under_10",
      challenge: "",
      callTime: "evening",
      giftCardEmail: "",
    };
    expect(outcomeOfAnswers(director, facility)).toBe("qualified");
    expect(outcomeOfAnswers(director, undefined)).toBe("needs_review");
    expect(outcomeOfAnswers({ role: "nurse" }, facility)).toBe("nurse");
    expect(outcomeOfAnswers({ role: "director_of_nursing", facilitySize: "under_50" }, facility)).toBeNull();
    expect(outcomeOfAnswers({}, facility)).toBeNull();
  });
});
