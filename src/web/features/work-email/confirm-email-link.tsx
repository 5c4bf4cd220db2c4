import { useEffect, useReducer, useRef, useSyncExternalStore, type FormEvent } from "react";
import { Button } from "../../components/button";
import { WORK_EMAIL_COPY } from "../../content/work-email";
import { formReducer, type FormState } from "../../forms/form-state";
import { useSubmit } from "../../forms/submit";
import { confirmWorkEmailLink } from "./work-email-api";

const COPY = WORK_EMAIL_COPY.page;
/** The link's token: 64 letters a-p (domain/work-email-codes.ts LINK_TOKEN_PATTERN; zod stays out of this page). */
const TOKEN = /^[a-p]{64}$/;

const subscribeToHash = (changed: () => void) => {
  window.addEventListener("hashchange", changed);
  return () => window.removeEventListener("hashchange", changed);
};

/**
 * The address's fragment: null while prerendering and hydrating (the page's HTML has no link),
 * then the browser's. The e-mail's link carries its token there (`#token=…`), which no server sees.
 */
const useFragment = () =>
  useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash,
    () => null,
  );

const tokenOf = (fragment: string) => {
  const token = new URLSearchParams(fragment.slice(1)).get("token");
  return token && TOKEN.test(token) ? token : undefined;
};

/** Once confirmed, the token leaves the address bar (a shared or bookmarked address does not carry it). */
function forgetFragment() {
  try {
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  } catch {
    // the address keeps its fragment: the token is used up anyway
  }
}

const reduce = formReducer<object, object>({});
const initial: FormState<object> = { status: { kind: "editing" }, values: {}, errors: {}, honeypot: "" };

/**
 * The page the e-mail's link opens (decision 0031): its one action is the Confirm button, which
 * posts the link's token; opening the page (a GET, as a mail scanner does) confirms nothing.
 */
export function ConfirmEmailLink() {
  const fragment = useFragment();
  const token = fragment === null ? undefined : (tokenOf(fragment) ?? null);
  const [state, dispatch] = useReducer(reduce, initial);
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.status.kind === "succeeded" || state.status.kind === "failed") resultRef.current?.focus();
  }, [state.status.kind]);

  const submit = useSubmit({
    prepare: () => (token ? { token } : undefined),
    send: ({ token: linkToken }) => confirmWorkEmailLink(linkToken),
    dispatch,
    showsServerWords: true,
    onSucceeded: forgetFragment,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  if (state.status.kind === "succeeded") {
    return (
      <div
        ref={resultRef}
        tabIndex={-1}
        role="status"
        className="mt-6 rounded-xl border-2 border-green-700 bg-green-50 p-5"
      >
        <h2 className="text-xl font-bold text-green-950">{WORK_EMAIL_COPY.confirmedTitle}</h2>
        <p className="mt-1 text-green-950">{WORK_EMAIL_COPY.confirmedBody}</p>
      </div>
    );
  }
  if (token === null && state.status.kind === "editing") {
    return (
      <p role="alert" className="mt-6 rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
        {COPY.missingLink}
      </p>
    );
  }
  const failure = state.status.kind === "failed" ? state.status.message || WORK_EMAIL_COPY.failed : "";
  return (
    <form onSubmit={onSubmit} className="mt-6">
      <Button type="submit" size="lg" isBusy={state.status.kind === "submitting"} busyLabel={COPY.confirming}>
        {COPY.confirm}
      </Button>
      <div
        ref={resultRef}
        tabIndex={-1}
        role="alert"
        className={failure ? "mt-4 rounded-lg border border-red-700 bg-red-50 p-4 text-red-900" : ""}
      >
        {failure}
      </div>
    </form>
  );
}
