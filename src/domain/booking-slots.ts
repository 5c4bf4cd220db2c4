import { addDays, instantOf, isoWeekday, minutesOf, wallClockOf, type LocalDate } from "./zoned-time";

/**
 * The times a lead is offered for a call (decision 0036), as pure functions over epoch milliseconds:
 * a person's weekly hours in their own zone become UTC windows, busy times (their calendar's
 * events, the calls they already have) are taken out, and what is left is cut into calls on a
 * fixed grid. The grid (multiples of the call's length since the epoch) is what lets the database
 * hold "never two calls at once" with a unique index on (person, start).
 */

/** One span of a person's week: `day` 1 = Monday … 7 = Sunday, `from`/`to` "HH:MM" in their zone ("24:00" ends a day). */
export interface WeeklyHours {
  day: number;
  from: string;
  to: string;
}

export interface Interval {
  start: number;
  end: number;
}

export interface BookingRules {
  callMinutes: number;
  minNoticeMinutes: number;
  /** Business days (Monday to Friday) the offer spans, today included. */
  days: number;
}

/** Someone who takes calls, as the offer needs them. */
export interface CallTaker {
  id: string;
  timeZone: string;
  weekly: WeeklyHours[];
  /** Their calendar's events and their booked calls; `undefined` when their calendar cannot be read (none of their times then). */
  busy: Interval[] | undefined;
}

const MINUTE = 60_000;

/** The end of the offer in `timeZone`: the midnight after the `days`-th business day counted from the day of `now`. */
export function offerEnd(now: number, days: number, timeZone: string): number {
  let date: LocalDate = wallClockOf(now, timeZone);
  let counted = 0;
  for (let i = 0; i < 31 && counted < days; i++) {
    if (isoWeekday(date) <= 5) counted++;
    if (counted < days) date = addDays(date, 1);
  }
  return instantOf(addDays(date, 1), 0, timeZone);
}

/** The UTC windows of weekly hours between two instants (the hours read in `timeZone`, day by day, so a clock change is honoured). */
export function weeklyWindows(weekly: WeeklyHours[], timeZone: string, from: number, to: number): Interval[] {
  const windows: Interval[] = [];
  const first = addDays(wallClockOf(from, timeZone), -1);
  for (let date = first, i = 0; i < 40; date = addDays(date, 1), i++) {
    const dayStart = instantOf(date, 0, timeZone);
    if (dayStart >= to) break;
    for (const span of weekly) {
      if (span.day !== isoWeekday(date)) continue;
      const fromMinutes = minutesOf(span.from);
      const toMinutes = minutesOf(span.to);
      if (fromMinutes === undefined || toMinutes === undefined || toMinutes <= fromMinutes) continue;
      const start = Math.max(instantOf(date, fromMinutes, timeZone), from);
      const end = Math.min(instantOf(date, toMinutes, timeZone), to);
      if (end > start) windows.push({ start, end });
    }
  }
  return windows.sort((a, b) => a.start - b.start);
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/** The call starts a person is free for, ascending: inside their hours, outside anything busy, from the notice to the offer's end. */
export function freeStarts(person: CallTaker, rules: BookingRules, now: number): number[] {
  if (person.busy === undefined) return [];
  const callMs = rules.callMinutes * MINUTE;
  const earliest = now + rules.minNoticeMinutes * MINUTE;
  const windows = weeklyWindows(person.weekly, person.timeZone, earliest, offerEnd(now, rules.days, person.timeZone));
  const starts = new Set<number>();
  for (const window of windows) {
    for (let start = Math.ceil(window.start / callMs) * callMs; start + callMs <= window.end; start += callMs) {
      const call = { start, end: start + callMs };
      if (!person.busy.some((busy) => overlaps(busy, call))) starts.add(start);
    }
  }
  return [...starts].sort((a, b) => a - b);
}

/** Every start anyone is free for, ascending, once each. */
export function offeredStarts(people: CallTaker[], rules: BookingRules, now: number): number[] {
  const all = new Set<number>();
  for (const person of people) for (const start of freeStarts(person, rules, now)) all.add(start);
  return [...all].sort((a, b) => a - b);
}

/** Whether an instant lies on the grid of call starts. */
export const onGrid = (at: number, callMinutes: number) => at % (callMinutes * MINUTE) === 0;

/** The Monday 00:00 UTC that starts the week of an instant: "calls that week" are counted from it. */
export function weekStartOf(at: number): number {
  const day = new Date(at);
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const weekday = day.getUTCDay() === 0 ? 7 : day.getUTCDay();
  return midnight - (weekday - 1) * 24 * 60 * MINUTE;
}

/**
 * Who takes a call at `start`, best first: the people free then, the fewest calls that week
 * first, then by id (the same order in every process). Empty: nobody is free.
 */
export function whoTakes(
  people: CallTaker[],
  rules: BookingRules,
  now: number,
  start: number,
  callsThatWeek: ReadonlyMap<string, number>,
): string[] {
  return people
    .filter((person) => freeStarts(person, rules, now).includes(start))
    .sort((a, b) => (callsThatWeek.get(a.id) ?? 0) - (callsThatWeek.get(b.id) ?? 0) || a.id.localeCompare(b.id))
    .map((person) => person.id);
}
