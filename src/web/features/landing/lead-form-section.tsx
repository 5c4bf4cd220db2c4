import type { ReactNode } from "react";
import { FORM_SECTION_COPY } from "../../content/landing-form";
import { LEAD_FORM_ANCHOR } from "../../lib/scroll-to-form";
import { Icon } from "./icons";

/** Section 6: the anchor the demo buttons scroll to; the route puts the lead form inside. */
export function LeadFormSection({ children }: { children: ReactNode }) {
  return (
    <section id={LEAD_FORM_ANCHOR} aria-labelledby="lead-form-heading" className="scroll-mt-4 bg-white py-16 sm:py-20">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.35fr] lg:items-start">
        <div className="lg:pt-6">
          <h2
            id="lead-form-heading"
            className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            {FORM_SECTION_COPY.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{FORM_SECTION_COPY.intro}</p>
          <ul className="mt-6 grid gap-3">
            {FORM_SECTION_COPY.points.map((point) => (
              <li key={point} className="flex items-start gap-3 text-slate-800">
                <Icon name="check" className="mt-0.5 text-accent-dark" />
                {point}
              </li>
            ))}
          </ul>
          <p className="mt-6 flex items-center gap-2 text-sm font-semibold text-slate-600">
            <Icon name="shield" size={18} className="text-brand" />
            {FORM_SECTION_COPY.secure}
          </p>
        </div>
        <div>{children}</div>
      </div>
    </section>
  );
}
