import { useRef } from "react";
import type { FieldErrors } from "../../domain/fields";
import type { SubmitResult } from "../lib/api";
import type { SubmitAction } from "./form-state";
import { newIdempotencyKey } from "./idempotency-key";

/** Every API client's failure (lib/api, the chat's, the console's staffApi): the status, the server's words, a message per field. */
type SubmitFailure = { ok: false; status: number; error: string; fields: FieldErrors };

/** What a form tells the submit lifecycle; everything else is the same for every form. */
export interface SubmitLifecycle<Body, Result extends { ok: true } | SubmitFailure = SubmitResult> {
  /**
   * Checks the values and builds the request body. When they do not pass, the form dispatches
   * `invalid` (or shows nothing, when its buttons are gated) and returns undefined: nothing is sent.
   */
  prepare: () => Body | undefined | Promise<Body | undefined>;
  /** The post itself: `submitLead`, `submitNurseApplication`, ... of lib/api. */
  send: (body: Body, idempotencyKey: string) => Promise<Result>;
  dispatch: (action: SubmitAction) => void;
  /**
   * Spec 4 "on failure shows an alert": shown with `window.alert` and kept in the `failed`
   * status (FailureAlert shows it beside the form). Leave out when a failure hands over elsewhere.
   */
  failureMessage?: string;
  /**
   * The staff console's way instead: the failed status keeps the server's own words (`error`)
   * and its message per field, shown beside the form (no `window.alert`).
   */
  showsServerWords?: boolean;
  /** After `succeeded` is dispatched: thank, navigate, track. */
  onSucceeded?: (result: Extract<Result, { ok: true }>) => void | Promise<void>;
  /** After `failed` is dispatched: alert, log (never personal data), navigate. */
  onFailed?: (result: SubmitFailure) => void | Promise<void>;
}

/** What a prepare or post that threw (a validators chunk that failed to load, a bug) counts as: a failure, never a form stuck on "Submitting...". */
const THREW: SubmitFailure = { ok: false, status: 0, error: "Submission failed", fields: {} };

/**
 * The submit of every form: one at a time (`guard` is held from the press until the follow-up
 * is done, also while validators load); prepare; `submitted`; the post with a fresh
 * idempotency key; `succeeded` or `failed`; then the form's follow-up.
 */
export async function submitOnce<Body, Result extends { ok: true } | SubmitFailure>(
  guard: { current: boolean },
  lifecycle: SubmitLifecycle<Body, Result>,
): Promise<void> {
  if (guard.current) return;
  guard.current = true;
  const { prepare, send, dispatch, failureMessage, showsServerWords, onSucceeded, onFailed } = lifecycle;
  try {
    let result: Result | SubmitFailure;
    let isSent = false;
    try {
      const body = await prepare();
      if (body === undefined) return;
      dispatch({ type: "submitted" });
      isSent = true;
      result = await send(body, newIdempotencyKey());
    } catch {
      if (!isSent) dispatch({ type: "submitted" }); // so that the `failed` below applies
      result = THREW;
    }
    if (result.ok) {
      dispatch({ type: "succeeded" });
      await onSucceeded?.(result as Extract<Result, { ok: true }>);
    } else {
      if (showsServerWords) dispatch({ type: "failed", message: result.error, errors: result.fields });
      else if (failureMessage === undefined) dispatch({ type: "failed" });
      else {
        dispatch({ type: "failed", message: failureMessage });
        globalThis.alert?.(failureMessage);
      }
      await onFailed?.(result);
    }
  } finally {
    guard.current = false;
  }
}

/** `submitOnce` with a guard that lives as long as the form: call the result from the form's submit handler. */
export function useSubmit<Body, Result extends { ok: true } | SubmitFailure = SubmitResult>(
  lifecycle: SubmitLifecycle<Body, Result>,
): () => Promise<void> {
  const guard = useRef(false);
  return () => submitOnce(guard, lifecycle);
}
