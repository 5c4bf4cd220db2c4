import { useEffect, useRef } from "react";
import { VOICE_CARD_COPY } from "../../content/voice-agent";
import type { TranscriptEntry } from "./voice-client";

/**
 * The conversation: final lines in a polite live log (role=log), the line in progress shown
 * after them but kept out of the announcements (it changes word by word).
 */
export function VoiceTranscript({
  transcript,
  partial,
}: {
  transcript: TranscriptEntry[];
  partial: TranscriptEntry | null;
}) {
  const scroller = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [transcript, partial]);

  const isEmpty = transcript.length === 0 && !partial;
  return (
    <section
      ref={scroller}
      tabIndex={0}
      className="h-72 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-4 sm:h-80"
      aria-label={VOICE_CARD_COPY.transcriptLabel}
    >
      <div role="log" aria-live="polite" aria-relevant="additions" className="flex flex-col gap-3">
        {transcript.map((entry, index) => (
          <TranscriptLine key={index} entry={entry} />
        ))}
      </div>
      {partial && (
        <div aria-hidden="true" className="mt-3 italic">
          <TranscriptLine entry={partial} />
        </div>
      )}
      {isEmpty && <p className="py-10 text-center text-slate-600 italic">{VOICE_CARD_COPY.transcriptEmpty}</p>}
    </section>
  );
}

function TranscriptLine({ entry }: { entry: TranscriptEntry }) {
  const isUser = entry.role === "user";
  return (
    <div className={`flex flex-col ${isUser ? "items-end" : "items-start"}`}>
      <span className="text-xs font-semibold text-slate-600">
        {isUser ? VOICE_CARD_COPY.you : VOICE_CARD_COPY.assistant}
      </span>
      <span
        className={`mt-1 max-w-[85%] rounded-2xl px-4 py-2 ${isUser ? "rounded-br-sm bg-brand text-white" : "rounded-bl-sm border border-slate-200 bg-white text-slate-900"}`}
      >
        {entry.text}
      </span>
    </div>
  );
}
