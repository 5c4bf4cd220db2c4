import { useEffect, useReducer, useRef, useState, type FormEvent } from "react";
import { checkAnswer, type Question, type QuestionId } from "../../../domain/qualification-questions";
import type { QualificationState } from "../../../domain/qualification-requests";
import { QUALIFICATION_CHAT_COPY as COPY } from "../../content/qualification-chat";
import { Button } from "../../components/button";
import { formReducer, type FormState } from "../../forms/form-state";
import { useSubmit } from "../../forms/submit";
import { sendQualificationAnswer, type QualificationResult } from "./qualification-api";
import type { QualificationSession } from "../../lib/qualification-session";

export interface AnswerFormProps {
  session: QualificationSession;
  questionId: QuestionId;
  question: Question;
  /** The answer shown at first (when changing an earlier answer). */
  initialValue?: string;
  /** Move focus to the first control when shown (after an answer, never on page load). */
  focusOnMount: boolean;
  onAnswered: (state: QualificationState) => void;
  /** The server refused the token (expired) or the chat was already complete (409). */
  onRefused: (result: Extract<QualificationResult, { ok: false }>) => void;
  /** The answer that is being sent or failed to send, to show in the log. */
  onPendingChange: (pending: { value: string; failed: boolean } | null) => void;
  onCancelChange?: () => void;
}

interface AnswerValues {
  value: string;
}

const reduce = formReducer<AnswerValues, object>({});
const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full border-2 border-brand bg-white px-4 py-2 text-left font-semibold text-brand hover:bg-sky-50 disabled:opacity-60";

/**
 * The answer to the question being asked: quick-reply buttons for a choice, a labelled input
 * for text, built on the form core (one status, one submit lifecycle). A failed send keeps
 * the answer and offers to send it again.
 */
export function AnswerForm({
  session,
  questionId,
  question,
  initialValue = "",
  focusOnMount,
  onAnswered,
  onRefused,
  onPendingChange,
  onCancelChange,
}: AnswerFormProps) {
  const [state, dispatch] = useReducer(reduce, {
    status: { kind: "editing" },
    values: { value: initialValue },
    errors: {},
    honeypot: "",
  } satisfies FormState<AnswerValues>);
  const chosen = useRef(initialValue);
  const saved = useRef<QualificationState | undefined>(undefined);
  const firstControl = useRef<HTMLButtonElement & HTMLInputElement>(null);
  const [resendFocus, setResendFocus] = useState(false);
  const inputId = `answer-${questionId}`;
  const errorId = `${inputId}-error`;

  useEffect(() => {
    if (focusOnMount) firstControl.current?.focus();
  }, [focusOnMount]);
  useEffect(() => {
    if (resendFocus) document.getElementById(`${inputId}-resend`)?.focus();
  }, [resendFocus, inputId]);

  const submit = useSubmit<{ value: string }>({
    prepare: () => {
      const check = checkAnswer(questionId, chosen.current);
      if (!check.ok) {
        dispatch({ type: "invalid", errors: { value: check.message } });
        return undefined;
      }
      onPendingChange({ value: check.value, failed: false });
      return { value: check.value };
    },
    send: async ({ value }) => {
      const result = await sendQualificationAnswer(session, questionId, value);
      if (result.ok) {
        saved.current = result.state;
        return { ok: true, id: result.state.leadId };
      }
      return result;
    },
    dispatch,
    onSucceeded: () => {
      onPendingChange(null);
      onAnswered(saved.current!);
    },
    onFailed: (result) => {
      if (result.status === 401 || result.status === 409) {
        onPendingChange(null);
        onRefused(result);
      } else if (result.status === 400 && result.fields.value) {
        onPendingChange(null);
        dispatch({ type: "invalid", errors: { value: result.fields.value } });
      } else {
        onPendingChange({ value: chosen.current, failed: true });
        setResendFocus(true);
      }
    },
  });

  const isBusy = state.status.kind === "submitting" || state.status.kind === "succeeded";
  const isFailed = state.status.kind === "failed";
  const error = state.errors.value;
  const change = (value: string) => {
    chosen.current = value;
    setResendFocus(false);
    dispatch({ type: "changed", field: "value", value });
  };
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    setResendFocus(false);
    void submit();
  };

  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-2 border-t border-slate-200 bg-slate-50 p-3">
      {question.kind === "choice" ? (
        <div role="group" aria-label={question.groupLabel} className="flex flex-wrap gap-2">
          {question.options.map((option, index) => (
            <button
              key={option.value}
              ref={index === 0 ? firstControl : undefined}
              type="button"
              disabled={isBusy}
              aria-pressed={isFailed && state.values.value === option.value ? true : undefined}
              className={buttonClass}
              onClick={() => {
                change(option.value);
                send();
              }}
            >
              {option.label}
            </button>
          ))}
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <label htmlFor={inputId} className="font-semibold text-slate-900">
            {question.label}
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              ref={firstControl}
              id={inputId}
              name={inputId}
              type={question.kind === "email" ? "email" : "text"}
              autoComplete={question.kind === "email" ? "email" : "off"}
              spellCheck={question.kind !== "email"}
              maxLength={question.kind === "text" ? question.max : 254}
              value={state.values.value}
              readOnly={isBusy}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => change(event.target.value)}
              className="min-h-11 min-w-0 flex-1 basis-48 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
            />
            <Button
              type="submit"
              disabled={isBusy}
              isBusy={state.status.kind === "submitting"}
              busyLabel={COPY.sending}
            >
              {COPY.send}
            </Button>
          </div>
          {question.kind === "text" && question.skipLabel ? (
            <button
              type="button"
              disabled={isBusy}
              className={`${buttonClass} self-start`}
              onClick={() => (change(""), send())}
            >
              {question.skipLabel}
            </button>
          ) : null}
          {question.kind === "email" ? (
            <button
              type="button"
              disabled={isBusy}
              className={`${buttonClass} self-start`}
              onClick={() => (change(""), send())}
            >
              {question.useLeadEmailLabel}
            </button>
          ) : null}
        </div>
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      {isFailed ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-md border-2 border-red-700 bg-red-50 p-2"
        >
          <p className="text-sm font-semibold text-red-800">{COPY.sendFailed}</p>
          <Button id={`${inputId}-resend`} onClick={() => send()}>
            {COPY.sendAgain}
          </Button>
        </div>
      ) : null}
      {onCancelChange ? (
        <button
          type="button"
          disabled={isBusy}
          className="self-start text-sm font-semibold text-brand underline underline-offset-2"
          onClick={onCancelChange}
        >
          {COPY.keepAnswer}
        </button>
      ) : null}
    </form>
  );
}
