import { siteConfig, telHref } from "../../site-config";
import { FINAL_CTA_COPY, ONBOARDING_COPY } from "../../content/landing-offer";
import { DemoButton } from "./demo-button";
import { Icon } from "./icons";

const LINK = "font-bold underline underline-offset-4";

/** The contact block: phone, mailbox, location (spec 1). */
const CONTACTS = [
  {
    icon: "phone",
    label: FINAL_CTA_COPY.phoneLabel,
    content: (
      <a href={telHref(siteConfig.phone)} className={LINK}>
        {siteConfig.phone}
      </a>
    ),
  },
  {
    icon: "mail",
    label: FINAL_CTA_COPY.emailLabel,
    content: (
      <a href={`mailto:${siteConfig.email}`} className={`${LINK} break-all`}>
        {siteConfig.email}
      </a>
    ),
  },
  { icon: "map", label: FINAL_CTA_COPY.locationLabel, content: FINAL_CTA_COPY.location },
] as const;

/** Section 9: the limited-onboarding notice, the final call-to-action and the contact details. */
export function FinalCta() {
  return (
    <section
      aria-labelledby="final-cta-heading"
      className="bg-brand-dark py-16 text-white sm:py-20 [&_*:focus-visible]:outline-white"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div
          className="mx-auto flex max-w-3xl flex-col items-center gap-2 rounded-2xl border border-orange-300/40 bg-white/5 px-6 py-5 text-center"
          role="note"
          aria-label={ONBOARDING_COPY.heading}
        >
          <p className="text-sm font-bold tracking-wide text-orange-200 uppercase">{ONBOARDING_COPY.heading}</p>
          <p className="text-lg">{ONBOARDING_COPY.body}</p>
        </div>
        <div className="mt-12 grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="final-cta-heading" className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
              {FINAL_CTA_COPY.heading}
            </h2>
            <p className="mt-4 text-lg text-slate-100">{FINAL_CTA_COPY.body}</p>
            <DemoButton className="mt-6">{FINAL_CTA_COPY.demoButton}</DemoButton>
          </div>
          {/* The heading stands before <address>: an address holds contact information only (no headings). */}
          <div>
            <h3 className="text-xl font-bold">{FINAL_CTA_COPY.contactHeading}</h3>
            <address className="not-italic">
              <ul className="mt-4 grid gap-4 text-lg">
                {CONTACTS.map(({ icon, label, content }) => (
                  <li key={icon} className="flex items-center gap-3">
                    <Icon name={icon} className="text-orange-300" />
                    <span className="sr-only">{label}: </span>
                    {content}
                  </li>
                ))}
              </ul>
            </address>
          </div>
        </div>
      </div>
    </section>
  );
}
