import { ConsentCheckbox } from "../../components/consent-checkbox";
import { PhoneInput } from "../../components/phone-input";
import { TextField } from "../../components/text-field";
import { TrafficSourceSelect } from "../../components/traffic-source-select";
import { FORM_LABELS } from "../../content/form-labels";
import { QUALIFY_COPY } from "../../content/qualify";
import type { StepProps } from "./facility-step";

/** Step 3: contact details and consent, then the green "what happens next" box (spec 2.2). */
export function ContactStep({ values, dispatch }: StepProps) {
  const set = (field: "firstName" | "lastName" | "title" | "email" | "phone" | "trafficSource") => (value: string) =>
    dispatch({ type: "set", field, value });
  return (
    <div className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id="firstName" label={FORM_LABELS.firstName} value={values.firstName} onValueChange={set("firstName")} autoComplete="given-name" required />
        <TextField id="lastName" label={FORM_LABELS.lastName} value={values.lastName} onValueChange={set("lastName")} autoComplete="family-name" required />
      </div>
      <TextField id="title" label={FORM_LABELS.title} value={values.title} onValueChange={set("title")} autoComplete="organization-title" isOptional />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id="email" label={FORM_LABELS.email} type="email" value={values.email} onValueChange={set("email")} autoComplete="email" required />
        <PhoneInput id="phone" label={FORM_LABELS.phone} value={values.phone} onValueChange={set("phone")} required />
      </div>
      <TrafficSourceSelect id="trafficSource" value={values.trafficSource} onValueChange={set("trafficSource")} />
      <ConsentCheckbox
        id="consentAgreed"
        checked={values.consentAgreed}
        onCheckedChange={(value) => dispatch({ type: "setConsent", value })}
      />
      <div className="rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-900">
        <h3 className="font-bold">{QUALIFY_COPY.nextSteps.title}</h3>
        <p className="mt-1">{QUALIFY_COPY.nextSteps.body}</p>
      </div>
    </div>
  );
}
