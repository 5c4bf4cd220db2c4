import type { Dispatch } from "react";
import type { FacilityFormValues, FieldErrors } from "../../../domain";
import type { HomepageFormAction } from "./homepage-form-state";

/** What every step of the wizard receives. */
export interface FormStepProps {
  values: FacilityFormValues;
  errors: FieldErrors;
  dispatch: Dispatch<HomepageFormAction>;
}
