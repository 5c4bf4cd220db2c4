import { useEffect, useReducer, useRef, type FormEvent } from "react";
import {
  CLASSIFICATIONS,
  DESIRED_LOCATIONS,
  FAILURE_ALERTS,
  HONEYPOT_FIELD,
  type NurseApplicationInput,
} from "../../../domain";
import { HoneypotField } from "../../components/honeypot-field";
import { PhoneInput } from "../../components/phone-input";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { FORM_LABELS } from "../../content/form-labels";
import { NURSE_APPLICATION_COPY } from "../../content/nurse-application";
import { submitNurseApplication } from "../../lib/api";
import { loadValidators, prefetchValidators } from "../../lib/validators";
import { Spinner } from "../../components/spinner";
import { firstInvalidField, initialNurseState, nurseReducer, type NurseField } from "./nurse-application-reducer";
import { TextAreaField } from "./text-area-field";

export interface NurseApplicationFormProps {
  /** Called once the application is stored: the dialog shows its thank-you. */
  onSucceeded: () => void;
  submit?: typeof submitNurseApplication;
}

/** The nurse application of spec 2.3 with the on-submit validation of 5.1. */
export function NurseApplicationForm({ onSucceeded, submit = submitNurseApplication }: NurseApplicationFormProps) {
  const [state, dispatch] = useReducer(nurseReducer, initialNurseState);
  const formStartedAt = useRef<number | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const { values, errors, status } = state;
  const isSubmitting = status.type === "submitting";

  useEffect(() => {
    formStartedAt.current ??= Date.now();
  }, []);

  // One submit at a time, from the click until the answer (the validators load on first need).
  const isBusy = useRef(false);

  const set = (field: NurseField) => (value: string) => dispatch({ type: "set", field, value });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting || isBusy.current) return;
    isBusy.current = true;
    try {
      await validateAndSend();
    } finally {
      isBusy.current = false;
    }
  }

  async function validateAndSend() {
    const { NurseApplicationFieldsSchema, fieldErrorsOf } = await loadValidators();
    const parsed = NurseApplicationFieldsSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      dispatch({ type: "invalid", errors: fieldErrors });
      const first = firstInvalidField(fieldErrors);
      if (first) formRef.current?.querySelector<HTMLElement>(`#nurse-${first}`)?.focus();
      return;
    }
    dispatch({ type: "submit" });
    const application: NurseApplicationInput = {
      ...parsed.data,
      timestamp: new Date().toISOString(),
      [HONEYPOT_FIELD]: state.honeypot,
      ...(formStartedAt.current === undefined ? {} : { formStartedAt: formStartedAt.current }),
    };
    const result = await submit(application, crypto.randomUUID());
    if (result.ok) {
      dispatch({ type: "succeed" });
      onSucceeded();
      return;
    }
    dispatch({ type: "fail", message: FAILURE_ALERTS.nurseApplication });
    window.alert(FAILURE_ALERTS.nurseApplication);
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} onFocus={prefetchValidators} className="grid gap-4">
      <p className="text-sm text-slate-600">{NURSE_APPLICATION_COPY.requiredNote}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="nurse-firstName" label={FORM_LABELS.firstName} value={values.firstName} onValueChange={set("firstName")} error={errors.firstName} autoComplete="given-name" />
        <TextField id="nurse-lastName" label={FORM_LABELS.lastName} value={values.lastName} onValueChange={set("lastName")} error={errors.lastName} autoComplete="family-name" />
        <TextField id="nurse-email" label={FORM_LABELS.email} type="email" value={values.email} onValueChange={set("email")} error={errors.email} autoComplete="email" />
        <PhoneInput id="nurse-phone" label={FORM_LABELS.phone} value={values.phone} onValueChange={set("phone")} error={errors.phone} />
        <TextField id="nurse-zipCode" label={FORM_LABELS.zipCode} value={values.zipCode} onValueChange={set("zipCode")} error={errors.zipCode} autoComplete="postal-code" inputMode="numeric" maxLength={20} />
        <SelectField id="nurse-classification" label={FORM_LABELS.classification} placeholder={FORM_LABELS.selectPlaceholder} options={CLASSIFICATIONS} value={values.classification} onValueChange={set("classification")} error={errors.classification} />
      </div>
      <SelectField id="nurse-desiredLocation" label={FORM_LABELS.desiredLocation} placeholder={FORM_LABELS.selectPlaceholder} options={DESIRED_LOCATIONS} value={values.desiredLocation} onValueChange={set("desiredLocation")} error={errors.desiredLocation} />
      <TextAreaField id="nurse-message" label={FORM_LABELS.message} hint={NURSE_APPLICATION_COPY.messageHint} value={values.message} onValueChange={set("message")} error={errors.message} isOptional maxLength={5000} />
      <HoneypotField id="nurse-hp" value={state.honeypot} onValueChange={(value) => dispatch({ type: "setHoneypot", value })} />
      <div role="alert">
        {status.type === "failed" ? (
          <p className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm font-semibold text-red-800">{status.message}</p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={isSubmitting}
        className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md bg-brand px-5 py-2.5 text-base font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-80"
      >
        {isSubmitting ? (
          <>
            <Spinner />
            {NURSE_APPLICATION_COPY.submitting}
          </>
        ) : (
          NURSE_APPLICATION_COPY.submit
        )}
      </button>
    </form>
  );
}
