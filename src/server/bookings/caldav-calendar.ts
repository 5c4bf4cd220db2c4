import ical from "node-ical";
import {
  createCalendarObject,
  deleteCalendarObject,
  fetchCalendarObjects,
  getBasicAuthHeaders,
  updateCalendarObject,
} from "tsdav";
import type { Interval } from "../../domain/booking-slots";

/**
 * A staff member's CalDAV calendar (decision 0036) through tsdav: the busy times in a span (events,
 * recurring ones expanded with node-ical, transparent ones left out), and the booked call written
 * as an event and removed on cancel. The configured URL is the calendar collection itself
 * (Radicale: http://host:5232/user/calendar/; Nextcloud, Fastmail and iCloud show theirs).
 */

export interface CalendarAccess {
  url: string;
  username: string;
  password: string;
  /** The guarded fetch every request goes through (caldav-fetch.ts: public addresses only). */
  fetch: typeof fetch;
}

/** 10 s: a calendar slower than this counts as unreadable (none of its owner's times are offered). */
const TIMEOUT_MS = 10_000;

const collectionUrl = (url: string) => (url.endsWith("/") ? url : `${url}/`);
const headersOf = (access: CalendarAccess) =>
  getBasicAuthHeaders({ username: access.username, password: access.password }) as Record<string, string>;
const fetchOptions = () => ({ signal: AbortSignal.timeout(TIMEOUT_MS) });

/** The busy spans of a calendar between two instants; throws when the calendar cannot be read. */
export async function busyTimes(access: CalendarAccess, from: number, to: number): Promise<Interval[]> {
  const objects = await fetchCalendarObjects({
    calendar: { url: collectionUrl(access.url) },
    timeRange: { start: new Date(from).toISOString(), end: new Date(to).toISOString() },
    headers: headersOf(access),
    fetchOptions: fetchOptions(),
    fetch: access.fetch,
  });
  const busy: Interval[] = [];
  for (const object of objects) {
    if (typeof object.data !== "string") continue;
    for (const component of Object.values(ical.sync.parseICS(object.data))) {
      if (!component || component.type !== "VEVENT") continue;
      if (String(component.transparency ?? "").toUpperCase() === "TRANSPARENT") continue;
      if (component.recurrenceid) continue; // an override: expanded with its base event
      const instances = ical.expandRecurringEvent(component, {
        from: new Date(from),
        to: new Date(to),
        expandOngoing: true,
      });
      for (const instance of instances) {
        const start = instance.start.getTime();
        const end = instance.end ? instance.end.getTime() : start + (instance.isFullDay ? 86_400_000 : 0);
        if (end > from && start < to) busy.push({ start, end: Math.max(end, start + 1) });
      }
    }
  }
  return busy;
}

/** Writes a booked call's event into the calendar (replacing it at `href` after a move); answers its address. */
export async function writeEvent(
  access: CalendarAccess,
  uid: string,
  iCalString: string,
  href?: string | null,
): Promise<string> {
  const response = href
    ? await updateCalendarObject({
        calendarObject: { url: href, data: iCalString, etag: "" },
        headers: { ...headersOf(access), "content-type": "text/calendar; charset=utf-8" },
        fetchOptions: fetchOptions(),
        fetch: access.fetch,
      })
    : await createCalendarObject({
        calendar: { url: collectionUrl(access.url) },
        filename: `${uid.replace(/[^A-Za-z0-9-]/g, "_")}.ics`,
        iCalString,
        headers: headersOf(access),
        fetchOptions: fetchOptions(),
        fetch: access.fetch,
      });
  if (!response.ok) throw new Error(`calendar answered ${response.status}`);
  return href ?? new URL(`${uid.replace(/[^A-Za-z0-9-]/g, "_")}.ics`, collectionUrl(access.url)).toString();
}

/** Removes an event from the calendar (gone already is fine). */
export async function removeEvent(access: CalendarAccess, href: string): Promise<void> {
  const response = await deleteCalendarObject({
    calendarObject: { url: href, etag: "" },
    headers: headersOf(access),
    fetchOptions: fetchOptions(),
    fetch: access.fetch,
  });
  if (!response.ok && response.status !== 404) throw new Error(`calendar answered ${response.status}`);
}
