import { SiteFooter } from "../../components/site-footer";
import { PageHeader } from "../../components/page-header";
import { CALL_BOOKING_COPY } from "../../content/call-booking";
import { CallManager } from "../../features/call-booking/call-manager";
import { pageMeta } from "../../lib/page-meta";
import { PATHS } from "../../route-paths";

export const meta = () => pageMeta(PATHS.call);

/** /call (issue 40): opened from the lead's e-mails to book, move or cancel their call; one button acts. */
export default function Page() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <PageHeader />
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-12 sm:py-16">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-10">
          <h1 className="text-3xl font-extrabold tracking-tight text-brand">{CALL_BOOKING_COPY.page.heading}</h1>
          <p className="mt-3 text-lg text-slate-700">{CALL_BOOKING_COPY.page.body}</p>
          <CallManager />
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
