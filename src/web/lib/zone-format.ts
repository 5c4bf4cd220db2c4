/** Times as people read them (decision 0036): in their zone, the zone named; the lead's time picker and the console's call moves. */

/** The browser's zone, else the given one. */
export function browserTimeZone(fallback: string): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || fallback;
  } catch {
    return fallback;
  }
}

/** "Hawaii-Aleutian Standard Time" for a zone at an instant. */
export function zoneName(timeZone: string, at: string | number = Date.now()): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "long" })
    .formatToParts(new Date(at))
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

const dayFormat = (timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", month: "long", day: "numeric" });
const timeFormat = (timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" });

/** The slots grouped by their day in the zone, in order: [{ day: "Tuesday, December 1", times: [{ start, label: "9:00 AM" }] }]. */
export function byDay(
  starts: string[],
  timeZone: string,
): { day: string; times: { start: string; label: string }[] }[] {
  const days = dayFormat(timeZone);
  const times = timeFormat(timeZone);
  const groups: { day: string; times: { start: string; label: string }[] }[] = [];
  for (const start of starts) {
    const day = days.format(new Date(start));
    const label = times.format(new Date(start));
    const last = groups.at(-1);
    if (last?.day === day) last.times.push({ start, label });
    else groups.push({ day, times: [{ start, label }] });
  }
  return groups;
}

/** "Tuesday, December 1 at 9:00 AM Eastern Standard Time". */
export function whenLabel(start: string, timeZone: string): string {
  return `${dayFormat(timeZone).format(new Date(start))} at ${timeFormat(timeZone).format(new Date(start))} ${zoneName(timeZone, start)}`;
}
