import { describe, expect, it } from "vitest";
import { HomepageLeadFieldsSchema, LeadRequestSchema } from "./facility-lead";
import { fieldErrorsOf } from "./fields";
import { NurseApplicationRequestSchema } from "./nurse-application";
import { MESSAGES } from "./messages";

const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrorsOf(result.error as never);
};

const HOMEPAGE_LEAD = {
  form: "homepage_form",
  facilityName: " Sunrise ",
  facilityType: "clinic",
  location: "Ohio",
  rolesNeeded: ["RN", "RN"],
  urgency: "ongoing",
  shiftTypes: ["Night Shift"],
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana@sunrise.example",
  phone: "555.123.4567",
  trafficSource: "direct",
  consentAgreed: true,
};

describe("landing-page form (spec 5.3)", () => {
  it("collects every message for an empty form", () => {
    expect(errorsOf(HomepageLeadFieldsSchema, { consentAgreed: false })).toEqual({
      facilityName: "Facility name is required",
      facilityType: "Facility type is required",
      location: "Location is required",
      rolesNeeded: "Please select at least one role",
      urgency: "Please select urgency level",
      shiftTypes: "Please select at least one shift type",
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      phone: "Phone number is required",
      trafficSource: "Please tell us how you heard about us",
      consentAgreed: "Please agree to receive communications",
    });
  });

  it("whitespace-only names count as empty; a bad email and a short phone get their messages", () => {
    const errors = errorsOf(HomepageLeadFieldsSchema, {
      firstName: "  ",
      lastName: "\t",
      email: "dana@",
      phone: "(555) 123",
    });
    expect(errors).toMatchObject({
      firstName: MESSAGES.firstNameRequired,
      lastName: MESSAGES.lastNameRequired,
      email: "Email is invalid",
      phone: "Please enter a valid 10-digit US phone number",
    });
  });

  it("the job title is optional and a valid lead normalises its phone", () => {
    const result = LeadRequestSchema.parse(HOMEPAGE_LEAD);
    expect(result).toMatchObject({ facilityName: "Sunrise", title: "", phone: "(555) 123-4567", rolesNeeded: ["RN"] });
  });
});

describe("a phone with the US country code", () => {
  it("is accepted by every form's schema and stored as its last ten digits", () => {
    for (const phone of ["+1 404 555 1234", "1-404-555-1234"]) {
      expect(LeadRequestSchema.parse({ ...HOMEPAGE_LEAD, phone }).phone).toBe("(404) 555-1234");
      expect(
        LeadRequestSchema.parse({ ...HOMEPAGE_LEAD, form: "qualify_page", shiftTypes: ["Weekend"], phone }).phone,
      ).toBe("(404) 555-1234");
      const application = {
        firstName: "M",
        lastName: "L",
        email: "m@example.com",
        phone,
        zipCode: "30009",
        classification: "RN",
        desiredLocation: "Georgia",
      };
      expect(NurseApplicationRequestSchema.parse(application).phone).toBe("(404) 555-1234");
    }
  });

  it("eleven digits not starting with 1 are refused with the phone message", () => {
    expect(errorsOf(HomepageLeadFieldsSchema, { phone: "2-404-555-1234" }).phone).toBe(MESSAGES.phoneInvalid);
  });
});

describe("nurse form (spec 5.1)", () => {
  it("has every message", () => {
    expect(errorsOf(NurseApplicationRequestSchema, { email: "x", phone: "123" })).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is invalid",
      phone: "Please enter a valid 10-digit US phone number",
      zipCode: "Zip code is required",
      classification: "Classification is required",
      desiredLocation: "Desired location is required",
    });
  });
});
