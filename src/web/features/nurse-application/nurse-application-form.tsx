import { useReducer, type FormEvent } from "react";
import { CLASSIFICATIONS } from "../../../domain/enumerations";
import { DESIRED_LOCATIONS } from "../../../domain/us-states";
import { FAILURE_ALERTS } from "../../../domain/messages";
import { Button } from "../../components/button";
import { HoneypotField } from "../../components/honeypot-field";
import { PhoneInput } from "../../components/phone-input";
import { SelectField } from "../../components/select-field";
import { TextAreaField } from "../../components/text-area-field";
import { TextField } from "../../components/text-field";
import { FORM_LABELS } from "../../content/form-labels";
import { NURSE_APPLICATION_COPY } from "../../content/nurse-application-copy";
import { antiSpamStamp, useFormStartedAt } from "../../forms/anti-spam-stamp";
import { focusField } from "../../forms/error-focus";
import { FailureAlert } from "../../forms/failure-alert";
import { isLocked } from "../../forms/form-state";
import { useSubmit } from "../../forms/submit";
import { submitNurseApplication } from "../../lib/api";
import { loadValidators, prefetchValidators } from "../../lib/validators";
import { INITIAL_NURSE_STATE, firstInvalidField, nurseReducer, type NurseField } from "./nurse-application-state";

export interface NurseApplicationFormProps {
  /** Called once the application is stored: the dialog shows its thank-you. */
  onSucceeded: () => void;
  submit?: typeof submitNurseApplication;
}

/** The nurse application of spec 2.3 with the on-submit validation of 5.1. */
export function NurseApplicationForm({ onSucceeded, submit = submitNurseApplication }: NurseApplicationFormProps) {
  const [state, dispatch] = useReducer(nurseReducer, INITIAL_NURSE_STATE);
  const formStartedAtRef = useFormStartedAt();
  const { values, errors, status } = state;

  const set = (field: NurseField) => (value: string) => dispatch({ type: "changed", field, value });

  const post = useSubmit({
    prepare: async () => {
      const { NurseApplicationFieldsSchema, fieldErrorsOf } = await loadValidators();
      const parsed = NurseApplicationFieldsSchema.safeParse(values);
      if (parsed.success) return { ...parsed.data, ...antiSpamStamp(state.honeypot, formStartedAtRef.current) };
      const fieldErrors = fieldErrorsOf(parsed.error);
      dispatch({ type: "invalid", errors: fieldErrors });
      const first = firstInvalidField(fieldErrors);
      if (first) focusField(`nurse-${first}`);
      return undefined;
    },
    send: submit,
    dispatch,
    failureMessage: FAILURE_ALERTS.nurseApplication,
    onSucceeded,
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void post();
  }

  return (
    <form noValidate onSubmit={handleSubmit} onFocus={prefetchValidators} className="grid gap-4">
      <p className="text-sm text-slate-600">{NURSE_APPLICATION_COPY.requiredNote}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="nurse-firstName"
          label={FORM_LABELS.firstName}
          value={values.firstName}
          onValueChange={set("firstName")}
          error={errors.firstName}
          autoComplete="given-name"
        />
        <TextField
          id="nurse-lastName"
          label={FORM_LABELS.lastName}
          value={values.lastName}
          onValueChange={set("lastName")}
          error={errors.lastName}
          autoComplete="family-name"
        />
        <TextField
          id="nurse-email"
          label={FORM_LABELS.email}
          type="email"
          value={values.email}
          onValueChange={set("email")}
          error={errors.email}
          autoComplete="email"
        />
        <PhoneInput
          id="nurse-phone"
          label={FORM_LABELS.phone}
          value={values.phone}
          onValueChange={set("phone")}
          error={errors.phone}
        />
        <TextField
          id="nurse-zipCode"
          label={FORM_LABELS.zipCode}
          value={values.zipCode}
          onValueChange={set("zipCode")}
          error={errors.zipCode}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={20}
        />
        <SelectField
          id="nurse-classification"
          label={FORM_LABELS.classification}
          placeholder={FORM_LABELS.selectPlaceholder}
          options={CLASSIFICATIONS}
          value={values.classification}
          onValueChange={set("classification")}
          error={errors.classification}
        />
      </div>
      <SelectField
        id="nurse-desiredLocation"
        label={FORM_LABELS.desiredLocation}
        placeholder={FORM_LABELS.selectPlaceholder}
        options={DESIRED_LOCATIONS}
        value={values.desiredLocation}
        onValueChange={set("desiredLocation")}
        error={errors.desiredLocation}
      />
      <TextAreaField
        id="nurse-message"
        label={FORM_LABELS.message}
        hint={NURSE_APPLICATION_COPY.messageHint}
        value={values.message}
        onValueChange={set("message")}
        error={errors.message}
        isOptional
        maxLength={5000}
      />
      <HoneypotField
        id="nurse-hp"
        value={state.honeypot}
        onValueChange={(value) => dispatch({ type: "honeypotChanged", value })}
      />
      <FailureAlert status={status} />
      <Button
        type="submit"
        tone="brand"
        className="w-full"
        isBusy={isLocked(status)}
        busyLabel={FORM_LABELS.submitting}
      >
        {NURSE_APPLICATION_COPY.submit}
      </Button>
    </form>
  );
}
