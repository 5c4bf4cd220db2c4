import { useReducer } from "react";
import { FACILITY_TYPES } from "../../../domain/enumerations";
import {
  ChatLeadFieldsSchema,
  LEAD_IDENTITY_FIELDS,
  type ChatLeadInput,
  type LeadIdentityField,
} from "../../../domain/facility-lead";
import { US_STATES } from "../../../domain/us-states";
import { fieldErrorsOf } from "../../../domain/fields";
import { FAILURE_ALERTS } from "../../../domain/messages";
import { Button } from "../../components/button";
import { ConsentCheckbox } from "../../components/consent-checkbox";
import { ErrorSummary } from "../../components/error-summary";
import { SelectField } from "../../components/select-field";
import { HoneypotField } from "../../components/honeypot-field";
import { PhoneInput } from "../../components/phone-input";
import { PrivacyNote } from "../../components/privacy-note";
import { TextField } from "../../components/text-field";
import { FORM_LABELS } from "../../content/form-labels";
import { QUALIFICATION_CHAT_COPY as COPY } from "../../content/qualification-chat";
import { antiSpamStamp, useFormStartedAt } from "../../forms/anti-spam-stamp";
import { FailureAlert } from "../../forms/failure-alert";
import { useErrorSummaryFocus } from "../../forms/error-focus";
import { formReducer, isLocked, type FormState } from "../../forms/form-state";
import { useSubmit } from "../../forms/submit";
import { submitLead } from "../../lib/api";

/** What a visitor without a lead tells the chat first (spec 5.3 rules, 5.5 consent): who, and which facility where. */
/** The chat lead's fields (ChatLeadFieldsSchema's), as the form holds them. */
type ChatContactValues = Record<LeadIdentityField, string> & { consentAgreed: boolean };

const EMPTY = {
  ...Object.fromEntries(LEAD_IDENTITY_FIELDS.map((field) => [field, ""])),
  consentAgreed: false,
} as ChatContactValues;
const reduce = formReducer<ChatContactValues, object>({});
const FIELD_ORDER: (keyof ChatContactValues)[] = [
  "firstName",
  "lastName",
  "title",
  "email",
  "phone",
  "facilityName",
  "facilityType",
  "location",
  "consentAgreed",
];

/**
 * The chat's first step when the visitor has no lead (a direct visit to /voice-agent): a form
 * on the form core that stores a lead with form "chat" (the same abuse protection and consent
 * proof as the other forms) and so gets the qualification token.
 */
export function ChatContactForm({ isExpired, onStored }: { isExpired: boolean; onStored: () => void }) {
  const [state, dispatch] = useReducer(reduce, {
    status: { kind: "editing" },
    values: EMPTY,
    errors: {},
    honeypot: "",
  } satisfies FormState<ChatContactValues>);
  const startedAt = useFormStartedAt();
  const { summaryRef, refused } = useErrorSummaryFocus();
  const { values, errors } = state;
  const errorItems = FIELD_ORDER.filter((field) => errors[field]).map((field) => ({ field, message: errors[field]! }));
  // Focus goes to the error summary after each refused submit (not while the fields are corrected).

  const submit = useSubmit<ChatLeadInput>({
    prepare: () => {
      const result = ChatLeadFieldsSchema.safeParse(values);
      if (!result.success) {
        dispatch({ type: "invalid", errors: fieldErrorsOf(result.error) });
        refused();
        return undefined;
      }
      return { ...values, form: "chat", ...antiSpamStamp(state.honeypot, startedAt.current) } as ChatLeadInput;
    },
    send: (body, key) => submitLead(body, key),
    dispatch,
    failureMessage: FAILURE_ALERTS.qualifyPage,
    onSucceeded: onStored,
  });

  const text = (field: LeadIdentityField) => ({
    id: `chat-${field}`,
    value: values[field],
    error: errors[field],
    onValueChange: (value: string) => dispatch({ type: "changed", field, value }),
  });
  const locked = isLocked(state.status);

  return (
    <form
      noValidate
      aria-labelledby="chat-contact-title"
      className="flex flex-col gap-4 overflow-y-auto p-4 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div>
        <h3 id="chat-contact-title" className="text-xl font-bold text-slate-900">
          {COPY.contactTitle}
        </h3>
        <p className="mt-1 text-slate-700">{isExpired ? COPY.contactExpired : COPY.contactIntro}</p>
      </div>
      <ErrorSummary
        ref={summaryRef}
        title={FORM_LABELS.errorSummaryTitle}
        items={errorItems.map((item) => ({ ...item, field: `chat-${item.field}` }))}
        onSelect={(field) => document.getElementById(field)?.focus()}
      />
      <fieldset className="grid gap-x-5 gap-y-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-slate-900">{COPY.contactGroupYou}</legend>
        <TextField {...text("firstName")} label={FORM_LABELS.firstName} autoComplete="given-name" />
        <TextField {...text("lastName")} label={FORM_LABELS.lastName} autoComplete="family-name" />
        <TextField {...text("title")} label={FORM_LABELS.title} autoComplete="organization-title" isOptional />
        <TextField {...text("email")} label={FORM_LABELS.email} type="email" autoComplete="email" spellCheck={false} />
        <PhoneInput {...text("phone")} label={FORM_LABELS.phone} />
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-semibold text-slate-900">{COPY.contactGroupFacility}</legend>
        <div className="grid gap-x-5 gap-y-3 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField {...text("facilityName")} label={FORM_LABELS.facilityName} autoComplete="organization" />
          </div>
          <SelectField
            {...text("facilityType")}
            label={FORM_LABELS.facilityType}
            options={FACILITY_TYPES}
            placeholder={FORM_LABELS.selectPlaceholder}
          />
          <SelectField
            {...text("location")}
            label={FORM_LABELS.location}
            options={US_STATES}
            placeholder={FORM_LABELS.selectPlaceholder}
            autoComplete="address-level1"
          />
        </div>
      </fieldset>
      <div>
        <ConsentCheckbox
          id="chat-consentAgreed"
          checked={values.consentAgreed}
          onCheckedChange={(value) => dispatch({ type: "changed", field: "consentAgreed", value })}
          error={errors.consentAgreed}
        />
        <PrivacyNote note={COPY.privacyNote} />
      </div>
      <HoneypotField
        id="hp-chat"
        value={state.honeypot}
        onValueChange={(value) => dispatch({ type: "honeypotChanged", value })}
      />
      <FailureAlert status={state.status} />
      <Button
        type="submit"
        className="self-start"
        disabled={locked}
        isBusy={state.status.kind === "submitting"}
        busyLabel={COPY.contactSubmitting}
      >
        {COPY.contactSubmit}
      </Button>
    </form>
  );
}
