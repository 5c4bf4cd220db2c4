import { Link } from "react-router";
import { PageHeader } from "../../components/page-header";
import { SiteFooter } from "../../components/site-footer";
import { siteConfig, telHref } from "../../site-config";
import { PRIVACY_COPY, PRIVACY_SECTIONS } from "../../content/privacy";
import { pageMeta } from "../../lib/page-meta";
import { PATHS } from "../../route-paths";

export const meta = () => pageMeta(PATHS.privacy);

/** What the forms collect, why, who receives it, how long, and how to ask for deletion. */
export default function Page() {
  return (
    <>
      <PageHeader />
      <main className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{PRIVACY_COPY.heading}</h1>
        <p className="mt-2 text-sm text-slate-600">{PRIVACY_COPY.updated}</p>
        <p className="mt-6 text-lg leading-relaxed text-slate-700">{PRIVACY_COPY.intro}</p>
        {PRIVACY_SECTIONS.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-2xl font-bold text-slate-900">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
            {section.list ? (
              <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-slate-700">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        <section className="mt-10 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
          <h2 className="text-2xl font-bold text-slate-900">{PRIVACY_COPY.contactHeading}</h2>
          <p className="mt-3 leading-relaxed text-slate-700">{PRIVACY_COPY.contactBody}</p>
          <dl className="mt-4 grid gap-2 text-slate-800 sm:grid-cols-[auto_1fr] sm:gap-x-6">
            <dt className="font-semibold">{PRIVACY_COPY.emailLabel}</dt>
            <dd>
              <a className="font-medium text-brand underline underline-offset-2" href={`mailto:${siteConfig.email}`}>
                {siteConfig.email}
              </a>
            </dd>
            <dt className="font-semibold">{PRIVACY_COPY.phoneLabel}</dt>
            <dd>
              <a className="font-medium text-brand underline underline-offset-2" href={telHref(siteConfig.phone)}>
                {siteConfig.phone}
              </a>
            </dd>
            <dt className="font-semibold">{PRIVACY_COPY.addressLabel}</dt>
            <dd>{PRIVACY_COPY.address}</dd>
          </dl>
        </section>
        <p className="mt-10">
          <Link to={PATHS.home} className="font-semibold text-brand underline underline-offset-2">
            {PRIVACY_COPY.backHome}
          </Link>
        </p>
      </main>
      <SiteFooter />
    </>
  );
}
