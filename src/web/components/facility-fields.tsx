import { FACILITY_TYPES, US_STATES, type FacilityFormValues, type FieldErrors } from "../../domain";
import { FORM_LABELS } from "../content/form-labels";
import { SelectField } from "./select-field";
import { TextField } from "./text-field";

export type FacilityFieldName = "facilityName" | "facilityType" | "location";

export interface FacilityFieldsProps {
  values: Pick<FacilityFormValues, FacilityFieldName>;
  onChange: (field: FacilityFieldName, value: string) => void;
  errors?: FieldErrors;
  facilityNamePlaceholder?: string;
}

/** Step 1 of both facility wizards (spec 2.1, 2.2): facility name, facility type, location (the 50 states). */
export function FacilityFields({ values, onChange, errors = {}, facilityNamePlaceholder }: FacilityFieldsProps) {
  return (
    <div className="grid gap-x-5 gap-y-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField
          id="facilityName"
          label={FORM_LABELS.facilityName}
          value={values.facilityName}
          onValueChange={(value) => onChange("facilityName", value)}
          error={errors.facilityName}
          autoComplete="organization"
          placeholder={facilityNamePlaceholder}
        />
      </div>
      <SelectField
        id="facilityType"
        label={FORM_LABELS.facilityType}
        options={FACILITY_TYPES}
        placeholder={FORM_LABELS.selectPlaceholder}
        value={values.facilityType}
        onValueChange={(value) => onChange("facilityType", value)}
        error={errors.facilityType}
      />
      <SelectField
        id="location"
        label={FORM_LABELS.location}
        options={US_STATES}
        placeholder={FORM_LABELS.selectPlaceholder}
        value={values.location}
        onValueChange={(value) => onChange("location", value)}
        error={errors.location}
        autoComplete="address-level1"
      />
    </div>
  );
}
