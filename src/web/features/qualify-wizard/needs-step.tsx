import { QUALIFY_SHIFT_TYPES, ROLES } from "../../../domain";
import { ToggleGroup } from "../../components/toggle-group";
import { FORM_LABELS } from "../../content/form-labels";
import { QUALIFY_COPY } from "../../content/qualify";
import type { StepProps } from "./facility-step";
import { UrgencyOptions } from "./urgency-options";

/** Step 2: roles (toggles), urgency (single choice), shift types (toggles) (spec 2.2). */
export function NeedsStep({ values, dispatch }: StepProps) {
  return (
    <div className="grid gap-6">
      <ToggleGroup
        id="rolesNeeded"
        legend={FORM_LABELS.rolesNeeded}
        hint={QUALIFY_COPY.rolesHint}
        options={ROLES}
        selected={values.rolesNeeded}
        onToggle={(value) => dispatch({ type: "toggle", field: "rolesNeeded", value })}
      />
      <UrgencyOptions
        legend={QUALIFY_COPY.urgencyLegend}
        value={values.urgency}
        onValueChange={(value) => dispatch({ type: "set", field: "urgency", value })}
      />
      <ToggleGroup
        id="shiftTypes"
        legend={FORM_LABELS.shiftTypes}
        hint={QUALIFY_COPY.shiftTypesHint}
        options={QUALIFY_SHIFT_TYPES}
        selected={values.shiftTypes}
        onToggle={(value) => dispatch({ type: "toggle", field: "shiftTypes", value })}
      />
    </div>
  );
}
