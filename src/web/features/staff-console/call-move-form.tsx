import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { BookingAnswer, SlotsAnswer } from "../../../domain/booking-requests";
import type { CallTimes } from "../../../domain/staff-console-api";
import { Button } from "../../components/button";
import { STAFF_CALLS_COPY } from "../../content/staff-calls";
import { byDay, zoneName } from "../../lib/zone-format";
import { whenOf } from "./call-times";
import { ErrorMessage } from "./console-ui";
import { staffApi } from "./staff-api";
import { useCallForm } from "./use-console-form";

const COPY = STAFF_CALLS_COPY.move;

/**
 * Staff move a lead's call (decision 0036): the times offered now (as the lead's picker offers them,
 * this call's own time free again), in the viewer's zone, named; one list grouped by day (arrow
 * keys move through it), then one button. A time taken meanwhile says so and the list is read again.
 */
export function CallMoveForm({ callId, lead, onClose }: { callId: string; lead: string; onClose: () => void }) {
  const ids = useId();
  const [offer, setOffer] = useState<SlotsAnswer>();
  const [error, setError] = useState<string>();
  const [moved, setMoved] = useState<string>();
  const [round, setRound] = useState(0);
  const move = useCallForm<{ start: string }, BookingAnswer>({
    intent: "call-move",
    initial: { start: "" },
    extra: { id: callId },
    onDone: ({ booking }) => setMoved(COPY.moved(whenOf(booking.start, offer!.timeZone), booking.with)),
    // A time taken meanwhile (or any refusal): said, the choice cleared and the times read again.
    onFailed: (answer) => {
      setError(answer.error);
      move.reset();
      setRound((n) => n + 1);
    },
  });
  const chosen = move.state.values.start;
  const busy = move.isBusy;
  const movedRef = useRef<HTMLParagraphElement>(null);
  // The form is gone once the call moved: focus goes to the words that say so.
  useEffect(() => {
    if (moved) movedRef.current?.focus();
  }, [moved]);

  useEffect(() => {
    let live = true;
    void staffApi<CallTimes>(`/calls/${encodeURIComponent(callId)}/times`).then((answer) => {
      if (!live) return;
      if (answer.ok) setOffer(answer.data);
      else {
        setError(answer.error);
        setOffer({ timeZone: "UTC", callMinutes: 0, slots: [] });
      }
    });
    return () => {
      live = false;
    };
  }, [callId, round]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!chosen) return setError(COPY.choose);
    setError(undefined);
    void move.submit();
  };

  if (moved)
    return (
      <p ref={movedRef} tabIndex={-1} role="status" className="mt-2 rounded-md bg-green-50 p-2 text-green-900">
        {moved}
      </p>
    );
  const days = offer
    ? byDay(
        offer.slots.map((slot) => slot.start),
        offer.timeZone,
      )
    : [];
  return (
    <form
      aria-labelledby={`${ids}-heading`}
      className="mt-2 grid gap-2 rounded-md border border-slate-300 p-3"
      onSubmit={onSubmit}
      noValidate
    >
      <h3 id={`${ids}-heading`} className="font-semibold">
        {COPY.heading(lead)}
      </h3>
      {!offer ? (
        <p role="status">{COPY.loading}</p>
      ) : days.length === 0 ? (
        <p>{COPY.none}</p>
      ) : (
        <>
          <label htmlFor={`${ids}-time`} className="font-semibold">
            {COPY.time(zoneName(offer.timeZone))}
          </label>
          <select
            id={`${ids}-time`}
            className="min-h-11 rounded-md border border-slate-400 bg-white px-3"
            value={chosen}
            onChange={(event) => move.change("start")(event.target.value)}
            aria-describedby={error ? `${ids}-error` : undefined}
          >
            <option value="">{COPY.choose}</option>
            {days.map((day) => (
              <optgroup key={day.day} label={day.day}>
                {day.times.map((time) => (
                  <option key={time.start} value={time.start}>
                    {`${day.day}, ${time.label}`}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </>
      )}
      <div id={`${ids}-error`}>
        <ErrorMessage message={error} />
      </div>
      <div className="flex gap-2">
        {days.length > 0 ? (
          <Button type="submit" isBusy={busy} busyLabel={COPY.submitting}>
            {COPY.submit}
          </Button>
        ) : null}
        <Button type="button" tone="plain" onClick={onClose}>
          {COPY.close}
        </Button>
      </div>
    </form>
  );
}
