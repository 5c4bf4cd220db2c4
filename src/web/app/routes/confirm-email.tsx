import { SiteFooter } from "../../components/site-footer";
import { PageHeader } from "../../components/page-header";
import { WORK_EMAIL_COPY } from "../../content/work-email";
import { ConfirmEmailLink } from "../../features/work-email/confirm-email-link";
import { pageMeta } from "../../lib/page-meta";
import { PATHS } from "../../route-paths";

export const meta = () => pageMeta(PATHS.confirmEmail);

/** /confirm-email (decision 0031): opened from the lead's e-mail; one button confirms the work address. */
export default function Page() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <PageHeader />
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-12 sm:py-16">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-10">
          <h1 className="text-3xl font-extrabold tracking-tight text-brand">{WORK_EMAIL_COPY.page.heading}</h1>
          <p className="mt-3 text-lg text-slate-700">{WORK_EMAIL_COPY.page.body}</p>
          <ConfirmEmailLink />
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
