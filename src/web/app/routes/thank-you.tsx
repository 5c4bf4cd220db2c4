import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { SiteFooter } from "../../components/site-footer";
import { siteConfig, telHref } from "../../site-config";
import { THANK_YOU_COPY } from "../../content/thank-you";
import { trackConversion } from "../../lib/analytics";
import { pageMeta } from "../../lib/page-meta";
import { PATHS } from "../../route-paths";
import { Button } from "../../components/button";
import { LazyWorkEmailCodeForm } from "../../features/work-email/lazy-work-email-code-form";
import { LazyTimePicker } from "../../features/call-booking/lazy-time-picker";
import { CallPromise } from "../../features/call-booking/call-promise";

export const meta = () => pageMeta(PATHS.thankYou);

/** The thank-you page (spec 2.4); it reports the ad conversion once per visit. */
export default function Page() {
  const navigate = useNavigate();
  const hasTracked = useRef(false);

  useEffect(() => {
    // Once per visit: a ref survives re-renders and StrictMode's second effect run. Deferred one
    // task so the Google tag (set up by the layout's effect, which runs after this one) exists.
    if (hasTracked.current) return;
    const timer = window.setTimeout(() => {
      hasTracked.current = true;
      trackConversion(siteConfig.integrations.adsConversionSendTo);
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12 sm:py-16">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-lg sm:p-10">
          <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-100">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-9 text-green-700"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
            >
              <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </div>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-brand">{THANK_YOU_COPY.heading}</h1>
          <p className="mx-auto mt-3 max-w-xl text-lg text-slate-700">{THANK_YOU_COPY.lead}</p>
          {/* The call promise names the earliest time offered; none before it is known. */}
          <CallPromise className="mx-auto mt-2 max-w-xl text-lg font-semibold text-slate-900" />

          {/* Only for a lead stored from this browser (its qualification session): nothing in the prerendered HTML.
              The code first (it expires in 10 minutes), then the call. */}
          <div className="mt-8 empty:hidden">
            <LazyWorkEmailCodeForm />
          </div>
          <div className="mt-8 empty:hidden">
            <LazyTimePicker />
          </div>

          <section aria-labelledby="next-steps-title" className="mt-8 text-left">
            <h2 id="next-steps-title" className="text-xl font-bold text-slate-900">
              {THANK_YOU_COPY.nextStepsTitle}
            </h2>
            <ol className="mt-4 grid gap-3 sm:grid-cols-2">
              {THANK_YOU_COPY.nextSteps.map((step, index) => (
                <li key={step.title} className="flex gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-bold text-white"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold text-slate-900">{step.title}</h3>
                    <p className="mt-1 text-sm text-slate-700">{step.body}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>

          <section aria-labelledby="hotline-title" className="mt-8 rounded-lg bg-brand p-5 text-white">
            <h2 id="hotline-title" className="text-lg font-bold">
              {THANK_YOU_COPY.hotlineTitle}
            </h2>
            <p className="mt-1 text-sm text-slate-100">{THANK_YOU_COPY.hotlineBody}</p>
            <a
              href={telHref(siteConfig.phone)}
              className="mt-2 inline-block text-2xl font-extrabold text-white underline underline-offset-4"
            >
              {siteConfig.phone}
            </a>
          </section>

          <Button onClick={() => navigate(PATHS.home)} className="mt-8 px-6">
            {THANK_YOU_COPY.returnHome}
          </Button>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
