import { useReducer } from "react";
import type { z } from "zod";
import { fieldErrorsOf } from "../../../domain/fields";
import { errorSummaryItems } from "../../forms/error-focus";
import { formReducer, isLocked, type FormAction, type FormState } from "../../forms/form-state";
import { useSubmit } from "../../forms/submit";
import { useConsoleAction } from "./console-actions";

interface ConsoleFormOptions<Values, Data> {
  /** What the route's action does with the values (its `intent`). */
  intent: string;
  initial: Values;
  /** The domain's schema the server parses the body with: checked before sending. */
  schema: z.ZodType;
  /** The fields in the order they stand, and each one's element id, for the error summary's links. */
  fields: readonly (keyof Values & string)[];
  idOf: (field: string) => string;
  /** Sent beside the values (an account's id). */
  extra?: Record<string, unknown>;
  onDone?: (data: Data) => void;
  /** Empties the fields once the server took it (what was typed named a person). */
  resetOnDone?: boolean;
  /** From the form's `useErrorSummaryFocus()` (forms/error-focus): called after each refusal. */
  refused: () => void;
}

/**
 * A console form on the shared form core: the status union and reducer of forms/form-state,
 * the domain schema checked on submit, the one-at-a-time submit of forms/submit with the
 * server's words, the error summary focused after a refusal (forms/error-focus). It sends
 * through its route's action (console-actions.ts), and the router then revalidates the page.
 */
export function useConsoleForm<Values extends Record<string, string>, Data = unknown>(
  options: ConsoleFormOptions<Values, Data>,
) {
  const { intent, initial, schema, fields, idOf, extra, onDone, resetOnDone, refused } = options;
  const [state, dispatch] = useReducer(formReducer<Values, object>({}), {
    status: { kind: "editing" },
    values: initial,
    errors: {},
    honeypot: "",
  } as FormState<Values>);
  const send = useConsoleAction();
  const submit = useSubmit({
    prepare: () => {
      const parsed = schema.safeParse(state.values);
      if (parsed.success) return state.values;
      dispatch({ type: "invalid", errors: fieldErrorsOf(parsed.error) });
      refused();
      return undefined;
    },
    send: (body: Values) => send<Data>({ intent, ...extra, ...body }),
    dispatch,
    showsServerWords: true,
    onSucceeded: (result) => {
      onDone?.(result.data);
      if (resetOnDone) dispatch({ type: "reset", values: initial } as FormAction<Values>);
    },
    onFailed: (result) => {
      if (Object.keys(result.fields).length > 0) refused();
    },
  });
  const change =
    <K extends keyof Values & string>(field: K) =>
    (value: string) =>
      dispatch({ type: "changed", field, value } as unknown as FormAction<Values>);
  const hasFieldErrors = Object.keys(state.errors).length > 0;
  return {
    state,
    change,
    submit,
    reset: () => dispatch({ type: "reset", values: initial }),
    isBusy: state.status.kind === "submitting",
    isLocked: isLocked(state.status),
    /** The failed status's message when no field carries it (a field's message is in the summary). */
    error: state.status.kind === "failed" && !hasFieldErrors ? state.status.message : undefined,
    /** The error summary's links, one per field with a message. */
    summaryItems: errorSummaryItems(state.errors, fields, idOf),
  };
}
