import { Link } from "react-router";
import { ConsentCheckbox } from "../../components/consent-checkbox";
import { PhoneInput } from "../../components/phone-input";
import { TextField } from "../../components/text-field";
import { TrafficSourceSelect } from "../../components/traffic-source-select";
import { FORM_LABELS } from "../../content/form-labels";
import { LANDING_FORM_COPY } from "../../content/landing-form";
import type { FormStepProps } from "./form-step-props";
import type { TextFieldName } from "./homepage-form-state";

/** Step 3: contact details, how they heard about us, consent (spec 5.5). */
export function ContactStep({ values, errors, dispatch }: FormStepProps) {
  const text = (field: TextFieldName) => ({
    id: field,
    value: values[field],
    error: errors[field],
    onValueChange: (value: string) => dispatch({ type: "changed", field, value }),
  });
  return (
    <div className="grid gap-x-5 gap-y-3 sm:grid-cols-2">
      <TextField {...text("firstName")} label={FORM_LABELS.firstName} autoComplete="given-name" />
      <TextField {...text("lastName")} label={FORM_LABELS.lastName} autoComplete="family-name" />
      <TextField {...text("title")} label={FORM_LABELS.title} autoComplete="organization-title" isOptional />
      <TextField {...text("email")} label={FORM_LABELS.email} type="email" autoComplete="email" spellCheck={false} />
      <PhoneInput {...text("phone")} label={FORM_LABELS.phone} />
      <TrafficSourceSelect {...text("trafficSource")} />
      <div className="sm:col-span-2">
        <ConsentCheckbox
          id="consentAgreed"
          checked={values.consentAgreed}
          onCheckedChange={(value) => dispatch({ type: "consentChanged", value })}
          error={errors.consentAgreed}
        />
        <p className="text-sm text-slate-600">
          {LANDING_FORM_COPY.privacyNote}{" "}
          <Link to="/privacy" className="font-medium text-brand underline underline-offset-2">
            {LANDING_FORM_COPY.privacyLink}
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
