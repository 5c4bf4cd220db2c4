import { useEffect, useReducer, useRef, useState, type FormEvent } from "react";
import { WorkEmailCodeFormSchema } from "../../../domain/work-email-codes";
import { fieldErrorsOf } from "../../../domain/fields";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { WORK_EMAIL_COPY } from "../../content/work-email";
import { focusField } from "../../forms/error-focus";
import { formReducer, isLocked, type FormState } from "../../forms/form-state";
import { useSubmit } from "../../forms/submit";
import { readQualificationSession } from "../../lib/qualification-session";
import { codesAreSent, confirmWorkEmailCode, requestNewWorkEmailCode, type CodeSession } from "./work-email-api";
import { codeIsWaiting } from "./code-waiting-api";

const COPY = WORK_EMAIL_COPY.form;
const CODE_ID = "work-email-code";

type Values = { code: string };
const reduce = formReducer<Values, object>({});
const initial: FormState<Values> = { status: { kind: "editing" }, values: { code: "" }, errors: {}, honeypot: "" };

/**
 * "Confirm your work e-mail to get your card sooner" (decision 0031), on the thank-you page and at the
 * end of the chat: the code checked with the domain's schema (the one the API parses), posted
 * through the form core's submit; a refusal is shown in words beside the field, which takes focus.
 * "Send a new code" asks for another and says what happened in a status line. Without a
 * qualification session in this browser (no lead stored here) it shows nothing. With
 * `onlyWhileWaiting` (/call) it shows only while the server says this lead's code
 * waits for an answer: the page is opened from an e-mail, often after the code expired or was used.
 */
export default function WorkEmailCodeForm({
  session: given,
  onlyWhileWaiting = false,
}: {
  session?: CodeSession | undefined;
  onlyWhileWaiting?: boolean | undefined;
}) {
  const [session] = useState(() => given ?? readQualificationSession());
  const [state, dispatch] = useReducer(reduce, initial);
  const [newCode, setNewCode] = useState<{ busy: boolean; message: string }>({ busy: false, message: "" });
  const newCodeGuard = useRef(false);
  const resultRef = useRef<HTMLDivElement>(null);
  // Shown only once the server says it sends codes (decision 0040): no form for a code that never comes;
  // with `onlyWhileWaiting`, only once it says this lead's code is waiting.
  const [codesOn, setCodesOn] = useState<boolean>();
  useEffect(() => {
    if (!session) return;
    let live = true;
    void (onlyWhileWaiting ? codeIsWaiting(session) : codesAreSent()).then((on) => live && setCodesOn(on));
    return () => {
      live = false;
    };
  }, [session, onlyWhileWaiting]);

  const submit = useSubmit({
    prepare: () => {
      const parsed = WorkEmailCodeFormSchema.safeParse(state.values);
      if (parsed.success) return parsed.data;
      dispatch({ type: "invalid", errors: fieldErrorsOf(parsed.error) });
      focusField(CODE_ID);
      return undefined;
    },
    send: ({ code }) => confirmWorkEmailCode(session!, code),
    dispatch,
    showsServerWords: true,
    onFailed: (result) => {
      if (!result.fields.code) dispatch({ type: "invalid", errors: { code: result.error || WORK_EMAIL_COPY.failed } });
      focusField(CODE_ID);
    },
  });

  // The confirmation takes focus once it is on the page: in an effect after its commit, not in a
  // frame callback from the submit, which can run before React has rendered it (then nothing is focused).
  const isConfirmed = state.status.kind === "succeeded";
  useEffect(() => {
    if (isConfirmed) resultRef.current?.focus();
  }, [isConfirmed]);

  const askForNewCode = async () => {
    if (newCodeGuard.current || !session) return;
    newCodeGuard.current = true;
    setNewCode({ busy: true, message: "" });
    const result = await requestNewWorkEmailCode(session);
    newCodeGuard.current = false;
    setNewCode({ busy: false, message: result.ok ? result.message : result.error || WORK_EMAIL_COPY.failed });
  };

  if (!session || !codesOn) return null;
  if (isConfirmed) {
    return (
      <div ref={resultRef} tabIndex={-1} role="status" className="rounded-xl border-2 border-green-700 bg-green-50 p-5">
        <h2 className="text-lg font-bold text-green-950">{WORK_EMAIL_COPY.confirmedTitle}</h2>
        <p className="mt-1 text-green-950">{WORK_EMAIL_COPY.confirmedBody}</p>
      </div>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const isBusy = state.status.kind === "submitting";
  return (
    <section aria-labelledby="work-email-title" className="rounded-xl border border-slate-200 bg-white p-5 text-left">
      <h2 id="work-email-title" className="text-lg font-bold text-slate-900">
        {COPY.title}
      </h2>
      <p className="mt-1 text-slate-700">{COPY.intro}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-3 sm:max-w-sm">
        <TextField
          id={CODE_ID}
          label={COPY.codeLabel}
          hint={COPY.codeHint}
          value={state.values.code}
          onValueChange={(value) => dispatch({ type: "changed", field: "code", value })}
          error={state.errors.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={40}
          readOnly={isLocked(state.status)}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isBusy={isBusy} busyLabel={COPY.confirming}>
            {COPY.confirm}
          </Button>
          <Button
            tone="plain"
            isBusy={newCode.busy}
            busyLabel={COPY.sendingNewCode}
            onClick={() => void askForNewCode()}
          >
            {COPY.newCode}
          </Button>
        </div>
        <p role="status" className="min-h-6 text-sm text-slate-800">
          {newCode.message}
        </p>
      </form>
    </section>
  );
}
