import type { FastifyInstance } from "fastify";
import { registerAvailabilityRoutes } from "./availability-routes";
import { CalendarCache } from "./booking-offer";
import { registerBookingRoutes } from "./booking-routes";
import { firstOfferedStart, registerFirstOfferedTime } from "./first-offered-time";
import { startBookingSweeps, sweepBookings } from "./booking-sweeps";
import { registerStaffCallRoutes } from "./staff-call-routes";
import { caldavFetch, type CaldavGuard } from "./caldav-fetch";
import { watchCalendarWrites } from "./calendar-retries";
import { systemResolver, type Resolver } from "../public-address";

/**
 * Booking a call with staff (decision 0036): the one door of the capability.
 * `setUpBookings` registers the lead's routes (/api/bookings/*) on the app; the staff routes
 * (/api/staff/availability, /api/staff/calls) are registered inside the console's scope, under
 * its session and CSRF token, by `bookingsStaffRoutes`.
 */

declare module "fastify" {
  interface FastifyInstance {
    /** The CalDAV busy times of this process, shared by the offer and the console. */
    bookingCalendars: CalendarCache;
    /** Which calendar hosts may be reached (public addresses, or CALDAV_ALLOWED_HOSTS), and how names are resolved. */
    bookingCaldavGuard: CaldavGuard;
    /** After a privacy request: calls off the calls of people who asked not to be contacted, and takes cancelled calls out of staff's calendars. */
    sweepBookings: () => Promise<void>;
    /** The earliest call time offered now in a zone: null when none, undefined when it could not be read in time. */
    firstOfferedCall: (timeZone: string) => Promise<string | null | undefined>;
  }
}

/** `resolver`: in place of the system's DNS for calendar hosts (tests: a name resolving to a private address). */
export async function setUpBookings(
  app: FastifyInstance,
  options: { resolver?: Resolver | undefined } = {},
): Promise<void> {
  const guard: CaldavGuard = {
    resolver: options.resolver ?? systemResolver,
    allowedHosts: app.config.CALDAV_ALLOWED_HOSTS,
  };
  app.decorate("bookingCaldavGuard", guard);
  app.decorate(
    "bookingCalendars",
    new CalendarCache(
      app.config.BOOKING_CALENDAR_CACHE_SECONDS * 1000,
      app.config.STAFF_SECRET_KEY,
      app.log,
      caldavFetch(guard),
    ),
  );
  app.decorate("sweepBookings", () => sweepBookings(app, app.bookingCalendars));
  app.decorate("firstOfferedCall", (timeZone: string) => firstOfferedStart(app, app.bookingCalendars, timeZone));
  watchCalendarWrites(app);
  startBookingSweeps(app, app.bookingCalendars);
  await registerBookingRoutes(app, app.bookingCalendars);
  await registerFirstOfferedTime(app, app.bookingCalendars);
}

export async function bookingsStaffRoutes(app: FastifyInstance): Promise<void> {
  await registerAvailabilityRoutes(app, app.bookingCalendars);
  await registerStaffCallRoutes(app);
}
