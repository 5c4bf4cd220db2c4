import { z } from "zod";
import { isTimeZone, minutesOf } from "./zoned-time";

/**
 * The bookings API's bodies and words (decision 0036): a lead's slots, booking, move and cancel (with
 * the lead's own qualification token), and a staff member's availability.
 */

export const BOOKING_MESSAGES = {
  taken: "That time was just taken, please pick another",
  notOffered: "That time is no longer offered, please pick another",
  sessionExpired: "This link has expired. Please call us to book your call.",
  notFound: "We could not find that call.",
  alreadyBooked: "You already have a call booked. Move or cancel it instead.",
  notBookable: "We cannot book a call for this request. Please call us instead.",
  started: "This call has already started or ended, so it can no longer be changed.",
  cancelled: "This call was cancelled.",
  timeZone: "Choose a time zone such as America/New_York.",
  start: "Choose a start time from the list.",
  leadId: "The link is incomplete. Open it again from your e-mail.",
  token: "The link is incomplete. Open it again from your e-mail.",
  weekly:
    "Give each day's hours as a day from 1 (Monday) to 7 (Sunday) and times from 00:00 to 24:00, the end after the start.",
  caldavUrl: "Give the calendar's address, starting with https:// (or http:// on this computer).",
  caldavUser: "Give the calendar's user name.",
  caldavPassword: "Give the calendar's app password.",
  shownName: "Give the first name leads will see (up to 40 characters).",
  calendarUnreadable: "Your calendar could not be read, so none of your times are offered until it can be.",
  outcome: "Mark the call held or missed.",
  notStartedYet: "This call has not started yet, so it cannot be marked held or missed. Mark it once it has started.",
  notBookedNow: "This call is no longer booked (held, missed or cancelled), so it cannot be moved.",
  doNotContact: "This lead asked not to be contacted, so their call cannot be moved.",
  notQualified: "A call can be booked once you have answered the qualifying questions. Please finish them first.",
  tooManyChanges: "This call was booked or moved three times today. Please keep this time, or call us to change it.",
  busyToday: "We cannot take more bookings from here today. Please call us instead.",
  caldavPrivate: "That calendar address is on a private or local network. Give your calendar's public address.",
  caldavUnreachable: "That calendar address could not be found. Check it and try again.",
  // Staff's next steps after a missed call (decision 0045) ("Offer new times", "Book for the lead").
  staffLeadNotFound: "We could not find that lead.",
  staffErased: "This lead's data was erased, so no call can be offered or booked for them.",
  staffSpam: "This lead was stored as spam, so no call can be offered or booked for them.",
  staffDoNotContact:
    "This lead asked not to be contacted, so no new times are e-mailed and no call is booked for them.",
  staffNotQualified: "This lead has not qualified yet, so no call can be offered or booked for them.",
  staffHasBookedCall:
    "This lead has a call booked. Move that call instead, or mark it held or missed once it has started.",
  staffNoMissedCall: "New times are offered once the lead's call is marked missed.",
  staffNoMail:
    "E-mail is not set up on this server, so new times cannot be e-mailed. Book a time for the lead instead.",
  staffMailboxFull:
    "This lead's mailbox has had as many e-mails from us as it may today. Book a time for the lead, or try again tomorrow.",
  staffBusyToday:
    "Five calls were booked today for leads at this e-mail domain, the most a day. Book this one tomorrow, or call the lead.",
  calendarWriteFailed:
    "This call is not in the staff member's calendar yet: the calendar did not take it. It is tried again every minute.",
} as const;

const M = BOOKING_MESSAGES;

const uuid = z.uuid(M.leadId);
const token = z.string(M.token).regex(/^[A-Za-z0-9_-]{43}$/, M.token);
const timeZone = z.string(M.timeZone).refine(isTimeZone, M.timeZone);
const instant = z
  .string(M.start)
  .max(40, M.start)
  .refine((value) => Number.isFinite(Date.parse(value)) && /^\d{4}-\d\d-\d\dT/.test(value), M.start)
  .transform((value) => Date.parse(value));

/** GET /api/bookings/slots?lead=&token=&tz= */
export const SlotsQuerySchema = z.object({ lead: uuid, token, tz: timeZone.optional() });

/** POST /api/bookings (`tz`: the zone the lead saw the times in; their e-mails use it) */
export const BookRequestSchema = z.object({ lead: uuid, token, start: instant, tz: timeZone.optional() });

/** POST /api/bookings/:id/move */
export const MoveRequestSchema = z.object({ token, start: instant });

/** POST /api/bookings/:id/cancel */
export const CancelRequestSchema = z.object({ token });

const time = z.string(M.weekly).refine((value) => minutesOf(value) !== undefined, M.weekly);

const WeeklyHoursSchema = z
  .object({ day: z.int(M.weekly).min(1, M.weekly).max(7, M.weekly), from: time, to: time })
  .refine((span) => (minutesOf(span.to) ?? 0) > (minutesOf(span.from) ?? 0), M.weekly);

const CaldavSchema = z.object({
  url: z
    .string(M.caldavUrl)
    .max(500, M.caldavUrl)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), M.caldavUrl),
  username: z.string(M.caldavUser).trim().min(1, M.caldavUser).max(200, M.caldavUser),
  /** Left out (or empty) on a change: the stored password is kept. */
  password: z.string(M.caldavPassword).max(500, M.caldavPassword).optional(),
});

/** PUT /api/staff/availability */
export const AvailabilityRequestSchema = z.strictObject({
  shownName: z.string(M.shownName).trim().min(1, M.shownName).max(40, M.shownName).optional(),
  timeZone,
  takesCalls: z.boolean(),
  weekly: z.array(WeeklyHoursSchema, M.weekly).max(21, M.weekly),
  caldav: CaldavSchema.nullable().default(null),
});

/** What GET and PUT /api/staff/availability answer: the settings without the password, and the calendar's state. */
export interface AvailabilityState {
  shownName: string;
  timeZone: string;
  takesCalls: boolean;
  weekly: { day: number; from: string; to: string }[];
  caldav: { url: string; username: string } | null;
  /** Why none of this person's times are offered, in words (their calendar cannot be read); null when nothing is wrong. */
  problem: string | null;
}

/** POST /api/staff/bookings/:id/outcome: staff mark a call. */
export const OutcomeRequestSchema = z.strictObject({ outcome: z.enum(["held", "missed"], M.outcome) });

/** POST /api/staff/calls/:id/move: staff move a lead's call to one of the times offered. */
export const StaffMoveRequestSchema = z.strictObject({ start: instant });

/** POST /api/staff/leads/:id/offer-times (decision 0045): e-mail the lead their picker link after a missed call; nothing to say. */
export const OfferTimesRequestSchema = z.strictObject({});

/** POST /api/staff/leads/:id/book (decision 0045): staff book one of the times offered for the lead. */
export const StaffBookRequestSchema = z.strictObject({ start: instant });

/** What "Offer new times" answers: when the e-mail was queued; `again`: an offer made moments ago stands (nothing sent twice). */
export interface OfferTimesAnswer {
  offeredAt: string;
  again: boolean;
}

/** What the bookings API answers for a booking. */
export interface BookingAnswer {
  booking: { id: string; start: string; end: string; with: string };
}

export interface SlotsAnswer {
  timeZone: string;
  callMinutes: number;
  slots: { start: string; end: string }[];
  /** Set when no times are offered because the lead has not qualified yet (decision 0043): the page asks them to. */
  needsQualification?: true;
}
