import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { MAX_LENGTH, singleLine, unlinkable } from "./mail-text";

/**
 * A booked call as an iCalendar invite (decision 0036), made with ical-generator: one UID per
 * booking, the staff member the organiser, the lead an attendee, times in UTC, SEQUENCE raised
 * on every change; METHOD:REQUEST for a new or moved call, METHOD:CANCEL for a cancelled one.
 */
export interface CalendarInvite {
  uid: string;
  sequence: number;
  method: "REQUEST" | "CANCEL";
  /** ISO 8601, UTC. */
  start: string;
  end: string;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/**
 * A name as an iCalendar parameter value (CN): one line, no link a calendar could make of it
 * (mail-text.ts `unlinkable`), and encoded per RFC 6868 (`^` as `^^`, `"` as `^'`): ical-generator
 * puts it between double quotes but would escape a quote with a backslash, which iCalendar has
 * not, so a calendar server refuses the event. A backslash has no meaning there either: a slash;
 * a semicolon, which parsers such as node-ical split parameters on even between quotes: a comma.
 */
function parameterValue(name: string): string {
  return unlinkable(singleLine(name, MAX_LENGTH.name + MAX_LENGTH.facility))
    .replace(/\\/g, "/")
    .replace(/;/g, ",")
    .replace(/\^/g, "^^")
    .replace(/"/g, "^'");
}

/**
 * The invite's text (text/calendar). `stored`: the event as a calendar keeps it (CalDAV, RFC 4791
 * allows no METHOD in a stored object).
 */
export function calendarInviteText(invite: CalendarInvite, { stored = false }: { stored?: boolean } = {}): string {
  const calendar = ical({
    prodId: { company: "staffing-funnel", product: "bookings", language: "EN" },
    ...(stored ? {} : { method: invite.method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST }),
  });
  calendar.createEvent({
    id: invite.uid,
    sequence: invite.sequence,
    start: new Date(invite.start),
    end: new Date(invite.end),
    stamp: new Date(),
    summary: invite.summary,
    description: invite.description,
    status: invite.method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: parameterValue(invite.organizer.name), email: invite.organizer.email },
    attendees: [
      {
        name: parameterValue(invite.attendee.name),
        email: invite.attendee.email,
        role: ICalAttendeeRole.REQ,
        status: invite.method === "CANCEL" ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
      },
    ],
  });
  return calendar.toString();
}
