import { useState } from "react";
import { HydrationBoundary } from "../../components/hydration-boundary";
import { PageHeader } from "../../components/page-header";
import { SiteFooter } from "../../components/site-footer";
import { siteConfig } from "../../site-config";
import { VOICE_AGENT_COPY } from "../../content/voice-agent";
import { TextQualificationChat } from "../text-qualification-chat";
import { createVapiVoiceClient } from "../../features/voice-call/vapi-voice-client";
import { VoiceCallCard } from "../../features/voice-call/voice-call-card";
import type { VoiceClient } from "../../features/voice-call/voice-client";
import { pageMeta } from "../../lib/page-meta";
import { readQualificationSession } from "../../lib/qualification-session";
import { PATHS } from "../../route-paths";

export const meta = () => pageMeta(PATHS.voiceAgent);

const { vapiPublicKey, vapiAssistantId, vapiApiUrl } = siteConfig.integrations;
const CHAT_ID = "text-chat";

/** One voice client per visit of the page (the SDK itself loads only when a call starts). */
function useVoiceClient(): VoiceClient | null {
  const [client] = useState(() =>
    vapiPublicKey && vapiAssistantId
      ? createVapiVoiceClient({
          publicKey: vapiPublicKey,
          assistantId: vapiAssistantId,
          apiUrl: vapiApiUrl,
          qualification: readQualificationSession,
        })
      : null,
  );
  return client;
}

/** Voice and text qualification (spec 2.5). */
export default function VoiceAgentPage() {
  const client = useVoiceClient();
  // Each part hydrates on its own, the one touched first (components/hydration-boundary).
  return (
    <>
      <HydrationBoundary>
        <PageHeader />
      </HydrationBoundary>
      <main className="bg-gradient-to-b from-slate-50 to-white">
        <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10 sm:py-14">
          <div className="mx-auto max-w-3xl text-center">
            <h1 className="text-3xl font-bold tracking-tight text-brand sm:text-4xl">{VOICE_AGENT_COPY.heading}</h1>
            <p className="mt-4 text-lg text-slate-700">{VOICE_AGENT_COPY.intro}</p>
            <ul aria-label={VOICE_AGENT_COPY.waysLabel} className="mt-6 grid gap-3 text-left sm:grid-cols-2">
              {VOICE_AGENT_COPY.ways.map((way) => (
                <li key={way.title}>
                  <a
                    href={way.href}
                    className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand hover:shadow-md"
                  >
                    <span className="font-semibold text-brand group-hover:underline">
                      {way.title} <span aria-hidden="true">→</span>
                    </span>
                    <span className="mt-1 text-slate-700">{way.body}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>

          <HydrationBoundary>
            <VoiceCallCard client={client} phone={siteConfig.phone} chatHref={`#${CHAT_ID}`} />
          </HydrationBoundary>

          <section aria-labelledby={`${CHAT_ID}-heading`} id={CHAT_ID} className="scroll-mt-6">
            <h2 id={`${CHAT_ID}-heading`} className="text-2xl font-bold text-brand">
              {VOICE_AGENT_COPY.chatHeading}
            </h2>
            <p className="mt-2 mb-4 text-slate-700">{VOICE_AGENT_COPY.chatIntro}</p>
            <HydrationBoundary>
              <TextQualificationChat />
            </HydrationBoundary>
          </section>

          <aside
            aria-labelledby="instructions-heading"
            className="rounded-2xl border border-sky-200 bg-sky-50 p-5 sm:p-6"
          >
            <h2 id="instructions-heading" className="text-lg font-semibold text-sky-950">
              {VOICE_AGENT_COPY.instructions.heading}
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-sky-950">
              {VOICE_AGENT_COPY.instructions.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </aside>
        </div>
      </main>
      <HydrationBoundary>
        <SiteFooter />
      </HydrationBoundary>
    </>
  );
}
