import { describe, expect, it } from "vitest";
import { LeadRequestSchema, type HomepageLead, type QualifyLead } from "./facility-lead";
import { NurseApplicationRequestSchema } from "./nurse-application";
import { buildHomepagePayload, buildNursePayload, buildQualifyPayload } from "./payloads";

const now = new Date("2026-11-22T12:00:00.000Z");
const facility = {
  facilityName: "Sunrise",
  facilityType: "hospital",
  location: "Georgia",
  rolesNeeded: ["CNA"],
  urgency: "immediate",
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana@sunrise.example",
  phone: "5551234567",
  trafficSource: "email",
  consentAgreed: true,
};

describe("outbound payloads (spec 3.1-3.3)", () => {
  it("nurse payload: subject, default message, formatted phone, source, ISO timestamp", () => {
    const application = NurseApplicationRequestSchema.parse({
      firstName: "Ana",
      lastName: "Lopez",
      email: "ana@nurse.example",
      phone: "5552223333",
      zipCode: "30009",
      classification: "RN",
      desiredLocation: "District of Columbia",
      message: "   ",
      companyWebsite: "",
    });
    expect(buildNursePayload(application, now)).toEqual({
      firstName: "Ana",
      lastName: "Lopez",
      email: "ana@nurse.example",
      phone: "(555) 222-3333",
      zipCode: "30009",
      classification: "RN",
      desiredLocation: "District of Columbia",
      message: "No additional message provided",
      _subject: "New Nurse Application: Ana Lopez",
      source: "nurse_application_form",
      timestamp: "2026-11-22T12:00:00.000Z",
    });
  });

  it("qualify payload holds exactly the fields of 3.2", () => {
    const lead = LeadRequestSchema.parse({ ...facility, form: "qualify_page", shiftTypes: ["Weekend"] }) as QualifyLead;
    const payload = buildQualifyPayload(lead, now);
    expect(Object.keys(payload)).toEqual([
      "facilityName",
      "facilityType",
      "location",
      "rolesNeeded",
      "urgency",
      "shiftTypes",
      "firstName",
      "lastName",
      "title",
      "email",
      "phone",
      "consentAgreed",
      "trafficSource",
      "timestamp",
      "source",
    ]);
    expect(payload).toMatchObject({ phone: "(555) 123-4567", source: "qualify_page", timestamp: now.toISOString() });
  });

  it("homepage payload adds userAgent, referrer and url, and nothing else (no utm)", () => {
    const lead = LeadRequestSchema.parse({
      ...facility,
      form: "homepage_form",
      shiftTypes: ["Day Shift"],
      timestamp: "2026-11-21T08:00:00.000Z",
      userAgent: "UA",
      referrer: "",
      url: "http://localhost/",
      utm: { utm_source: "google" },
    }) as HomepageLead;
    const payload = buildHomepagePayload(lead, now);
    expect(Object.keys(payload)).toHaveLength(18);
    expect(payload).toMatchObject({ userAgent: "UA", referrer: "", url: "http://localhost/", source: "homepage_form" });
    expect(payload.timestamp).toBe("2026-11-21T08:00:00.000Z");
    expect(payload).not.toHaveProperty("utm");
  });
});
