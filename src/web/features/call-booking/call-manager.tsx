import { Suspense, lazy, useSyncExternalStore } from "react";
import { CALL_BOOKING_COPY as COPY } from "../../content/call-booking";
import type { CallSession } from "./booking-api";
import { LazyTimePicker } from "./lazy-time-picker";

/** The call as it stands, with Move and Cancel: its own chunk (times are formatted there, never in the page's first JavaScript). */
const ManageCall = lazy(() => import("./manage-call"));

const subscribeToHash = (changed: () => void) => {
  window.addEventListener("hashchange", changed);
  return () => window.removeEventListener("hashchange", changed);
};

/** The e-mail's link carries the lead, its token and the booking in the fragment, which no server sees; null while prerendering. */
const useFragment = () =>
  useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash,
    () => null,
  );

function linkOf(fragment: string): { session: CallSession; booking: string | undefined } | undefined {
  const params = new URLSearchParams(fragment.slice(1));
  const leadId = params.get("lead");
  const token = params.get("token");
  if (!leadId || !token) return undefined;
  return { session: { leadId, token }, booking: params.get("booking") ?? undefined };
}

/**
 * /call (issue 40), opened from the lead's e-mails: "Pick a time for your call" books; the
 * invite's "Move or cancel" shows the call with a picker whose one button moves it and a Cancel
 * button. Opening the page (a GET, as a mail scanner does) changes nothing.
 */
export function CallManager() {
  const fragment = useFragment();
  const link = fragment === null ? null : linkOf(fragment);
  if (link === null) return null;
  if (!link) return <p className="mt-6 text-slate-800">{COPY.page.missingLink}</p>;
  return link.booking ? (
    <Suspense fallback={null}>
      <ManageCall session={link.session} bookingId={link.booking} />
    </Suspense>
  ) : (
    <LazyTimePicker session={link.session} />
  );
}
