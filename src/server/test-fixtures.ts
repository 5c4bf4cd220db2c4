import type { LeadRequestInput, NurseApplicationInput } from "../domain";

/** Valid request bodies; tests spread and override what they exercise. */
export const homepageLead = (overrides: Record<string, unknown> = {}): LeadRequestInput =>
  ({
    form: "homepage_form",
    facilityName: "Sunrise Care Center",
    facilityType: "nursing_home",
    location: "Georgia",
    rolesNeeded: ["CNA", "RN"],
    urgency: "this_week",
    shiftTypes: ["Day Shift", "Weekend"],
    firstName: "Dana",
    lastName: "Reyes",
    title: "Director of Nursing",
    email: "dana@sunrise.example",
    phone: "5551234567",
    trafficSource: "google",
    consentAgreed: true,
    timestamp: "2026-11-22T10:00:00.000Z",
    userAgent: "Mozilla/5.0 test",
    referrer: "https://www.google.com/",
    url: "http://localhost:3000/?utm_source=google",
    utm: { utm_source: "google" },
    ...overrides,
  }) as LeadRequestInput;

export const qualifyLead = (overrides: Record<string, unknown> = {}): LeadRequestInput =>
  ({
    form: "qualify_page",
    facilityName: "Lakeside Hospital",
    facilityType: "hospital",
    location: "Texas",
    rolesNeeded: ["LPN"],
    urgency: "immediate",
    shiftTypes: ["7a-3pm", "11pm-7am"],
    firstName: "Sam",
    lastName: "Ortiz",
    title: "",
    email: "sam@lakeside.example",
    phone: "(555) 987-6543",
    trafficSource: "linkedin",
    consentAgreed: true,
    ...overrides,
  }) as LeadRequestInput;

export const nurseApplication = (overrides: Record<string, unknown> = {}): NurseApplicationInput =>
  ({
    firstName: "Ana",
    lastName: "Lopez",
    email: "ana@nurse.example",
    phone: "555-222-3333",
    zipCode: "30009",
    classification: "CNA & CMA",
    desiredLocation: "Puerto Rico",
    message: "",
    ...overrides,
  }) as NurseApplicationInput;
