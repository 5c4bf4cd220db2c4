import { HOMEPAGE_SHIFT_TYPES, ROLES, URGENCIES } from "../../../domain";
import { SelectField } from "../../components/select-field";
import { ToggleGroup } from "../../components/toggle-group";
import { FORM_LABELS } from "../../content/form-labels";
import { LANDING_FORM_COPY } from "../../content/landing-form";
import type { FormStepProps } from "./form-step-props";

/** Step 2: roles (toggles), urgency, shift types (toggles). */
export function NeedsStep({ values, errors, dispatch }: FormStepProps) {
  return (
    <div className="grid gap-y-4">
      <ToggleGroup
        id="rolesNeeded"
        legend={FORM_LABELS.rolesNeeded}
        hint={LANDING_FORM_COPY.rolesHint}
        options={ROLES}
        selected={values.rolesNeeded}
        onToggle={(value) => dispatch({ type: "toggled", field: "rolesNeeded", value })}
        error={errors.rolesNeeded}
      />
      <SelectField
        id="urgency"
        label={FORM_LABELS.urgency}
        options={URGENCIES}
        placeholder={FORM_LABELS.selectPlaceholder}
        value={values.urgency}
        onValueChange={(value) => dispatch({ type: "changed", field: "urgency", value })}
        error={errors.urgency}
      />
      <ToggleGroup
        id="shiftTypes"
        legend={FORM_LABELS.shiftTypes}
        hint={LANDING_FORM_COPY.shiftTypesHint}
        options={HOMEPAGE_SHIFT_TYPES}
        selected={values.shiftTypes}
        onToggle={(value) => dispatch({ type: "toggled", field: "shiftTypes", value })}
        error={errors.shiftTypes}
      />
    </div>
  );
}
