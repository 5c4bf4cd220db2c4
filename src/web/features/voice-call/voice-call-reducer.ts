import type { TranscriptEntry, VoiceClientEvent, VoiceFailureCause } from "./voice-client";

/**
 * The voice page's flags (spec 4: connecting, in-call, assistant-speaking) as one status union,
 * plus `failed`: idle again, with the apology shown until the next start.
 */
export type VoiceCallStatus =
  | { kind: "idle" }
  | { kind: "connecting" }
  | { kind: "in-call"; isAssistantSpeaking: boolean }
  | { kind: "failed"; cause: VoiceFailureCause };

export interface VoiceCallState {
  status: VoiceCallStatus;
  /** Final lines, in order. */
  transcript: TranscriptEntry[];
  /** The line still being spoken (a partial transcript), shown after the final ones. */
  partial: TranscriptEntry | null;
}

/** The visitor's own actions, besides what the client reports. */
export type VoiceCallAction = { type: "start-requested" } | { type: "end-requested" } | VoiceClientEvent;

export const INITIAL_VOICE_CALL_STATE: VoiceCallState = { status: { kind: "idle" }, transcript: [], partial: null };

const IDLE: VoiceCallStatus = { kind: "idle" };

export function voiceCallReducer(state: VoiceCallState, action: VoiceCallAction): VoiceCallState {
  const { status } = state;
  switch (action.type) {
    case "start-requested":
      // Start sets connecting; a new call starts with an empty conversation.
      if (status.kind === "idle" || status.kind === "failed")
        return { status: { kind: "connecting" }, transcript: [], partial: null };
      return state;
    case "call-started":
      // Call-start sets in-call and clears connecting (only for the attempt under way).
      if (status.kind === "connecting") return { ...state, status: { kind: "in-call", isAssistantSpeaking: false } };
      return state;
    case "call-ended":
    case "end-requested":
      // Call-end clears in-call, speaking and connecting; a failure stays visible.
      if (status.kind === "connecting" || status.kind === "in-call") return { ...state, status: IDLE, partial: null };
      return state;
    case "failed":
      // An error clears connecting (and ends a call under way); the visitor can try again.
      if (status.kind === "connecting" || status.kind === "in-call") {
        return { ...state, status: { kind: "failed", cause: action.cause ?? "connection" }, partial: null };
      }
      return state;
    case "speech-started":
    case "speech-ended": {
      if (status.kind !== "in-call") return state;
      const isAssistantSpeaking = action.type === "speech-started";
      return status.isAssistantSpeaking === isAssistantSpeaking
        ? state
        : { ...state, status: { kind: "in-call", isAssistantSpeaking } };
    }
    case "transcript": {
      if (status.kind !== "connecting" && status.kind !== "in-call") return state;
      const text = action.entry.text.trim();
      if (!text) return state;
      const entry = { role: action.entry.role, text };
      if (!action.isFinal) return { ...state, partial: entry };
      const partial = state.partial?.role === entry.role ? null : state.partial;
      return { ...state, transcript: [...state.transcript, entry], partial };
    }
  }
}
