import { FacilityFields } from "../../components/facility-fields";
import type { FormStepProps } from "./form-step-props";

/** Step 1: facility name, type and location (the 50 states). */
export function FacilityStep({ values, errors, dispatch }: FormStepProps) {
  return <FacilityFields values={values} errors={errors} onChange={(field, value) => dispatch({ type: "changed", field, value })} />;
}
