import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "../../components/button";
import { CALL_BOOKING_COPY as COPY } from "../../content/call-booking";
import { readQualificationSession } from "../../lib/qualification-session";
import { bookCall, fetchSlots, moveCall, type BookedCall, type CallSession, type Slot } from "./booking-api";
import { browserTimeZone, byDay, whenLabel, zoneName } from "../../lib/zone-format";
import { useMediaQuery } from "../../lib/use-media-query";

/** On a phone, the times of a day shown before "More times": the first screen holds the day, a few times and the button. */
const FEW_TIMES = 6;

export interface TimePickerProps {
  /** The lead's id and token; else this browser's qualification session (none: nothing is shown). */
  session?: CallSession | undefined;
  /** Move this booking instead of booking a new call. */
  moving?: string | undefined;
  /** The zone when the browser says none (the facility's state's comes from the server). */
  fallbackZone?: string;
  onDone?: (booking: BookedCall) => void;
}

/**
 * "Pick a time for your call" (decision 0036): the times offered, in the lead's zone (the browser's),
 * the zone named; a day chosen from a list, then a time from a group of radio buttons (arrow keys
 * move between them), then one button. A time taken meanwhile says so in words and shows the
 * fresh times.
 */
export default function TimePicker({ session: given, ...props }: TimePickerProps) {
  const [session] = useState(() => given ?? readQualificationSession());
  if (!session) return null;
  return <Picker session={session} {...props} />;
}

function Picker({
  session,
  moving,
  fallbackZone = "America/New_York",
  onDone,
}: TimePickerProps & { session: CallSession }) {
  const ids = useId();
  const [zone] = useState(() => browserTimeZone(fallbackZone));
  const [slots, setSlots] = useState<Slot[] | undefined>(undefined);
  const [booked, setBooked] = useState<BookedCall | null>(null);
  const [dayIndex, setDayIndex] = useState(0);
  const [chosen, setChosen] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [done, setDone] = useState<BookedCall | null>(null);
  const [showAll, setShowAll] = useState(false);
  const isPhone = useMediaQuery("(max-width: 639px)");
  const resultRef = useRef<HTMLDivElement>(null);
  const timesRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    void fetchSlots(session, zone).then((answer) => {
      if (!live) return;
      if ("error" in answer) {
        setError(answer.error || COPY.failed);
        setSlots([]);
        return;
      }
      setSlots(answer.slots);
      setBooked(answer.booking ?? null);
    });
    return () => {
      live = false;
    };
  }, [session, zone]);

  useEffect(() => {
    if (done) resultRef.current?.focus();
  }, [done]);

  const days = byDay(
    (slots ?? []).map((slot) => slot.start),
    zone,
  );
  const day = days[Math.min(dayIndex, Math.max(days.length - 1, 0))];
  // A chosen time is never hidden behind "More times".
  const chosenIndex = day ? day.times.findIndex((time) => time.start === chosen) : -1;
  const isShort = isPhone && !showAll && chosenIndex < FEW_TIMES;
  const shownTimes = day ? (isShort ? day.times.slice(0, FEW_TIMES) : day.times) : [];
  const hidden = day ? day.times.length - shownTimes.length : 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!chosen) {
      setError(COPY.chooseTime);
      return;
    }
    setBusy(true);
    setError("");
    const result = moving ? await moveCall(session, moving, chosen) : await bookCall(session, chosen, zone);
    setBusy(false);
    if (result.ok) {
      setDone(result.booking);
      onDone?.(result.booking);
      return;
    }
    setError(result.error || COPY.failed);
    if (result.slots) {
      setSlots(result.slots);
      setChosen("");
    }
  };

  if (done)
    return (
      <div
        ref={resultRef}
        tabIndex={-1}
        role="status"
        className="rounded-lg border border-green-300 bg-green-50 p-4 text-left"
      >
        <h2 className="text-lg font-bold text-slate-900">{moving ? COPY.movedTitle : COPY.bookedTitle}</h2>
        <p className="mt-1 text-slate-800">{COPY.booked(whenLabel(done.start, zone), done.with)}</p>
      </div>
    );
  if (booked && !moving)
    return (
      <div role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-left">
        <h2 className="text-lg font-bold text-slate-900">{COPY.bookedTitle}</h2>
        <p className="mt-1 text-slate-800">{COPY.current(whenLabel(booked.start, zone), booked.with)}</p>
      </div>
    );

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-lg border border-slate-200 bg-white p-4 text-left">
      <h2 id={`${ids}-title`} className="text-xl font-bold text-slate-900">
        {moving ? COPY.moveTitle : COPY.title}
      </h2>
      <p className="mt-1 text-slate-700">{COPY.intro}</p>
      <p className="mt-1 text-sm font-semibold text-slate-800">{COPY.zone(zoneName(zone))}</p>
      {slots === undefined ? (
        <p role="status" className="mt-3 text-slate-700">
          {COPY.loading}
        </p>
      ) : days.length === 0 ? (
        <p className="mt-3 text-slate-700">{error || COPY.none}</p>
      ) : (
        <form className="mt-4 grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <div className="grid gap-1">
            <label htmlFor={`${ids}-day`} className="font-semibold text-slate-900">
              {COPY.dayLabel}
            </label>
            <select
              id={`${ids}-day`}
              className="min-h-11 rounded-md border border-slate-400 bg-white px-3"
              value={String(Math.min(dayIndex, days.length - 1))}
              onChange={(event) => {
                setDayIndex(Number(event.target.value));
                setChosen("");
                setShowAll(false);
              }}
            >
              {days.map((option, index) => (
                <option key={option.day} value={String(index)}>
                  {option.day}
                </option>
              ))}
            </select>
          </div>
          <fieldset>
            <legend className="font-semibold text-slate-900">{COPY.timesLegend(day!.day)}</legend>
            <div ref={timesRef} className="mt-2 flex flex-wrap gap-2">
              {shownTimes.map((time) => (
                <label
                  key={time.start}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-400 px-3 has-[:checked]:border-brand has-[:checked]:bg-orange-50"
                >
                  <input
                    type="radio"
                    name={`${ids}-time`}
                    value={time.start}
                    checked={chosen === time.start}
                    onChange={() => setChosen(time.start)}
                  />
                  {time.label}
                </label>
              ))}
            </div>
            {hidden > 0 ? (
              <Button
                tone="plain"
                className="mt-2"
                onClick={() => {
                  setShowAll(true);
                  // The first time just shown takes focus: the keyboard goes on where the eye does.
                  requestAnimationFrame(() => timesRef.current?.querySelectorAll("input")[FEW_TIMES]?.focus());
                }}
              >
                {COPY.moreTimes}
              </Button>
            ) : null}
          </fieldset>
          {error ? (
            <p role="alert" className="font-semibold text-red-800">
              {error}
            </p>
          ) : null}
          <div>
            <Button type="submit" isBusy={busy} busyLabel={moving ? COPY.moving : COPY.booking}>
              {moving ? COPY.move : COPY.book}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
