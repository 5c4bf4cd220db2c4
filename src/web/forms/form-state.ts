import { toggleValue } from "../../domain/wizard-steps";
import type { FieldErrors } from "../../domain/fields";

/**
 * The state every public form shares: one status union, one action vocabulary, one reducer.
 * A form adds only what its spec makes different (a wizard's step, a landing form's focus and
 * draft), by giving `Editing` its own fields and by handling its own actions before these.
 */

/** Where a form is in its life. `Editing` is what the form needs while it is edited (a wizard: its step). */
export type FormStatus<Editing extends object = object> =
  | ({ kind: "editing" } & Editing)
  /** The post is on its way: no edits, no second submit. */
  | { kind: "submitting" }
  | { kind: "succeeded" }
  /**
   * The post failed. `message` is what the form shows beside its alert (none when the form hands
   * the visitor over elsewhere). The values stay editable and a new submit is allowed.
   */
  | { kind: "failed"; message?: string };

export interface FormState<Values, Editing extends object = object> {
  status: FormStatus<Editing>;
  values: Values;
  /** One message per field (spec 5); a field's message clears when that field is edited. */
  errors: FieldErrors;
  /** The honeypot's value: people leave it empty, bots fill it in. */
  honeypot: string;
}

/** The fields of `Values` that hold a multi-select (toggled one value at a time, spec 4). */
export type MultiField<Values> = {
  [K in keyof Values]: Values[K] extends readonly string[] ? K : never;
}[keyof Values];

/** A field set to a value of its own type. */
type FieldChange<Values> = { [K in keyof Values]: { type: "changed"; field: K; value: Values[K] } }[keyof Values];

export type FormAction<Values> =
  | FieldChange<Values>
  /** Adds the value to a multi-select, or removes it when already there (spec 4). */
  | { type: "toggled"; field: MultiField<Values>; value: string }
  | { type: "honeypotChanged"; value: string }
  /** The values did not pass the form's checks: these are the messages to show. */
  | { type: "invalid"; errors: FieldErrors }
  /** Starts over with these values (a console form after its step is recorded). */
  | { type: "reset"; values: Values }
  | SubmitAction;

/** What the submit lifecycle (submit.ts) dispatches. */
export type SubmitAction =
  /** The values passed and the post starts. */
  | { type: "submitted" }
  | { type: "succeeded" }
  /** `errors`: the server's message per field, when the form shows them (the staff console). */
  | { type: "failed"; message?: string; errors?: FieldErrors };

/** Submitting or done: the form takes no edits and no second submit. */
export const isLocked = (status: FormStatus): boolean => status.kind === "submitting" || status.kind === "succeeded";

function withoutError(errors: FieldErrors, field: PropertyKey): FieldErrors {
  if (typeof field !== "string" || !(field in errors)) return errors;
  const rest = { ...errors };
  delete rest[field];
  return rest;
}

/**
 * The reducer of every form. `reopened` is the editing status a failed form returns to when
 * its values are found invalid again (a wizard: its last step).
 */
export function formReducer<Values, Editing extends object>(reopened: Editing) {
  const editing = { ...reopened, kind: "editing" } as FormStatus<Editing>;
  return function reduce(state: FormState<Values, Editing>, action: FormAction<Values>): FormState<Values, Editing> {
    const { status } = state;
    switch (action.type) {
      case "changed":
        if (isLocked(status)) return state;
        return {
          ...state,
          values: { ...state.values, [action.field]: action.value },
          errors: withoutError(state.errors, action.field),
        };
      case "toggled": {
        if (isLocked(status)) return state;
        const selected = state.values[action.field] as readonly string[];
        return {
          ...state,
          values: { ...state.values, [action.field]: toggleValue(selected, action.value) },
          errors: withoutError(state.errors, action.field),
        };
      }
      case "honeypotChanged":
        return isLocked(status) ? state : { ...state, honeypot: action.value };
      case "invalid":
        if (isLocked(status)) return state;
        return { ...state, errors: action.errors, status: status.kind === "failed" ? editing : status };
      case "reset":
        return { status: editing, values: action.values, errors: {}, honeypot: "" };
      case "submitted":
        if (isLocked(status)) return state;
        return { ...state, errors: {}, status: { kind: "submitting" } };
      case "succeeded":
        return status.kind === "submitting" ? { ...state, status: { kind: "succeeded" } } : state;
      case "failed":
        if (status.kind !== "submitting") return state;
        return {
          ...state,
          errors: action.errors ?? state.errors,
          status: action.message === undefined ? { kind: "failed" } : { kind: "failed", message: action.message },
        };
    }
  };
}
