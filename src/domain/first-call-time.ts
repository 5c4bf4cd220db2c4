/**
 * The earliest call time offered, as a promise names it: "Monday 9:00 AM EST" within
 * the coming week, the date added beyond it ("Monday, December 7, 9:00 AM EST"), in the lead's
 * zone, the zone named short. One wording for the site's pages and the confirmation e-mail.
 */

const WEEK_MS = 6 * 86_400_000;

export function firstCallLabel(start: string | number, timeZone: string, now: number = Date.now()): string {
  const at = new Date(start);
  const isThisWeek = at.getTime() - now < WEEK_MS;
  const day = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    ...(isThisWeek ? {} : { month: "long", day: "numeric" }),
  }).format(at);
  const time = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(at);
  return isThisWeek ? `${day} ${time}` : `${day}, ${time}`;
}
