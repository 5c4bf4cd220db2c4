import { useMemo, useState } from "react";
import type { AvailabilityState } from "../../../domain/booking-requests";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { SelectField } from "../../components/select-field";
import { zoneOptions } from "./time-zone-options";
import { STAFF_CALLS_COPY } from "../../content/staff-calls";
import { useOwnSecurityForm } from "./use-console-form";
import { ErrorMessage, StatusMessage } from "./console-ui";
import { staffApi } from "./staff-api";

const COPY = STAFF_CALLS_COPY.availability;

/** One's own availability (GET /api/staff/availability); undefined when refused (the form is then left out). */
export async function loadAvailability(): Promise<AvailabilityState | undefined> {
  const answer = await staffApi<AvailabilityState>("/availability");
  return answer.ok ? answer.data : undefined;
}

interface Day {
  on: boolean;
  from: string;
  to: string;
}

const daysOf = (state: AvailabilityState): Day[] =>
  [1, 2, 3, 4, 5, 6, 7].map((day) => {
    const span = state.weekly.find((hours) => hours.day === day);
    return span ? { on: true, from: span.from, to: span.to } : { on: false, from: "09:00", to: "17:00" };
  });

/** What the form holds: text, yes/no, the seven days and the calendar (the password only when typed). */
interface AvailabilityValues {
  shownName: string;
  timeZone: string;
  takesCalls: boolean;
  days: Day[];
  linked: boolean;
  calendar: { url: string; username: string; password: string };
}

const valuesOf = (availability: AvailabilityState): AvailabilityValues => ({
  shownName: availability.shownName,
  timeZone: availability.timeZone,
  takesCalls: availability.takesCalls,
  days: daysOf(availability),
  linked: availability.caldav !== null,
  calendar: { url: availability.caldav?.url ?? "", username: availability.caldav?.username ?? "", password: "" },
});

/** The body of PUT /api/staff/availability (AvailabilityRequestSchema, on the server). */
const bodyOf = ({ shownName, timeZone, takesCalls, days, linked, calendar }: AvailabilityValues) => ({
  shownName,
  timeZone: timeZone.trim(),
  takesCalls,
  weekly: days.flatMap((day, index) => (day.on ? [{ day: index + 1, from: day.from, to: day.to }] : [])),
  caldav: linked
    ? {
        url: calendar.url.trim(),
        username: calendar.username,
        ...(calendar.password ? { password: calendar.password } : {}),
      }
    : null,
});

/**
 * "Calls leads can book with you" (decision 0036): the first name leads see, the zone, the weekly
 * hours, whether one takes calls, and a CalDAV calendar; saved through the security route's
 * action (PUT /api/staff/availability). When the calendar cannot be read, it says so.
 */
export function AvailabilityForm({ availability }: { availability: AvailabilityState }) {
  const [current, setCurrent] = useState(availability);
  const [saved, setSaved] = useState<string>();
  const form = useOwnSecurityForm<AvailabilityValues, AvailabilityState>({
    intent: "availability",
    initial: valuesOf(availability),
    body: bodyOf,
    // Editable again, holding what the server saved (the calendar's password is never shown again).
    resetOnDone: valuesOf,
    onDone: (data) => {
      setCurrent(data);
      setSaved(COPY.saved);
    },
  });
  const { state, submit, change } = form;
  const { shownName, timeZone, takesCalls, days, linked, calendar } = state.values;
  // The zones listed once per saved zone (the list is long: hundreds of zones).
  const zones = useMemo(() => zoneOptions(timeZone), [timeZone]);
  const busy = form.isBusy;
  const setDay = (index: number, edit: Partial<Day>) =>
    change("days")(days.map((day, at) => (at === index ? { ...day, ...edit } : day)));
  const setCalendar = change("calendar");

  return (
    <form
      className="mt-10 max-w-xl space-y-3"
      aria-labelledby="availability-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(undefined);
        void submit();
      }}
    >
      <h2 id="availability-heading" className="text-xl font-bold">
        {COPY.heading}
      </h2>
      <p className="text-slate-700">{COPY.intro}</p>
      <ErrorMessage message={current.problem ?? undefined} />
      <TextField id="availability-name" label={COPY.shownName} value={shownName} onValueChange={change("shownName")} />
      <SelectField
        id="availability-zone"
        label={COPY.timeZone}
        placeholder={COPY.chooseZone}
        options={zones}
        value={timeZone}
        onValueChange={change("timeZone")}
      />
      <div className="flex items-center gap-3">
        <input
          id="availability-takes-calls"
          type="checkbox"
          checked={takesCalls}
          onChange={(event) => change("takesCalls")(event.target.checked)}
          className="size-5 accent-brand"
        />
        <label htmlFor="availability-takes-calls" className="font-semibold text-slate-800">
          {COPY.takesCalls}
        </label>
      </div>
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-800">{COPY.weekly}</legend>
        {COPY.days.map((name, index) => (
          <div key={name} className="flex flex-wrap items-center gap-3">
            <input
              id={`availability-day-${index + 1}`}
              type="checkbox"
              checked={days[index]!.on}
              onChange={(event) => setDay(index, { on: event.target.checked })}
              className="size-5 accent-brand"
            />
            <label htmlFor={`availability-day-${index + 1}`} className="w-56">
              {COPY.works(name)}
            </label>
            <label htmlFor={`availability-from-${index + 1}`}>
              <span className="sr-only">{`${name} `}</span>
              {COPY.fromLabel}
            </label>
            <input
              id={`availability-from-${index + 1}`}
              type="time"
              value={days[index]!.from}
              disabled={!days[index]!.on}
              onChange={(event) => setDay(index, { from: event.target.value })}
              className="min-h-11 rounded-md border border-slate-400 px-2"
            />
            <label htmlFor={`availability-to-${index + 1}`}>
              <span className="sr-only">{`${name} `}</span>
              {COPY.toLabel}
            </label>
            <input
              id={`availability-to-${index + 1}`}
              type="time"
              value={days[index]!.to === "24:00" ? "23:59" : days[index]!.to}
              disabled={!days[index]!.on}
              onChange={(event) => setDay(index, { to: event.target.value === "23:59" ? "24:00" : event.target.value })}
              className="min-h-11 rounded-md border border-slate-400 px-2"
            />
          </div>
        ))}
      </fieldset>
      <h3 className="text-lg font-bold">{COPY.calendarHeading}</h3>
      <p className="text-slate-700">{COPY.calendarIntro}</p>
      <div className="flex items-center gap-3">
        <input
          id="availability-calendar"
          type="checkbox"
          checked={linked}
          onChange={(event) => change("linked")(event.target.checked)}
          className="size-5 accent-brand"
        />
        <label htmlFor="availability-calendar" className="font-semibold text-slate-800">
          {COPY.linkCalendar}
        </label>
      </div>
      {linked ? (
        <>
          <TextField
            id="availability-calendar-url"
            label={COPY.calendarUrl}
            type="url"
            value={calendar.url}
            onValueChange={(url) => setCalendar({ ...calendar, url })}
          />
          <TextField
            id="availability-calendar-user"
            label={COPY.calendarUser}
            value={calendar.username}
            onValueChange={(username) => setCalendar({ ...calendar, username })}
          />
          <TextField
            id="availability-calendar-password"
            label={COPY.calendarPassword}
            type="password"
            autoComplete="off"
            value={calendar.password}
            onValueChange={(password) => setCalendar({ ...calendar, password })}
          />
        </>
      ) : null}
      <ErrorMessage message={state.status.kind === "failed" ? state.status.message : undefined} />
      <StatusMessage message={saved} />
      <Button type="submit" tone="plain" isBusy={busy} busyLabel={COPY.saving}>
        {COPY.save}
      </Button>
    </form>
  );
}
