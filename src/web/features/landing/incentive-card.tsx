import { INCENTIVE_COPY } from "../../content/landing-offer";
import { ANALYTICS_EVENTS, trackEvent } from "../../lib/analytics";
import { scrollToForm } from "../../lib/scroll-to-form";
import { Icon } from "./icons";
import { Button } from "../../components/button";

const INCENTIVE_EVENT = ANALYTICS_EVENTS.incentiveClick;

/** Section 8: the $50 Visa gift card, plus $250 after the first filled shift. */
export function IncentiveCard() {
  return (
    <section aria-labelledby="incentive-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <div className="overflow-hidden rounded-3xl bg-gradient-to-br from-brand-dark to-brand p-8 text-white shadow-xl sm:p-12 [&_*:focus-visible]:outline-white">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-orange-100 ring-1 ring-white/20">
            <Icon name="gift" size={16} />
            {INCENTIVE_COPY.badge}
          </p>
          <h2 id="incentive-heading" className="mt-5 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
            {INCENTIVE_COPY.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-100">{INCENTIVE_COPY.body}</p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-3">
            {INCENTIVE_COPY.points.map((point) => (
              <li key={point} className="flex items-start gap-2 font-semibold">
                <Icon name="check" className="mt-0.5 text-orange-300" />
                {point}
              </li>
            ))}
          </ul>
          <Button
            size="lg"
            onClick={() => {
              trackEvent(INCENTIVE_EVENT.name, INCENTIVE_EVENT.params);
              scrollToForm();
            }}
            className="mt-8 shadow-lg"
          >
            {INCENTIVE_COPY.button}
          </Button>
          <p className="mt-6 text-sm text-slate-200">{INCENTIVE_COPY.fineprint}</p>
        </div>
      </div>
    </section>
  );
}
