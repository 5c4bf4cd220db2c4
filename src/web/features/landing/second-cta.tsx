import { SECOND_CTA_COPY } from "../../content/landing";
import { DemoButton } from "./demo-button";
import { Icon } from "./icons";

/** Section 4: the second call-to-action, with the go-live and integration claims. */
export function SecondCta() {
  return (
    <section aria-labelledby="second-cta-heading" className="bg-white py-16">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 sm:px-6 lg:grid-cols-[1.4fr_1fr]">
        <div>
          <h2 id="second-cta-heading" className="text-3xl font-extrabold tracking-tight text-balance text-slate-900">
            {SECOND_CTA_COPY.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{SECOND_CTA_COPY.body}</p>
          <DemoButton className="mt-6">{SECOND_CTA_COPY.demoButton}</DemoButton>
        </div>
        <ul className="grid gap-3 rounded-2xl bg-orange-50 p-6 ring-1 ring-orange-200">
          {SECOND_CTA_COPY.points.map((point) => (
            <li key={point} className="flex items-start gap-3 font-semibold text-slate-800">
              <Icon name="check" className="mt-0.5 text-accent-dark" />
              {point}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
