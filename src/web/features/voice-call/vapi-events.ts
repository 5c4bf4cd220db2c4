import type { VoiceClientEvent } from "./voice-client";
import { isRecord } from "../../lib/is-record";

/**
 * Pure mapping of the voice SDK's payloads to our events, kept apart from the adapter so it is
 * tested without the SDK.
 */

/** SDK error types after which the call carries on (the SDK says so in its source: "non-critical"). */
const NONFATAL_ERROR_TYPES = new Set([
  "video-recording-setup-error",
  "audio-observer-setup-error",
  "audio-processing-setup-error",
  "audio-processor-recovery-error",
]);

export function isFatalVoiceError(payload: unknown): boolean {
  return !(isRecord(payload) && typeof payload.type === "string" && NONFATAL_ERROR_TYPES.has(payload.type));
}

/**
 * One readable line from whatever the SDK hands its error listeners: a string, an Error, its own
 * `{ type, error: { message } }`, a failed fetch response (`{ status, statusText, error }`), or
 * Daily's `{ errorMsg }`. For logs only.
 */
export function describeVoiceError(payload: unknown, depth = 0): string {
  if (typeof payload === "string") return payload || "Unknown error";
  if (payload instanceof Error) return payload.message || payload.name;
  if (!isRecord(payload) || depth > 3) return "Unknown error";
  const parts: string[] = [];
  if (typeof payload.type === "string") parts.push(payload.type);
  if (typeof payload.status === "number")
    parts.push(
      `HTTP ${payload.status}${typeof payload.statusText === "string" && payload.statusText ? ` ${payload.statusText}` : ""}`,
    );
  for (const key of ["message", "errorMsg", "msg"]) {
    const value = payload[key];
    if (typeof value === "string" && value) {
      parts.push(value);
      break;
    }
  }
  if (payload.error !== undefined && payload.error !== null) {
    const inner = describeVoiceError(payload.error, depth + 1);
    if (inner !== "Unknown error") parts.push(inner);
  }
  return parts.length > 0 ? parts.join(": ") : "Unknown error";
}

/** Daily's camera-error kinds that, in a voice-only call, mean the microphone is unusable. */
const MICROPHONE_ERROR_TYPES = new Set([
  "permissions",
  "not-found",
  "mic-in-use",
  "cam-mic-in-use",
  "undefined-mediadevices",
  "constraints",
]);

/**
 * The SDK's `camera-error` event (`{ error: { error: { type, blockedMedia | missingMedia } } }`,
 * Daily's payload wrapped once): true when it is about the microphone.
 */
export function isMicrophoneError(payload: unknown): boolean {
  const outer = isRecord(payload) && isRecord(payload.error) ? payload.error : null;
  const daily = outer && isRecord(outer.error) ? outer.error : null;
  if (!daily || typeof daily.type !== "string" || !MICROPHONE_ERROR_TYPES.has(daily.type)) return false;
  const media = daily.blockedMedia ?? daily.missingMedia ?? daily.failedMedia;
  return !Array.isArray(media) || media.includes("audio");
}

/** The SDK's `message` event: transcripts, and the `status-update` that says the call ended. */
export function eventOfVapiMessage(message: unknown): VoiceClientEvent | null {
  if (!isRecord(message)) return null;
  if (message.type === "transcript") {
    const { role, transcript, transcriptType } = message;
    if ((role !== "user" && role !== "assistant") || typeof transcript !== "string") return null;
    return { type: "transcript", entry: { role, text: transcript }, isFinal: transcriptType !== "partial" };
  }
  if (message.type === "status-update" && message.status === "ended") return { type: "call-ended" };
  return null;
}
