import { z } from "zod";
import { typeableText } from "./text";
import { VOICE_LEAD_KEY, VOICE_TOKEN_KEY } from "./voice-keys";

/**
 * The voice provider's server messages (Vapi "Server URL" messages), written from its API
 * reference: the body is `{"message": {...}}` and `message.type` names the kind. Only what we
 * keep is described; every other field is allowed and ignored. Any other type is accepted
 * and ignored by the route.
 */

/** Provider text (transcripts hold line breaks) with the shared refusal of characters no person types. */
const text = (max: number) => typeableText({ multiline: true }).max(max);
const isoTime = z
  .string()
  .max(64)
  .refine((value) => !Number.isNaN(Date.parse(value)), "Invalid date");
/** Free-form JSON the provider passes through (metadata, structured data): an object. */
const jsonObject = z.record(z.string(), z.unknown());

/** Where the provider echoes what the call was started with (assistantOverrides.metadata / variableValues). */
const CallSchema = z.looseObject({
  id: text(200).min(1),
  /** The number called or calling (an outbound call's is the one the product dialled). */
  customer: z.looseObject({ number: text(40).optional() }).optional(),
  metadata: jsonObject.optional(),
  assistantOverrides: z
    .looseObject({ metadata: jsonObject.optional(), variableValues: jsonObject.optional() })
    .optional(),
});

const AssistantSchema = z.looseObject({ metadata: jsonObject.optional() }).optional();

export const EndOfCallReportSchema = z.looseObject({
  type: z.literal("end-of-call-report"),
  endedReason: text(200).optional(),
  startedAt: isoTime.optional(),
  endedAt: isoTime.optional(),
  durationSeconds: z
    .number()
    .min(0)
    .max(86_400 * 7)
    .optional(),
  call: CallSchema,
  assistant: AssistantSchema,
  artifact: z
    .looseObject({
      transcript: text(500_000).optional(),
      messages: z.array(z.unknown()).max(10_000).optional(),
      /** Structured outputs by id: `{ name, result }`. */
      structuredOutputs: jsonObject.optional(),
    })
    .optional(),
  analysis: z
    .looseObject({
      summary: text(100_000).optional(),
      structuredData: jsonObject.optional(),
      /** A string, number or boolean depending on the rubric. */
      successEvaluation: z.union([text(10_000), z.number(), z.boolean()]).optional(),
    })
    .optional(),
});

export const StatusUpdateSchema = z.looseObject({
  type: z.literal("status-update"),
  status: text(100),
  endedReason: text(200).optional(),
  call: CallSchema,
  assistant: AssistantSchema,
});

/**
 * A phone call's request for its assistant (inbound, or outbound from a number with a server
 * URL): answered with the assistant, or with `{ error }` to refuse the call.
 */
export const AssistantRequestSchema = z.looseObject({
  type: z.literal("assistant-request"),
  call: CallSchema,
  assistant: AssistantSchema,
});

/** The browser's question before it starts a call for its lead: may this lead be called? */
export const VoiceCallCheckSchema = z.object({
  leadId: z.string().max(64),
  token: z.string().max(64),
});

export type EndOfCallReport = z.infer<typeof EndOfCallReportSchema>;
export type AssistantRequest = z.infer<typeof AssistantRequestSchema>;
export type StatusUpdate = z.infer<typeof StatusUpdateSchema>;

/** The envelope: only `message.type` is read before the type's own schema. */
export const ServerMessageEnvelopeSchema = z.looseObject({
  message: z.looseObject({ type: text(100) }),
});

/** The token (and lead id) the call carries back, from the overrides it was started with; untrusted until checked. */
export function voiceCredentialsOf(message: EndOfCallReport | StatusUpdate | AssistantRequest): {
  token: unknown;
  leadId: unknown;
} {
  const places = [
    message.call.assistantOverrides?.metadata,
    message.call.assistantOverrides?.variableValues,
    message.call.metadata,
    message.assistant?.metadata,
  ];
  const holder = places.find((place) => place && typeof place[VOICE_TOKEN_KEY] === "string");
  return { token: holder?.[VOICE_TOKEN_KEY], leadId: holder?.[VOICE_LEAD_KEY] };
}
