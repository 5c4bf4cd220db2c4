// Loaded only through `loadValidators()` (a separate chunk): import nothing of this from pages.
export { HomepageLeadFieldsSchema, QualifyLeadFieldsSchema } from "../../domain/facility-lead";
export { NurseApplicationFieldsSchema } from "../../domain/nurse-application";
export { fieldErrorsOf } from "../../domain/fields";
