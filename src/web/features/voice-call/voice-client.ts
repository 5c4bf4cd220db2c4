/**
 * The voice client the page depends on (never the SDK itself), so the page is testable with a
 * fake and the SDK stays behind one adapter (vapi-voice-client.ts).
 */

/** A line of the conversation (spec 3.5). */
export interface TranscriptEntry {
  role: "user" | "assistant";
  text: string;
}

/** What a voice client reports. One `failed` at most per `start()`. */
export type VoiceClientEvent =
  | { type: "call-started" }
  | { type: "call-ended" }
  | { type: "speech-started" }
  | { type: "speech-ended" }
  /** `isFinal: false` is the line in progress; a final one is appended to the transcript. */
  | { type: "transcript"; entry: TranscriptEntry; isFinal: boolean }
  /** `reason` is for logs only (no personal data), never shown to the visitor. */
  | { type: "failed"; reason: string; cause?: VoiceFailureCause };

/** What the visitor can do about it differs: allow the microphone, or just try again. */
export type VoiceFailureCause = "connection" | "microphone" | "do_not_contact";

export interface VoiceClient {
  /** Starts a call; progress and failure arrive as events. Never rejects. */
  start(): Promise<void>;
  /** Ends the call (or the attempt in progress). Safe to call at any time. */
  stop(): void;
  /** Subscribes to events; returns the unsubscribe function. */
  subscribe(listener: (event: VoiceClientEvent) => void): () => void;
  /** Optional warm-up (e.g. fetch the SDK chunk on hover or focus). */
  prefetch?(): void;
}
