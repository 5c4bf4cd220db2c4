import type { FacilityFormValues } from "../../../domain";
import { FacilityFields } from "../../components/facility-fields";
import { QUALIFY_COPY } from "../../content/qualify";
import type { QualifyAction } from "./qualify-reducer";

export interface StepProps {
  values: FacilityFormValues;
  dispatch: (action: QualifyAction) => void;
}

/** Step 1: facility name, facility type and location (spec 2.2; gating only, no inline messages). */
export function FacilityStep({ values, dispatch }: StepProps) {
  return (
    <FacilityFields
      values={values}
      facilityNamePlaceholder={QUALIFY_COPY.facilityNamePlaceholder}
      onChange={(field, value) => dispatch({ type: "set", field, value })}
    />
  );
}
