import { forwardRef } from "react";
import { LANDING_FORM_COPY } from "../../content/landing-form";
import { FORM_ENTRY_ATTRIBUTE } from "../../lib/scroll-to-form";
import { PATHS } from "../../route-paths";
import { ButtonLink } from "../../components/button";

const COPY = LANDING_FORM_COPY.thankYou;

/** Replaces the form after a successful submit; takes the focus so the news is announced. */
export const ThankYouPanel = forwardRef<HTMLDivElement>(function ThankYouPanel(_props, ref) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-labelledby="thank-you-heading"
      {...{ [FORM_ENTRY_ATTRIBUTE]: "" }}
      className="flex min-h-[28rem] flex-col items-center justify-center rounded-2xl bg-white p-8 text-center shadow-xl ring-1 ring-slate-200 focus:outline-none focus-visible:ring-4 focus-visible:ring-accent-dark"
    >
      <span
        aria-hidden="true"
        className="flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700"
      >
        <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h3 id="thank-you-heading" className="mt-5 text-2xl font-bold text-slate-900">
        {COPY.heading}
      </h3>
      <p className="mt-3 max-w-md text-slate-700">{COPY.body}</p>
      <p className="mt-2 max-w-md text-slate-700">{COPY.next}</p>
      <ButtonLink to={PATHS.voiceAgent} size="lg" className="mt-6 shadow-sm">
        {COPY.cta}
      </ButtonLink>
    </div>
  );
});
