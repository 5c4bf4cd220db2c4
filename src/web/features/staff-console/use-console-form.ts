import { useReducer } from "react";
import { formReducer, isLocked, type FormAction, type FormState } from "../../forms/form-state";
import { useSubmit } from "../../forms/submit";
import { staffApi } from "./staff-api";

/**
 * A console form on the shared form core: the status union and reducer of forms/form-state, the
 * one-at-a-time submit of forms/submit with the server's words (`showsServerWords`), posting
 * to the console's API. `error` is the failed status's message, `state.errors` one per field.
 */
export function useConsoleForm<Values extends Record<string, string>, Data>(path: string, initial: Values, onDone: (data: Data) => void) {
  const [state, dispatch] = useReducer(formReducer<Values, object>({}), { status: { kind: "editing" }, values: initial, errors: {}, honeypot: "" } as FormState<Values>);
  const submit = useSubmit({
    prepare: () => state.values,
    send: (body: Values) => staffApi<Data>(path, { method: "POST", body }),
    dispatch,
    showsServerWords: true,
    onSucceeded: (result) => onDone(result.data),
  });
  const change = <K extends keyof Values & string>(field: K) => (value: string) => dispatch({ type: "changed", field, value } as unknown as FormAction<Values>);
  const error = state.status.kind === "failed" ? state.status.message : undefined;
  return { state, error, submit, change, isBusy: state.status.kind === "submitting", isLocked: isLocked(state.status) };
}
