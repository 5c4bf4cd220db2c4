import { useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { PATHS } from "../../route-paths";
import { ButtonLink } from "../../components/button";
import { PageHeader } from "../../components/page-header";
import { SiteFooter } from "../../components/site-footer";
import { siteConfig, telHref } from "../../site-config";
import { QUALIFYING_CHAT_COPY as COPY } from "../../content/qualifying-chat";
import { TextQualificationChat } from "../text-qualification-chat";
import { readQualifyingChatState, type QualifyingChatState } from "../../forms/qualifying-chat-state";
import { pageMeta } from "../../lib/page-meta";
import { CallPromise } from "../../features/call-booking/call-promise";
import type { ChatEnding } from "../../features/qualification-chat/qualification-chat";

export const meta = () => pageMeta(PATHS.qualifyingChat);

const noSubscription = () => () => {};

/**
 * The hand-off of the facility forms (forms/qualifying-chat-state), used only when the visitor
 * arrived by an in-app navigation. A document load (opened directly, or a refresh, where
 * history.state still holds the old state) shows the generic greeting; it also keeps the
 * prerendered HTML and the hydrating render identical.
 */
function useQualifiedVisitor(): Partial<QualifyingChatState> {
  const state: unknown = useLocation().state;
  const isHydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const [isDocumentLoad] = useState(isHydrating);
  return isDocumentLoad ? {} : readQualifyingChatState(state);
}

/** After the qualification submit: greet, say what happens next, and offer to qualify now. */
export default function Page() {
  const { firstName, facilityName } = useQualifiedVisitor();
  // The chat's end: the heading says the outcome.
  const [ending, setEnding] = useState<ChatEnding | null>(null);
  const greeting = firstName ? COPY.greetingNamed(firstName) : COPY.greetingGeneric;
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <PageHeader />
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:py-12">
        <div className="text-center">
          <h1 className="text-3xl font-extrabold tracking-tight text-brand sm:text-4xl">
            {ending
              ? ending.outcome === "qualified"
                ? COPY.endedHeading.qualified
                : COPY.endedHeading.other
              : greeting}
          </h1>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-700">
            {facilityName ? COPY.receivedFacility(facilityName) : COPY.receivedGeneric}
          </p>
        </div>

        <section aria-labelledby="next-title" className="mt-8 rounded-xl border border-green-300 bg-green-50 p-5">
          <h2 id="next-title" className="text-lg font-bold text-green-900">
            {COPY.nextTitle}
          </h2>
          <p className="mt-1 text-green-900">{COPY.nextBody}</p>
          <CallPromise className="mt-1 font-semibold text-green-900" />
        </section>

        <section
          aria-labelledby="qualify-now-title"
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-lg sm:p-8"
        >
          <h2 id="qualify-now-title" className="text-2xl font-bold text-slate-900">
            {ending ? COPY.chatEndedTitle : COPY.qualifyNowTitle}
          </h2>
          {ending ? null : <p className="mt-2 text-slate-700">{COPY.qualifyNowBody}</p>}
          <h3 className="mt-6 text-lg font-semibold text-slate-900">{COPY.chatTitle}</h3>
          <div className="mt-3">
            <TextQualificationChat onEnded={setEnding} />
          </div>
        </section>

        <div className="mt-8 grid gap-4 sm:grid-cols-2">
          <section aria-labelledby="voice-title" className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="voice-title" className="text-lg font-bold text-slate-900">
              {COPY.voiceTitle}
            </h2>
            <p className="mt-1 text-slate-700">{COPY.voiceBody}</p>
            <ButtonLink to={PATHS.voiceAgent} className="mt-4">
              {COPY.voiceLink}
            </ButtonLink>
          </section>
          <section aria-labelledby="phone-title" className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="phone-title" className="text-lg font-bold text-slate-900">
              {COPY.phoneTitle}
            </h2>
            <p className="mt-1 text-slate-700">{COPY.phoneBody}</p>
            <a
              href={telHref(siteConfig.phone)}
              className="mt-2 inline-block text-2xl font-extrabold text-brand underline underline-offset-4"
            >
              {siteConfig.phone}
            </a>
          </section>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
