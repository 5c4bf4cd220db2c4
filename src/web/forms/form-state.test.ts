import { describe, expect, it } from "vitest";
import { formReducer, isLocked, type FormAction, type FormState } from "./form-state";

interface Values {
  name: string;
  tags: string[];
  agreed: boolean;
}
const reduce = formReducer<Values, object>({});
const initial: FormState<Values> = {
  status: { kind: "editing" },
  values: { name: "", tags: [], agreed: false },
  errors: {},
  honeypot: "",
};
const run = (state: FormState<Values>, ...actions: FormAction<Values>[]) => actions.reduce(reduce, state);

describe("formReducer", () => {
  it("sets a field and clears only that field's message", () => {
    const invalid = run(initial, { type: "invalid", errors: { name: "Name is required", agreed: "Please agree" } });
    const state = run(
      invalid,
      { type: "changed", field: "name", value: "Ana" },
      { type: "changed", field: "agreed", value: true },
    );
    expect(state.values).toEqual({ name: "Ana", tags: [], agreed: true });
    expect(state.errors).toEqual({});
    expect(run(invalid, { type: "changed", field: "name", value: "A" }).errors).toEqual({ agreed: "Please agree" });
  });

  it("toggles a multi-select value: a second toggle removes it", () => {
    const state = run(
      initial,
      { type: "toggled", field: "tags", value: "a" },
      { type: "toggled", field: "tags", value: "b" },
      { type: "toggled", field: "tags", value: "a" },
    );
    expect(state.values.tags).toEqual(["b"]);
  });

  it("goes editing -> submitting -> succeeded, taking no edit, honeypot or second submit meanwhile", () => {
    const submitting = run(initial, { type: "honeypotChanged", value: "x" }, { type: "submitted" });
    expect(submitting.status).toEqual({ kind: "submitting" });
    expect(submitting.honeypot).toBe("x");
    expect(isLocked(submitting.status)).toBe(true);
    expect(
      run(
        submitting,
        { type: "changed", field: "name", value: "B" },
        { type: "honeypotChanged", value: "" },
        { type: "submitted" },
        { type: "invalid", errors: { name: "x" } },
      ),
    ).toBe(submitting);
    const done = run(submitting, { type: "succeeded" });
    expect(done.status).toEqual({ kind: "succeeded" });
    expect(run(done, { type: "failed", message: "late" }, { type: "changed", field: "name", value: "C" })).toBe(done);
  });

  it("a failure keeps the values and its message, allows edits and a new submit", () => {
    const typed = run(initial, { type: "changed", field: "name", value: "Ana" });
    const failed = run(typed, { type: "submitted" }, { type: "failed", message: "Try again" });
    expect(failed.status).toEqual({ kind: "failed", message: "Try again" });
    expect(failed.values.name).toBe("Ana");
    expect(run(failed, { type: "changed", field: "name", value: "Ann" }).values.name).toBe("Ann");
    expect(run(failed, { type: "submitted" }).status).toEqual({ kind: "submitting" });
    expect(run(typed, { type: "submitted" }, { type: "failed" }).status).toEqual({ kind: "failed" });
  });

  it("invalid values after a failure go back to editing with their messages", () => {
    const failed = run(initial, { type: "submitted" }, { type: "failed", message: "x" });
    const state = run(failed, { type: "invalid", errors: { name: "Name is required" } });
    expect(state.status).toEqual({ kind: "editing" });
    expect(state.errors).toEqual({ name: "Name is required" });
  });

  it("succeeded and failed count only while submitting", () => {
    expect(run(initial, { type: "succeeded" })).toBe(initial);
    expect(run(initial, { type: "failed" })).toBe(initial);
  });
});
