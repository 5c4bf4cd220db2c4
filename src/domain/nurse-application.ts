import { z } from "zod";
import { CLASSIFICATION_VALUES } from "./enumerations";
import { emailField, isoTimestamp, oneOf, optionalText, phoneField, requiredText } from "./fields";
import { MESSAGES } from "./messages";
import { DESIRED_LOCATION_VALUES } from "./us-states";
import { antiSpamFields } from "./anti-spam";

/** The nurse application of spec 3.1 with the rules and messages of spec 5.1. */
export const NurseApplicationFieldsSchema = z.object({
  firstName: requiredText(MESSAGES.firstNameRequired),
  lastName: requiredText(MESSAGES.lastNameRequired),
  email: emailField,
  phone: phoneField,
  zipCode: requiredText(MESSAGES.zipCodeRequired, 20),
  classification: oneOf(CLASSIFICATION_VALUES, MESSAGES.classificationRequired),
  desiredLocation: oneOf(DESIRED_LOCATION_VALUES as [string, ...string[]], MESSAGES.desiredLocationRequired),
  message: optionalText(5000, { multiline: true }),
  timestamp: isoTimestamp,
});

export const NurseApplicationRequestSchema = NurseApplicationFieldsSchema.extend(antiSpamFields);

export type NurseApplication = z.infer<typeof NurseApplicationRequestSchema>;
export type NurseApplicationInput = z.input<typeof NurseApplicationRequestSchema>;
