import type { LeadRequestInput } from "../../domain/facility-lead";
import type { NurseApplicationInput } from "../../domain/nurse-application";

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

/** A lead from the qualification chat (a visitor who came without one): who and where only. */
export const chatLead = (overrides: Record<string, unknown> = {}): LeadRequestInput =>
  ({
    form: "chat",
    facilityName: "Maple Grove Care",
    facilityType: "skilled_nursing",
    location: "Ohio",
    firstName: "Pat",
    lastName: "Kim",
    title: "",
    email: "pat@maplegrove.example",
    phone: "5552223333",
    consentAgreed: true,
    ...overrides,
  }) as LeadRequestInput;

/** The answers that finish a chat as a qualified decision-maker, in the order they are asked. */
export const QUALIFIED_ANSWERS: Array<[string, string]> = [
  ["role", "director_of_nursing"],
  ["facilitySize", "100_199"],
  ["shiftFilling", "agency"],
  ["openShifts", "30_59"],
  ["challenge", "Night shift call-outs"],
  ["callTime", "afternoon"],
  ["giftCardEmail", ""],
];

/** A voice call's structured data (src/domain/voice-assistant.ts): an administrator who answered every question. */
export const VOICE_ADMINISTRATOR_ANSWERS = {
  role: "administrator",
  facilitySize: "50_99",
  shiftFilling: "agency",
  openShifts: "10_29",
  challenge: "Weekend coverage",
  callTime: "morning",
  giftCardEmail: "",
};

/** An end-of-call report as the provider sends it (fields from its API reference). */
export function endOfCallReport(
  callId: string,
  overrides: Record<string, unknown> = {},
  metadata: Record<string, unknown> = {},
) {
  return {
    message: {
      type: "end-of-call-report",
      timestamp: 1_795_000_000_000,
      endedReason: "assistant-ended-call",
      startedAt: "2026-11-23T10:00:00.000Z",
      endedAt: "2026-11-23T10:02:30.000Z",
      call: { id: callId, type: "webCall", assistantOverrides: { metadata, variableValues: metadata } },
      artifact: {
        transcript: "AI: What is your role?\nUser: I'm the administrator.",
        messages: [
          { role: "bot", message: "What is your role?" },
          { role: "user", message: "I'm the administrator." },
        ],
        structuredOutputs: { a1: { name: "qualification", result: { role: "administrator" } } },
      },
      analysis: {
        summary: "The administrator of a Georgia nursing home wants weekend coverage.",
        structuredData: VOICE_ADMINISTRATOR_ANSWERS,
        successEvaluation: "true",
      },
      ...overrides,
    },
  };
}
