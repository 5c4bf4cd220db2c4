import type { ComponentType, ReactNode } from "react";
import { FACILITY_TYPES, ROLES, URGENCIES, type Option } from "../../domain/enumerations";
import { US_STATES } from "../../domain/us-states";
import type { FacilityFormValues } from "../../domain/wizard-steps";
import { ConsentCheckbox } from "../components/consent-checkbox";
import { PhoneInput } from "../components/phone-input";
import { SelectField } from "../components/select-field";
import { TextField } from "../components/text-field";
import { ToggleGroup } from "../components/toggle-group";
import { TrafficSourceSelect } from "../components/traffic-source-select";
import { FORM_LABELS } from "../content/form-labels";
import type { MultiField } from "./form-state";
import type { WizardStepProps } from "./wizard";

/**
 * The three steps both facility wizards show (spec 2.1, 2.2). Each form passes only what its
 * spec makes different: a placeholder, the shift types offered, urgency as a select or radios,
 * what stands below the contact fields. A gated form (5.4) passes no messages.
 */

type TextFieldName = "facilityName" | "firstName" | "lastName" | "title" | "email" | "phone" | "trafficSource";
type SelectFieldName = "facilityType" | "location" | "urgency";

/** A text or select control bound to a field of the wizard. */
export interface BoundControlProps {
  id: string;
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
}

function bind(
  { values, errors, dispatch }: WizardStepProps,
  field: TextFieldName | SelectFieldName,
): BoundControlProps {
  return {
    id: field,
    value: values[field],
    error: errors[field],
    onValueChange: (value: string) => dispatch({ type: "changed", field, value }),
  };
}

function FieldSelect({
  step,
  field,
  options,
  autoComplete,
}: {
  step: WizardStepProps;
  field: SelectFieldName;
  options: readonly Option[];
  autoComplete?: string;
}) {
  return (
    <SelectField
      {...bind(step, field)}
      label={FORM_LABELS[field]}
      options={options}
      placeholder={FORM_LABELS.selectPlaceholder}
      autoComplete={autoComplete}
    />
  );
}

function FieldToggles({
  step,
  field,
  options,
}: {
  step: WizardStepProps;
  field: MultiField<FacilityFormValues>;
  options: readonly Option[];
}) {
  const { values, errors, dispatch } = step;
  return (
    <ToggleGroup
      id={field}
      legend={FORM_LABELS[field]}
      hint={FORM_LABELS.selectAllHint}
      options={options}
      selected={values[field]}
      onToggle={(value) => dispatch({ type: "toggled", field, value })}
      error={errors[field]}
    />
  );
}

/** Step 1: facility name, facility type, location (the 50 states), and what a form shows under them (`locationNote`). */
export function FacilityStep({
  facilityNamePlaceholder,
  locationNote,
  ...step
}: WizardStepProps & { facilityNamePlaceholder?: string; locationNote?: ReactNode }) {
  return (
    <div className="grid gap-x-5 gap-y-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField
          {...bind(step, "facilityName")}
          label={FORM_LABELS.facilityName}
          autoComplete="organization"
          placeholder={facilityNamePlaceholder}
        />
      </div>
      <FieldSelect step={step} field="facilityType" options={FACILITY_TYPES} />
      <FieldSelect step={step} field="location" options={US_STATES} autoComplete="address-level1" />
      {locationNote}
    </div>
  );
}

/** The urgency control a form chooses: bound to the field like every other control. */
export type UrgencyControl = ComponentType<BoundControlProps>;

/** Urgency as a select (the landing form, spec 2.1). */
export const UrgencySelect: UrgencyControl = (props) => (
  <SelectField {...props} label={FORM_LABELS.urgency} options={URGENCIES} placeholder={FORM_LABELS.selectPlaceholder} />
);

export interface NeedsStepProps extends WizardStepProps {
  /** The shift types the form offers (spec 3.4: the two forms list different ones). */
  shiftTypeOptions: readonly Option[];
  /** `UrgencySelect`, or radios showing each meaning (the qualification page, 2.2: features/qualify-wizard/urgency-options). */
  Urgency: UrgencyControl;
}

/** Step 2: roles (toggles), urgency, shift types (toggles). */
export function NeedsStep({ shiftTypeOptions, Urgency, ...step }: NeedsStepProps) {
  return (
    <div className="grid gap-5">
      <FieldToggles step={step} field="rolesNeeded" options={ROLES} />
      <Urgency {...bind(step, "urgency")} />
      <FieldToggles step={step} field="shiftTypes" options={shiftTypeOptions} />
    </div>
  );
}

/** Step 3: contact details, how they heard about us, consent (spec 5.5), then `children`. */
export function ContactStep({ children, ...step }: WizardStepProps & { children?: ReactNode }) {
  const { values, errors, dispatch } = step;
  return (
    <div className="grid gap-x-5 gap-y-3 sm:grid-cols-2">
      <TextField {...bind(step, "firstName")} label={FORM_LABELS.firstName} autoComplete="given-name" required />
      <TextField {...bind(step, "lastName")} label={FORM_LABELS.lastName} autoComplete="family-name" required />
      <TextField {...bind(step, "title")} label={FORM_LABELS.title} autoComplete="organization-title" isOptional />
      <TextField
        {...bind(step, "email")}
        label={FORM_LABELS.email}
        type="email"
        autoComplete="email"
        spellCheck={false}
        required
      />
      <PhoneInput {...bind(step, "phone")} label={FORM_LABELS.phone} required />
      <TrafficSourceSelect {...bind(step, "trafficSource")} />
      <div className="grid gap-3 sm:col-span-2">
        <ConsentCheckbox
          id="consentAgreed"
          checked={values.consentAgreed}
          onCheckedChange={(value) => dispatch({ type: "changed", field: "consentAgreed", value })}
          error={errors.consentAgreed}
        />
        {children}
      </div>
    </div>
  );
}
