import { Suspense, lazy, useEffect, useState } from "react";
import { SiteFooter } from "../../components/site-footer";
import { PageHeader } from "../../components/page-header";
import { CALL_BOOKING_COPY } from "../../content/call-booking";
import { pageTitleOf } from "../../content/pages";
import { CallManager } from "../../features/call-booking/call-manager";
import type { CallSession } from "../../features/call-booking/booking-api";
import type { CallPageState } from "../../features/call-booking/manage-call";
import { pageMeta } from "../../lib/page-meta";
import { PATHS } from "../../route-paths";

export const meta = () => pageMeta(PATHS.call);

const COPY = CALL_BOOKING_COPY.page;

/**
 * The work e-mail code form's own chunk, imported here rather than through its lazy wrapper: the
 * call's part renders in the browser only (the link is in the fragment), and the wrapper shared by
 * a third page would move into a chunk of its own that every page then loads first.
 */
const WorkEmailCodeForm = lazy(() => import("../../features/work-email/work-email-code-form"));

/** The code first while it waits (it expires), then the call: the order of the thank-you page and the chat's end. */
const codeWhileWaiting = (session: CallSession) => (
  <div className="empty:hidden">
    <Suspense fallback={null}>
      <WorkEmailCodeForm session={session} onlyWhileWaiting />
    </Suspense>
  </div>
);

/**
 * /call (decision 0036): opened from the lead's e-mails to book, move or cancel their call; one
 * button acts. The heading and the page's title say what was done (booked, moved, cancelled).
 */
export default function Page() {
  const [state, setState] = useState<CallPageState>("manage");
  useEffect(() => {
    if (state !== "manage") document.title = pageTitleOf(COPY.headings[state]);
  }, [state]);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <PageHeader />
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-8 sm:py-16">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-lg sm:p-10">
          <h1 className="text-3xl font-extrabold tracking-tight text-brand">{COPY.headings[state]}</h1>
          {state === "manage" ? <p className="mt-3 text-lg text-slate-700">{COPY.body}</p> : null}
          <CallManager onState={setState} first={codeWhileWaiting} />
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
