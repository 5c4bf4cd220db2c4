import { useReducer, useRef, useState } from "react";
import type { FieldErrors } from "../../../domain";
import { formReducer, isLocked, type FieldChange, type FormState } from "../../forms/form-state";
import { useSubmit } from "../../forms/submit";
import { staffApi } from "./staff-api";

/**
 * A console form on the shared form core: the status union and reducer of forms/form-state, the
 * one-at-a-time submit of forms/submit, posting to the console's API. The server's words are
 * shown as they come (its message, and one per field).
 */
export function useConsoleForm<Values extends Record<string, string>, Data>(path: string, initial: Values, onDone: (data: Data) => void) {
  const [state, dispatch] = useReducer(formReducer<Values, object>({}), { status: { kind: "editing" }, values: initial, errors: {}, honeypot: "" } as FormState<Values>);
  const [error, setError] = useState<string>();
  const answer = useRef<Data | undefined>(undefined);
  const submit = useSubmit<Values>({
    prepare: () => {
      setError(undefined);
      return state.values;
    },
    send: async (body) => {
      const result = await staffApi<Data>(path, { method: "POST", body });
      if (!result.ok) return result;
      answer.current = result.data;
      return { ok: true, id: "" };
    },
    dispatch,
    onSucceeded: () => onDone(answer.current as Data),
    onFailed: (result) => {
      setError(result.error);
      dispatch({ type: "invalid", errors: result.fields as FieldErrors });
    },
  });
  const change = <K extends keyof Values & string>(field: K) => (value: string) => dispatch({ type: "changed", field, value } as unknown as FieldChange<Values>);
  return { state, error, submit, change, isBusy: state.status.kind === "submitting", isLocked: isLocked(state.status) };
}
