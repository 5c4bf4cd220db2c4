import { useEffect, useReducer, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { fieldErrorsOf } from "../../../domain/fields";
import {
  AccountsIntentSchema,
  ApprovalsIntentSchema,
  CallsIntentSchema,
  LeadIntentSchema,
  OwnSecurityIntentSchema,
  PrivacyIntentSchema,
  SessionIntentSchema,
  ThrottlesIntentSchema,
  type RouteIntents,
} from "../../../domain/staff-console-intents";
import { CONSOLE_COPY } from "../../content/staff-console";
import { errorSummaryItems } from "../../forms/error-focus";
import { formReducer, isLocked, type FormAction, type FormState } from "../../forms/form-state";
import { useSubmit } from "../../forms/submit";
import type { ConsoleSubmission } from "./console-actions";
import { useConsoleSession } from "./console-session";
import type { ApiResult } from "./staff-api";

/** A form whose spec adds to the core's actions (the step form's choose / review / cancel): its reducer, which passes the rest on. */
type Reducer<Values, Editing extends object, Action> = (
  state: FormState<Values, Editing>,
  action: Action | FormAction<Values>,
) => FormState<Values, Editing>;

interface ConsoleFormOptions<Values, Data, Editing extends object, Action, Intent extends { intent: string }> {
  /** What the route's action does with the values: one of its intents (src/domain/staff-console-intents.ts). */
  intent: Intent["intent"];
  initial: Values;
  /** The domain's schema the server parses the body with: checked before sending (with what `body` builds, else the values). */
  schema?: z.ZodType;
  /** The body sent beside the intent, built from the values (trimmed, only the chosen step's fields); the values when left out. */
  body?: (values: Values) => Sent<Intent>;
  /** The fields in the order they stand, and each one's element id, for the error summary's links. */
  fields?: readonly (keyof Values & string)[];
  idOf?: (field: string) => string;
  /** Sent beside the values (an account's id). */
  extra?: Sent<Intent>;
  onDone?: (data: Data) => void;
  onFailed?: (answer: Extract<ApiResult<Data>, { ok: false }>) => void;
  /** Editable again once the server took it, with these values (or the initial ones): a person's data typed, an in-place action. */
  resetOnDone?: boolean | ((data: Data) => Values);
  /** From the form's `useErrorSummaryFocus()` (forms/error-focus): called after each refusal. */
  refused?: () => void;
  /** A form with more actions than the core's: its reducer and the editing status it starts in. */
  reducer?: Reducer<Values, Editing, Action>;
  editing?: Editing;
}

/** What is sent beside the intent: the route's intents (src/domain/staff-console-intents.ts) say which fields and of which type. */
type Fields = Record<string, unknown>;
/** Fields of one of the route's intents (a field none of them takes is a type error). */
type Sent<Intent> = Intent extends unknown ? Partial<Omit<Intent, "intent">> : never;

const NO_ANSWER: ApiResult<never> = { ok: false, status: 0, error: CONSOLE_COPY.network, fields: {} };

/**
 * The console's one form hook: every change the console makes (a form, or an in-place button:
 * lift, retry, approve) is made with it. On the shared form core: the status union and reducer
 * of forms/form-state (values of any type: text, yes/no, lists), the domain schema checked on
 * submit, the one-at-a-time submit of forms/submit with the server's words, the error summary
 * focused after a refusal (forms/error-focus). It submits `{ intent, ...values }` with the
 * session's CSRF token to its route's action through a fetcher (console-actions.ts); the answer
 * is the fetcher's data once the router has revalidated the page.
 */
function useConsoleForm<Values extends object, Data, Editing extends object, Action, Intent extends { intent: string }>(
  options: ConsoleFormOptions<Values, Data, Editing, Action, Intent>,
) {
  const { intent, initial, schema, body, fields = [], idOf = (field) => field, extra, onDone, onFailed } = options;
  const { resetOnDone, refused, reducer, editing } = options;
  const [state, dispatch] = useReducer(reducer ?? (formReducer<Values, Editing>(editing ?? ({} as Editing)) as never), {
    status: { kind: "editing", ...editing },
    values: initial,
    errors: {},
    honeypot: "",
  } as FormState<Values, Editing>) as [FormState<Values, Editing>, (action: Action | FormAction<Values>) => void];
  const [answer, setAnswer] = useState<ApiResult<Data>>();
  const { csrfToken, signedOut } = useConsoleSession();
  const fetcher = useFetcher<ApiResult<Data>>();
  // The submit waits for the fetcher to be idle again (the action answered, the page revalidated): its data is the answer.
  const waiting = useRef<(answer: ApiResult<Data>) => void>(undefined);
  // The answer as it arrived: a form the revalidated page no longer holds (the order form once the
  // lead's last step is done, a re-send once the reward is sent again) is gone before its fetcher
  // is idle, so its submit resolves with that answer as it goes (its parent shows the words).
  const shown = useRef<ApiResult<Data>>(undefined);
  useEffect(
    () => () => {
      const unanswered = waiting.current;
      if (!unanswered || !shown.current) return;
      waiting.current = undefined;
      unanswered(shown.current);
    },
    [],
  );
  useEffect(() => {
    // While submitting, the data is still the last submission's answer.
    if (fetcher.state !== "submitting" && waiting.current) shown.current = fetcher.data;
    if (fetcher.state !== "idle" || !waiting.current) return;
    const answered = waiting.current;
    waiting.current = undefined;
    answered(fetcher.data ?? NO_ANSWER);
  }, [fetcher.state, fetcher.data]);
  const more = useRef<Fields>({});

  const submit = useSubmit<object, ApiResult<Data>>({
    prepare: () => {
      const sent = body ? body(state.values) : state.values;
      const parsed = schema?.safeParse(sent);
      if (!parsed || parsed.success) return sent;
      dispatch({ type: "invalid", errors: fieldErrorsOf(parsed.error) });
      refused?.();
      return undefined;
    },
    send: async (sent: object) => {
      const answered = new Promise<ApiResult<Data>>((resolve) => {
        waiting.current = resolve;
      });
      const submission: ConsoleSubmission = { body: { intent, ...extra, ...more.current, ...sent }, csrfToken };
      // Resolves once the router has shown the page read again; the answer is the fetcher's data (the effect above).
      shown.current = undefined;
      await fetcher.submit(submission as never, { method: "post", encType: "application/json" });
      return answered;
    },
    dispatch,
    showsServerWords: true,
    onSucceeded: (result) => {
      setAnswer(result);
      if (resetOnDone)
        dispatch({ type: "reset", values: typeof resetOnDone === "function" ? resetOnDone(result.data) : initial });
      onDone?.(result.data);
    },
    onFailed: (failure) => {
      const result = failure as Extract<ApiResult<Data>, { ok: false }>;
      setAnswer(result);
      // A change refused because the session ended: the sign-in form says so (its own refusal is the wrong password).
      if (result.status === 401 && intent !== "sign-in") signedOut(CONSOLE_COPY.signIn.expired);
      if (Object.keys(result.fields).length > 0) refused?.();
      onFailed?.(result);
    },
  });
  const change =
    <K extends keyof Values & string>(field: K) =>
    (value: Values[K]) =>
      dispatch({ type: "changed", field, value } as FormAction<Values>);
  const hasFieldErrors = Object.keys(state.errors).length > 0;
  return {
    state,
    dispatch,
    change,
    /**
     * Sends the values; `withFields`: fields of this submission only (the row's id of an in-place
     * button), or another intent of the same route (Decline beside Approve).
     */
    submit: (withFields: Sent<Intent> | Partial<Intent> = {} as Sent<Intent>) => {
      if (state.status.kind !== "submitting") {
        more.current = withFields;
        setAnswer(undefined);
      }
      return submit();
    },
    reset: (values: Values = initial) => dispatch({ type: "reset", values }),
    /** The server's last answer (undefined while a submit is on its way). */
    answer,
    isBusy: state.status.kind === "submitting",
    isLocked: isLocked(state.status),
    /** The failed status's message when no field carries it (a field's message is in the summary). */
    error: state.status.kind === "failed" && !hasFieldErrors ? state.status.message : undefined,
    /** The error summary's links, one per field with a message. */
    summaryItems: errorSummaryItems(state.errors, fields, idOf),
  };
}

/**
 * The console's form hook for one route: its `intent` is one of that route's intents, and what
 * it sends (`body`, `extra`, a submit's fields) only the fields those intents take.
 */
function consoleFormFor<S extends RouteIntents>(_intents: S) {
  return function useRouteForm<
    Values extends object = Record<string, never>,
    Data = unknown,
    Editing extends object = object,
    Action = never,
  >(options: ConsoleFormOptions<Values, Data, Editing, Action, z.input<S>>) {
    return useConsoleForm(options);
  };
}

/** /staff, the layout: signing in, the second factor, signing out. */
export const useSessionForm = consoleFormFor(SessionIntentSchema);
/** /staff/leads/:leadId */
export const useLeadForm = consoleFormFor(LeadIntentSchema);
/** A booked call's change, on the Calls view and the lead's page (both routes take it). */
export const useCallForm = consoleFormFor(CallsIntentSchema);
/** /staff/accounts */
export const useAccountsForm = consoleFormFor(AccountsIntentSchema);
/** /staff/security */
export const useOwnSecurityForm = consoleFormFor(OwnSecurityIntentSchema);
/** /staff/throttles */
export const useThrottlesForm = consoleFormFor(ThrottlesIntentSchema);
/** /staff/approvals */
export const useApprovalsForm = consoleFormFor(ApprovalsIntentSchema);
/** /staff/privacy */
export const usePrivacyForm = consoleFormFor(PrivacyIntentSchema);
