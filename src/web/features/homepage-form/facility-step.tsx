import { FACILITY_TYPES, US_STATES } from "../../../domain";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { FORM_LABELS } from "../../content/form-labels";
import type { FormStepProps } from "./form-step-props";

/** Step 1: facility name, type and location (the 50 states). */
export function FacilityStep({ values, errors, dispatch }: FormStepProps) {
  return (
    <div className="grid gap-x-5 gap-y-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField
          id="facilityName"
          label={FORM_LABELS.facilityName}
          value={values.facilityName}
          onValueChange={(value) => dispatch({ type: "changed", field: "facilityName", value })}
          error={errors.facilityName}
          autoComplete="organization"
        />
      </div>
      <SelectField
        id="facilityType"
        label={FORM_LABELS.facilityType}
        options={FACILITY_TYPES}
        placeholder={FORM_LABELS.selectPlaceholder}
        value={values.facilityType}
        onValueChange={(value) => dispatch({ type: "changed", field: "facilityType", value })}
        error={errors.facilityType}
      />
      <SelectField
        id="location"
        label={FORM_LABELS.location}
        options={US_STATES}
        placeholder={FORM_LABELS.selectPlaceholder}
        value={values.location}
        onValueChange={(value) => dispatch({ type: "changed", field: "location", value })}
        error={errors.location}
      />
    </div>
  );
}
