import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "../../components/button";
import { CALL_BOOKING_COPY as COPY } from "../../content/call-booking";
import { cancelCall, fetchSlots, type BookedCall, type CallSession } from "./booking-api";
import { LazyTimePicker } from "./lazy-time-picker";
import { browserTimeZone, whenLabel } from "../../lib/zone-format";

/** What the /call page says it is about: its heading and title. */
export type CallPageState = keyof typeof COPY.page.headings;

/**
 * The lead's call on /call (decision 0036): the booked call (whichever link opened the page),
 * when and with whom, a picker whose one button moves it, and Cancel; each confirmed in words
 * here (the status takes focus) and by e-mail (the invite's update or cancel). Without a booked
 * call, the picker books one. `first`, given by the route, comes before the call and its times:
 * the work e-mail code's form while it waits (it expires, the times do not).
 */
export default function ManageCall({
  session,
  onState,
  first,
}: {
  session: CallSession;
  onState?: ((state: CallPageState) => void) | undefined;
  first?: ((session: CallSession) => ReactNode) | undefined;
}) {
  const [zone] = useState(() => browserTimeZone("America/New_York"));
  const [current, setCurrent] = useState<BookedCall | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const [notice, setNotice] = useState<{ state: Exclude<CallPageState, "manage">; booking: BookedCall } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void fetchSlots(session, zone).then((answer) => {
      if ("error" in answer) setMessage(answer.error || COPY.failed);
      else setCurrent(answer.booking ?? null);
    });
  }, [session, zone]);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const cancel = async () => {
    if (busy || !current) return;
    setBusy(true);
    const result = await cancelCall(session, current.id);
    setBusy(false);
    if (result.ok) {
      setNotice({ state: "cancelled", booking: current });
      setCurrent(null);
      onState?.("cancelled");
    } else setMessage(result.error || COPY.failed);
  };

  const changed = (booking: BookedCall, state: "booked" | "moved") => {
    setNotice({ state, booking });
    setCurrent(booking);
    onState?.(state);
  };

  return (
    <div className="mt-6 grid gap-4">
      {message ? (
        <p role="alert" className="font-semibold text-red-800">
          {message}
        </p>
      ) : null}
      {notice ? (
        <div ref={noticeRef} tabIndex={-1} role="status" className="rounded-lg border border-green-300 bg-green-50 p-4">
          <h2 className="text-lg font-bold text-slate-900">{COPY.page.headings[notice.state]}</h2>
          <p className="mt-1 text-slate-800">
            {notice.state === "cancelled"
              ? COPY.cancelledNotice(whenLabel(notice.booking.start, zone))
              : notice.state === "moved"
                ? COPY.movedNotice(whenLabel(notice.booking.start, zone), notice.booking.with)
                : COPY.booked(whenLabel(notice.booking.start, zone), notice.booking.with)}
          </p>
        </div>
      ) : null}
      {first?.(session)}
      {current ? (
        <>
          <p className="text-slate-800">{COPY.current(whenLabel(current.start, zone), current.with)}</p>
          <div>
            <Button tone="plain" isBusy={busy} busyLabel={COPY.cancelling} onClick={() => void cancel()}>
              {COPY.cancel}
            </Button>
          </div>
          <LazyTimePicker
            key={current.start}
            session={session}
            moving={current.id}
            onDone={(moved) => changed(moved, "moved")}
          />
        </>
      ) : current === null ? (
        <LazyTimePicker
          key={notice?.booking.id ?? "new"}
          session={session}
          onDone={(made) => changed(made, "booked")}
        />
      ) : null}
    </div>
  );
}
