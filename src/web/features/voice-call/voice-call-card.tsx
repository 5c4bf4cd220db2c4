import { useEffect, useId, useRef } from "react";
import { VOICE_CARD_COPY } from "../../content/voice-agent";
import { useVoiceCall } from "./use-voice-call";
import { VoiceActivePanel } from "./voice-active-panel";
import { VoiceAlternatives } from "./voice-alternatives";
import type { VoiceClient } from "./voice-client";
import { MicIcon, VoiceIdlePanel } from "./voice-idle-panel";

interface VoiceCallCardProps {
  /** null when voice is not configured: the card says so instead of offering a Start that cannot work. */
  client: VoiceClient | null;
  phone: string;
  /** Where the text chat is (e.g. "#text-chat"). */
  chatHref: string;
}

/** The voice qualification card of /voice-agent (spec 2.5), idle or in a call. */
export function VoiceCallCard({ client, phone, chatHref }: VoiceCallCardProps) {
  const { state, start, end, prefetch } = useVoiceCall(client);
  const { status } = state;
  const headingId = useId();
  const noteId = useId();
  const startRef = useRef<HTMLButtonElement>(null);
  const endRef = useRef<HTMLButtonElement>(null);

  // Keep keyboard focus in the card when its buttons swap: End Call once the call is up, Start after.
  const previous = useRef(status.kind);
  useEffect(() => {
    const was = previous.current;
    previous.current = status.kind;
    if (status.kind === "in-call" && was !== "in-call") endRef.current?.focus();
    const isFocusLost =
      typeof document !== "undefined" && (document.activeElement === document.body || document.activeElement === null);
    // A disabled (connecting) or removed (in-call) button drops focus; give it back to Start.
    if (
      (status.kind === "idle" || status.kind === "failed") &&
      (was === "in-call" || was === "connecting") &&
      isFocusLost
    )
      startRef.current?.focus();
  }, [status.kind]);

  return (
    <section
      aria-labelledby={headingId}
      id="voice-qualification"
      className="scroll-mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="mb-6 flex items-center gap-3">
        <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-full bg-brand text-white">
          <MicIcon className="size-6" />
        </span>
        <h2 id={headingId} className="text-2xl font-bold text-brand">
          {VOICE_CARD_COPY.heading}
        </h2>
      </div>

      {status.kind === "in-call" ? (
        <VoiceActivePanel
          isAssistantSpeaking={status.isAssistantSpeaking}
          transcript={state.transcript}
          partial={state.partial}
          onEnd={end}
          endRef={endRef}
        />
      ) : (
        <VoiceIdlePanel
          isConnecting={status.kind === "connecting"}
          isAvailable={client !== null}
          onStart={start}
          onPrefetch={prefetch}
          startRef={startRef}
          describedBy={client ? undefined : noteId}
        />
      )}

      {/* Always present, so what appears in it is announced. */}
      <div
        role="alert"
        className={
          status.kind === "failed" ? "mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900" : undefined
        }
      >
        {status.kind === "failed" && (
          <VoiceAlternatives
            {...(status.cause === "microphone"
              ? VOICE_CARD_COPY.microphoneFailure
              : status.cause === "do_not_contact"
                ? VOICE_CARD_COPY.doNotContactFailure
                : VOICE_CARD_COPY.failure)}
            phone={phone}
            chatHref={chatHref}
          />
        )}
      </div>
      {!client && (
        <p id={noteId} className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950">
          <VoiceAlternatives {...VOICE_CARD_COPY.unavailable} phone={phone} chatHref={chatHref} />
        </p>
      )}
    </section>
  );
}
