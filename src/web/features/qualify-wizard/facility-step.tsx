import { FACILITY_TYPES, US_STATES, type FacilityFormValues } from "../../../domain";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { FORM_LABELS } from "../../content/form-labels";
import { QUALIFY_COPY } from "../../content/qualify";
import type { QualifyAction } from "./qualify-reducer";

export interface StepProps {
  values: FacilityFormValues;
  dispatch: (action: QualifyAction) => void;
}

/** Step 1: facility name, facility type and location (spec 2.2). */
export function FacilityStep({ values, dispatch }: StepProps) {
  return (
    <div className="grid gap-5">
      <TextField
        id="facilityName"
        label={FORM_LABELS.facilityName}
        value={values.facilityName}
        onValueChange={(value) => dispatch({ type: "set", field: "facilityName", value })}
        autoComplete="organization"
        placeholder={QUALIFY_COPY.facilityNamePlaceholder}
        required
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id="facilityType"
          label={FORM_LABELS.facilityType}
          placeholder={FORM_LABELS.selectPlaceholder}
          options={FACILITY_TYPES}
          value={values.facilityType}
          onValueChange={(value) => dispatch({ type: "set", field: "facilityType", value })}
        />
        <SelectField
          id="location"
          label={FORM_LABELS.location}
          placeholder={FORM_LABELS.selectPlaceholder}
          options={US_STATES}
          value={values.location}
          onValueChange={(value) => dispatch({ type: "set", field: "location", value })}
          autoComplete="address-level1"
        />
      </div>
    </div>
  );
}
