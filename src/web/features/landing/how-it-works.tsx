import { HOW_IT_WORKS_COPY } from "../../content/landing";
import { SectionHeading } from "./section-heading";
import { StatsRow } from "./stats-row";

/** Section 3: the three steps of the service, then the stats row. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="how-heading" title={HOW_IT_WORKS_COPY.heading} intro={HOW_IT_WORKS_COPY.intro} />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {HOW_IT_WORKS_COPY.steps.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-accent-dark text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-xl font-bold text-slate-900">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{step.body}</p>
            </li>
          ))}
        </ol>
        <StatsRow />
      </div>
    </section>
  );
}
