/** The exact validation messages of spec 5.1 and 5.3; the server answers with the same words. */
export const MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Please enter a valid 10-digit US phone number",
  zipCodeRequired: "Zip code is required",
  classificationRequired: "Classification is required",
  desiredLocationRequired: "Desired location is required",
  facilityNameRequired: "Facility name is required",
  facilityTypeRequired: "Facility type is required",
  locationRequired: "Location is required",
  rolesRequired: "Please select at least one role",
  urgencyRequired: "Please select urgency level",
  shiftTypesRequired: "Please select at least one shift type",
  trafficSourceRequired: "Please tell us how you heard about us",
  consentRequired: "Please agree to receive communications",
} as const;

/** Failure alerts of spec 8. */
export const FAILURE_ALERTS = {
  nurseApplication: "There was an error submitting your application. Please try again.",
  qualifyPage: "There was an error submitting your information. Please try again.",
} as const;
