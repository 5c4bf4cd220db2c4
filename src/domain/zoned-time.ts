/**
 * Wall-clock time in a named time zone with `Intl` alone (decision 0036): what a person's "Monday
 * 9:00" is as a UTC instant, and what an instant is on someone's clock. Instants are epoch
 * milliseconds; dates are { year, month (1-12), day }.
 */

export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone this runtime knows ("America/New_York"). */
export function isTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(timeZone)) return false;
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `timeZone` at an instant: date, minutes since its midnight. */
export function wallClockOf(at: number, timeZone: string): LocalDate & { minutes: number } {
  const parts = formatterOf(timeZone).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    minutes: get("hour") * 60 + get("minute"),
  };
}

/** How far `timeZone` is ahead of UTC at an instant, in milliseconds. */
function offsetMs(at: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall-clock time of `timeZone` names: `minutes` after that date's midnight (1440
 * is the next midnight). A time skipped by a daylight-saving change moves forward by the gap; a
 * time that happens twice is the first.
 */
export function instantOf(date: LocalDate, minutes: number, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  const first = wall - offsetMs(wall, timeZone);
  const second = wall - offsetMs(first, timeZone);
  if (first === second) return first;
  // Near a change: take the candidate that reads back as the wall time, else the later one (a gap).
  const readsBack = (at: number) => at + offsetMs(at, timeZone) === wall;
  if (readsBack(Math.min(first, second))) return Math.min(first, second);
  if (readsBack(Math.max(first, second))) return Math.max(first, second);
  return Math.max(first, second);
}

/** The date `days` after `date` (negative: before). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const at = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
}

/** 1 = Monday … 7 = Sunday (ISO 8601). */
export function isoWeekday(date: LocalDate): number {
  const day = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** "09:00" as minutes since midnight ("24:00" is 1440); undefined when not a time. */
export function minutesOf(time: string): number | undefined {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 1440 ? minutes : undefined;
}
