import { z } from "zod";
import { TRAFFIC_SOURCE_VALUES } from "./enumerations";
import { COUNTED_FORMS, FORM_STEPS } from "./form-steps";

/** The step beacon's query string, as the server checks it (decision 0039). */
export const FormStepBeaconSchema = z.object({
  form: z.enum(COUNTED_FORMS, "must be homepage_form or qualify_page"),
  step: z.enum(FORM_STEPS, "must be shown, step2, step3 or submitted"),
  source: z.enum(TRAFFIC_SOURCE_VALUES, "must be a traffic source").default("direct"),
});
export type FormStepBeacon = z.infer<typeof FormStepBeaconSchema>;
