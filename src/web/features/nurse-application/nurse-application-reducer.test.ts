import { describe, expect, it } from "vitest";
import { firstInvalidField, initialNurseState, nurseReducer } from "./nurse-application-reducer";

describe("nurseReducer", () => {
  it("editing a field clears only that field's error", () => {
    const invalid = nurseReducer(initialNurseState, {
      type: "invalid",
      errors: { firstName: "First name is required", email: "Email is required" },
    });
    const edited = nurseReducer(invalid, { type: "set", field: "email", value: "a" });
    expect(edited.errors).toEqual({ firstName: "First name is required" });
    expect(edited.values.email).toBe("a");
  });

  it("goes editing -> submitting -> succeeded, or back with a failure that keeps the values", () => {
    const typed = nurseReducer(initialNurseState, { type: "set", field: "zipCode", value: "30009" });
    const submitting = nurseReducer(typed, { type: "submit" });
    expect(submitting.status.type).toBe("submitting");
    expect(nurseReducer(submitting, { type: "set", field: "zipCode", value: "1" })).toBe(submitting);
    const failed = nurseReducer(submitting, { type: "fail", message: "x" });
    expect(failed.status).toEqual({ type: "failed", message: "x" });
    expect(failed.values.zipCode).toBe("30009");
    expect(nurseReducer(submitting, { type: "succeed" }).status.type).toBe("succeeded");
  });

  it("names the first invalid field in form order", () => {
    expect(firstInvalidField({ zipCode: "z", lastName: "l" })).toBe("lastName");
    expect(firstInvalidField({})).toBeUndefined();
  });
});
