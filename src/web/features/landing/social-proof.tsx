import { SOCIAL_PROOF_COPY } from "../../content/landing-proof";
import { Icon } from "./icons";
import { ResultsCards } from "./results-cards";
import { SectionHeading } from "./section-heading";

/** Section 5: customer cards, two testimonials, the three Real Results cards. */
export function SocialProof() {
  return (
    <section aria-labelledby="proof-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="proof-heading" title={SOCIAL_PROOF_COPY.heading} intro={SOCIAL_PROOF_COPY.intro} />
        <ul className="mt-10 grid gap-4 md:grid-cols-3">
          {SOCIAL_PROOF_COPY.customers.map((customer) => (
            <li
              key={customer.name}
              className="flex items-center gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
            >
              <span
                aria-hidden="true"
                className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand/10 text-brand"
              >
                <Icon name="users" />
              </span>
              <div>
                <p className="font-bold text-slate-900">{customer.name}</p>
                <p className="text-sm text-slate-600">
                  {customer.kind} · {customer.location}
                </p>
              </div>
            </li>
          ))}
        </ul>
        <h3 className="mt-14 text-center text-2xl font-bold text-slate-900">{SOCIAL_PROOF_COPY.testimonialsHeading}</h3>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          {SOCIAL_PROOF_COPY.testimonials.map((testimonial) => (
            <figure key={testimonial.name} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
              <blockquote className="text-lg leading-relaxed text-slate-800">“{testimonial.quote}”</blockquote>
              <figcaption className="mt-5 border-t border-slate-100 pt-4">
                <span className="block font-bold text-slate-900">{testimonial.name}</span>
                <span className="block text-sm text-slate-600">{testimonial.role}</span>
              </figcaption>
            </figure>
          ))}
        </div>
        <ResultsCards />
      </div>
    </section>
  );
}
