import { describe, expect, it } from "vitest";
import { INITIAL_NURSE_STATE, firstInvalidField, nurseReducer } from "./nurse-application-state";

describe("nurseReducer", () => {
  it("editing a field clears only that field's error", () => {
    const invalid = nurseReducer(INITIAL_NURSE_STATE, {
      type: "invalid",
      errors: { firstName: "First name is required", email: "Email is required" },
    });
    const edited = nurseReducer(invalid, { type: "changed", field: "email", value: "a" });
    expect(edited.errors).toEqual({ firstName: "First name is required" });
    expect(edited.values.email).toBe("a");
  });

  it("goes editing -> submitting -> succeeded, or to failed keeping the values, editable", () => {
    const typed = nurseReducer(INITIAL_NURSE_STATE, { type: "changed", field: "zipCode", value: "30009" });
    const submitting = nurseReducer(typed, { type: "submitted" });
    expect(submitting.status.kind).toBe("submitting");
    expect(nurseReducer(submitting, { type: "changed", field: "zipCode", value: "1" })).toBe(submitting);
    const failed = nurseReducer(submitting, { type: "failed", message: "x" });
    expect(failed.status).toEqual({ kind: "failed", message: "x" });
    expect(failed.values.zipCode).toBe("30009");
    expect(nurseReducer(failed, { type: "changed", field: "zipCode", value: "30010" }).values.zipCode).toBe("30010");
    expect(nurseReducer(submitting, { type: "succeeded" }).status.kind).toBe("succeeded");
  });

  it("names the first invalid field in form order", () => {
    expect(firstInvalidField({ zipCode: "z", lastName: "l" })).toBe("lastName");
    expect(firstInvalidField({})).toBeUndefined();
  });
});
