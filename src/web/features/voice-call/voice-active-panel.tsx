import type { Ref } from "react";
import { VOICE_CARD_COPY } from "../../content/voice-agent";
import type { TranscriptEntry } from "./voice-client";
import { VoiceTranscript } from "./voice-transcript";

interface VoiceActivePanelProps {
  isAssistantSpeaking: boolean;
  transcript: TranscriptEntry[];
  partial: TranscriptEntry | null;
  onEnd(): void;
  endRef: Ref<HTMLButtonElement>;
}

/** During a call: who is talking, End Call, the transcript and the turn pill. */
export function VoiceActivePanel({ isAssistantSpeaking, transcript, partial, onEnd, endRef }: VoiceActivePanelProps) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-3 text-lg font-semibold text-slate-900">
          <span aria-hidden="true" className="relative flex size-3">
            <span
              className={`absolute inline-flex size-full animate-ping rounded-full opacity-75 ${isAssistantSpeaking ? "bg-accent" : "bg-emerald-500"}`}
            />
            <span
              className={`relative inline-flex size-3 rounded-full ${isAssistantSpeaking ? "bg-accent-dark" : "bg-emerald-600"}`}
            />
          </span>
          {isAssistantSpeaking ? VOICE_CARD_COPY.assistantSpeaking : VOICE_CARD_COPY.listening}
        </p>
        <button
          ref={endRef}
          type="button"
          onClick={onEnd}
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-5 py-2 font-semibold text-white shadow-sm transition-colors hover:bg-red-800"
        >
          {VOICE_CARD_COPY.endCall}
        </button>
      </div>
      <VoiceTranscript transcript={transcript} partial={partial} />
      <div className="flex justify-center">
        <p
          role="status"
          className={`rounded-full px-4 py-1.5 text-sm font-semibold ${isAssistantSpeaking ? "bg-orange-100 text-orange-900" : "bg-emerald-100 text-emerald-900"}`}
        >
          {isAssistantSpeaking ? VOICE_CARD_COPY.pillSpeaking : VOICE_CARD_COPY.pillListening}
        </p>
      </div>
    </div>
  );
}
