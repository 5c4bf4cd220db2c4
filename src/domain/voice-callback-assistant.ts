import { z } from "zod";

/**
 * The callback assistant (decision 0042), defined in code like the qualification
 * assistant: it calls the facility's number of record and asks whoever answers to confirm that
 * the named person works there in the stated role. Its structured answer: `confirmed` (yes, no
 * or unsure) and who answered. Sent whole with each outbound call (a transient assistant), so
 * what runs is what this file says.
 */

export const CALLBACK_PURPOSE = "verification_callback";
/** Where the call carries what it was placed for (call.metadata). */
export const CALLBACK_METADATA_KEYS = { purpose: "purpose", leadId: "leadId", callbackId: "callbackId" } as const;

export interface CallbackCallFacts {
  personName: string;
  role: string;
  facilityName: string;
  companyName: string;
}

/** The structured answer's schema (JSON Schema for the provider's analysis plan). */
const CALLBACK_ANSWER_JSON_SCHEMA = {
  type: "object",
  properties: {
    confirmed: {
      type: "string",
      enum: ["yes", "no", "unsure"],
      description:
        "yes only if the person who answered clearly confirmed the named person works at this facility in the stated role; no if they said the person does not; unsure otherwise",
    },
    answeredBy: { type: "string", description: "the name and role of the person who answered, as they gave it" },
  },
  required: ["confirmed"],
} as const;

/** The structured answer as it comes back in the end-of-call report (anything else: unsure). */
export const CallbackAnswerSchema = z.object({
  confirmed: z.enum(["yes", "no", "unsure"]).catch("unsure"),
  answeredBy: z.string().max(200).optional().catch(undefined),
});

/** How a call that reached nobody ends (the provider's endedReason values for no answer, busy and voicemail). */
export const NO_ANSWER_ENDED_REASONS = new Set([
  "customer-did-not-answer",
  "customer-busy",
  "voicemail",
  "silence-timed-out",
  "twilio-failed-to-connect-call",
  "vonage-failed-to-connect-call",
]);

/** The transient assistant of one callback: its words and the structured answer it must give. */
export function callbackAssistant(facts: CallbackCallFacts, server: { url: string; secret: string; header: string }) {
  const system = [
    `You are an automated assistant calling on behalf of ${facts.companyName}, a healthcare staffing provider.`,
    `You are calling ${facts.facilityName} to confirm that ${facts.personName} works there as ${facts.role}.`,
    "Say who you are and why you call, then ask that one question. Do not ask for or give any other personal information.",
    "If the person who answers is unsure or cannot say, thank them and end the call. Ask who you are speaking with.",
    "Never say what the confirmation is for beyond verifying a request for staff. Keep the call under two minutes.",
  ].join(" ");
  return {
    name: "Facility callback",
    firstMessage: `Hello, this is an automated call from ${facts.companyName}. I'm calling to confirm that ${facts.personName} works at ${facts.facilityName} as ${facts.role}. Can you confirm that?`,
    model: { provider: "openai", model: "gpt-4o", messages: [{ role: "system", content: system }] },
    voicemailMessage: "",
    endCallFunctionEnabled: true,
    maxDurationSeconds: 180,
    analysisPlan: {
      structuredDataPlan: {
        enabled: true,
        schema: CALLBACK_ANSWER_JSON_SCHEMA,
        messages: [
          {
            role: "system",
            content: `From the call's transcript: did the person who answered confirm that ${facts.personName} works at ${facts.facilityName} as ${facts.role}? Answer with the schema: {{schema}}`,
          },
        ],
      },
    },
    server: { url: server.url, headers: { [server.header]: server.secret } },
    serverMessages: ["end-of-call-report", "status-update"],
  };
}
