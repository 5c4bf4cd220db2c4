import { useEffect, useState } from "react";
import { Button } from "../../components/button";
import { CALL_BOOKING_COPY as COPY } from "../../content/call-booking";
import { cancelCall, fetchSlots, type BookedCall, type CallSession } from "./booking-api";
import { LazyTimePicker } from "./lazy-time-picker";
import { browserTimeZone, whenLabel } from "../../lib/zone-format";

/** The lead's booked call (issue 40): when and with whom, a picker whose one button moves it, and Cancel. */
export default function ManageCall({ session, bookingId }: { session: CallSession; bookingId: string }) {
  const [zone] = useState(() => browserTimeZone("America/New_York"));
  const [current, setCurrent] = useState<BookedCall | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const [cancelled, setCancelled] = useState(false);

  useEffect(() => {
    void fetchSlots(session, zone).then((answer) => {
      if ("error" in answer) setMessage(answer.error || COPY.failed);
      else setCurrent(answer.booking?.id === bookingId ? answer.booking : null);
    });
  }, [session, zone, bookingId]);

  const cancel = async () => {
    if (busy) return;
    setBusy(true);
    const result = await cancelCall(session, bookingId);
    setBusy(false);
    if (result.ok) setCancelled(true);
    else setMessage(result.error || COPY.failed);
  };

  if (cancelled)
    return (
      <div className="mt-6 grid gap-4">
        <div role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <h2 className="text-lg font-bold text-slate-900">{COPY.cancelledTitle}</h2>
          <p className="mt-1 text-slate-800">{COPY.cancelledBody}</p>
        </div>
        <LazyTimePicker session={session} />
      </div>
    );
  return (
    <div className="mt-6 grid gap-4">
      {message ? (
        <p role="alert" className="font-semibold text-red-800">
          {message}
        </p>
      ) : null}
      {current ? (
        <>
          <p className="text-slate-800">{COPY.current(whenLabel(current.start, zone), current.with)}</p>
          <LazyTimePicker session={session} moving={bookingId} onDone={(moved) => setCurrent(moved)} />
          <div>
            <Button tone="plain" isBusy={busy} busyLabel={COPY.cancelling} onClick={() => void cancel()}>
              {COPY.cancel}
            </Button>
          </div>
        </>
      ) : current === null ? (
        <LazyTimePicker session={session} />
      ) : null}
    </div>
  );
}
