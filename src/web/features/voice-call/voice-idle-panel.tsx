import type { Ref } from "react";
import { VOICE_CARD_COPY } from "../../content/voice-agent";
import { Spinner } from "../../components/spinner";

interface VoiceIdlePanelProps {
  isConnecting: boolean;
  isAvailable: boolean;
  onStart(): void;
  onPrefetch(): void;
  startRef: Ref<HTMLButtonElement>;
  /** Id of the note explaining why Start is unavailable. */
  describedBy?: string;
}

/** Before a call: Ready to Start?, the Start button, and What to Expect. */
export function VoiceIdlePanel({
  isConnecting,
  isAvailable,
  onStart,
  onPrefetch,
  startRef,
  describedBy,
}: VoiceIdlePanelProps) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 sm:gap-8">
      <div className="flex flex-col items-start gap-4">
        <h3 className="text-xl font-semibold text-slate-900">{VOICE_CARD_COPY.readyHeading}</h3>
        <p className="text-slate-700">{VOICE_CARD_COPY.readyBody}</p>
        <button
          ref={startRef}
          type="button"
          onClick={onStart}
          onPointerEnter={onPrefetch}
          onFocus={onPrefetch}
          disabled={isConnecting || !isAvailable}
          aria-describedby={describedBy}
          className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-accent-dark px-6 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-[#a33f00] disabled:cursor-not-allowed disabled:bg-slate-500 sm:w-auto"
        >
          {isConnecting ? <Spinner className="size-4" /> : <MicIcon />}
          {isConnecting ? VOICE_CARD_COPY.connecting : VOICE_CARD_COPY.start}
        </button>
      </div>
      <div className="rounded-lg bg-slate-50 p-4 sm:p-5">
        <h3 className="font-semibold text-slate-900">{VOICE_CARD_COPY.expectHeading}</h3>
        <ul className="mt-3 space-y-2 text-slate-700">
          {VOICE_CARD_COPY.expectItems.map((item) => (
            <li key={item} className="flex gap-2">
              <span aria-hidden="true" className="mt-0.5 font-bold text-brand">
                ✓
              </span>
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function MicIcon({ className = "size-5" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className={className}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" strokeLinecap="round" />
    </svg>
  );
}
