import { z } from "zod";
import {
  FACILITY_TYPE_VALUES,
  HOMEPAGE_SHIFT_TYPE_VALUES,
  QUALIFY_SHIFT_TYPE_VALUES,
  ROLE_VALUES,
  TRAFFIC_SOURCE_VALUES,
  URGENCY_VALUES,
} from "./enumerations";
import { emailField, isoTimestamp, oneOf, optionalText, phoneField, requiredText, someOf } from "./fields";
import { MESSAGES } from "./messages";
import { US_STATE_VALUES } from "./us-states";
import { antiSpamFields } from "./anti-spam";
import { typeableText } from "./text";

/** Who and where: what every facility lead holds, the chat's included (rules and messages of spec 5.3). */
const contactAndFacilityFields = {
  facilityName: requiredText(MESSAGES.facilityNameRequired),
  facilityType: oneOf(FACILITY_TYPE_VALUES, MESSAGES.facilityTypeRequired),
  location: oneOf(US_STATE_VALUES as [string, ...string[]], MESSAGES.locationRequired),
  firstName: requiredText(MESSAGES.firstNameRequired),
  lastName: requiredText(MESSAGES.lastNameRequired),
  title: optionalText(),
  email: emailField,
  phone: phoneField,
  consentAgreed: z.literal(true, { error: MESSAGES.consentRequired }),
  timestamp: isoTimestamp,
};

/** Facility lead fields of spec 3.2 / 3.3 with the rules and messages of spec 5.3. */
const facilityFields = {
  ...contactAndFacilityFields,
  rolesNeeded: someOf(ROLE_VALUES, MESSAGES.rolesRequired),
  urgency: oneOf(URGENCY_VALUES, MESSAGES.urgencyRequired),
  trafficSource: oneOf(TRAFFIC_SOURCE_VALUES, MESSAGES.trafficSourceRequired),
};

/**
 * What the qualification chat asks a visitor who arrives without a lead (decision 0011): contact
 * details, consent and the facility facts that decide qualification; its own questions then
 * ask the rest.
 */
export const ChatLeadFieldsSchema = z.object(contactAndFacilityFields);

/** The names of who a facility lead is and where (every form's, the chat's included): from the schema, never listed by hand. */
export type LeadIdentityField = Exclude<keyof typeof contactAndFacilityFields, "consentAgreed" | "timestamp">;
export const LEAD_IDENTITY_FIELDS = Object.keys(contactAndFacilityFields).filter(
  (field): field is LeadIdentityField => field !== "consentAgreed" && field !== "timestamp",
);

/** What the landing-page form validates (spec 5.3). */
export const HomepageLeadFieldsSchema = z.object({
  ...facilityFields,
  shiftTypes: someOf(HOMEPAGE_SHIFT_TYPE_VALUES, MESSAGES.shiftTypesRequired),
});

/** What the qualification page validates (its gating is spec 5.4; the server holds 5.3's rules). */
export const QualifyLeadFieldsSchema = z.object({
  ...facilityFields,
  shiftTypes: someOf(QUALIFY_SHIFT_TYPE_VALUES, MESSAGES.shiftTypesRequired),
});

const urlText = typeableText().max(2048).optional().default("");

/** utm_* parameters kept with a landing-page lead. */
const UtmSchema = z
  .record(z.string().regex(/^utm_[a-z0-9_]{1,40}$/), typeableText().max(200))
  .refine((utm) => Object.keys(utm).length <= 10, "Too many utm parameters")
  .optional()
  .default({});

/** The body of POST /api/leads: the form it came from names its shape. */
export const LeadRequestSchema = z.discriminatedUnion(
  "form",
  [
    QualifyLeadFieldsSchema.extend({ form: z.literal("qualify_page"), ...antiSpamFields }),
    HomepageLeadFieldsSchema.extend({
      form: z.literal("homepage_form"),
      userAgent: typeableText().max(1024).optional().default(""),
      referrer: urlText,
      url: urlText,
      utm: UtmSchema,
      ...antiSpamFields,
    }),
    ChatLeadFieldsSchema.extend({ form: z.literal("chat"), ...antiSpamFields }),
  ],
  { error: "Unknown form" },
);

export type LeadRequest = z.infer<typeof LeadRequestSchema>;
export type LeadRequestInput = z.input<typeof LeadRequestSchema>;
export type QualifyLead = Extract<LeadRequest, { form: "qualify_page" }>;
export type HomepageLead = Extract<LeadRequest, { form: "homepage_form" }>;
export type ChatLeadInput = Extract<LeadRequestInput, { form: "chat" }>;
