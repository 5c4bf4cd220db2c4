import { Suspense, lazy, useSyncExternalStore, type ReactNode } from "react";
import { CALL_BOOKING_COPY as COPY } from "../../content/call-booking";
import type { CallSession } from "./booking-api";
import type { CallPageState } from "./manage-call";

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
 * /call (decision 0036), opened from the lead's e-mails: a lead with a booked call (from the
 * invite's link or the confirmation's) sees it with a picker whose one button moves it and a
 * Cancel button; a lead without one picks a time. Opening the page (a GET, as a mail scanner
 * does) changes nothing. `onState` tells the page what was done (its heading and title).
 */
export function CallManager({
  onState,
  first,
}: {
  onState?: (state: CallPageState) => void;
  /** What comes before the call and its times, for the link's lead (the route's: the work e-mail code while it waits). */
  first?: (session: CallSession) => ReactNode;
}) {
  const fragment = useFragment();
  const link = fragment === null ? null : linkOf(fragment);
  if (link === null) return null;
  if (!link) return <p className="mt-6 text-slate-800">{COPY.page.missingLink}</p>;
  return (
    <Suspense fallback={null}>
      <ManageCall session={link.session} onState={onState} first={first} />
    </Suspense>
  );
}
