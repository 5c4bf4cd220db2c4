import type { FastifyInstance } from "fastify";
import { registerAvailabilityRoutes } from "./availability-routes";
import { CalendarCache } from "./booking-offer";
import { registerBookingRoutes } from "./booking-routes";
import { startBookingSweeps, sweepBookings } from "./booking-sweeps";
import { registerStaffCallRoutes } from "./staff-call-routes";

/**
 * Booking a call with staff (issue 40, decision 0036): the one door of the capability.
 * `setUpBookings` registers the lead's routes (/api/bookings/*) on the app; the staff routes
 * (/api/staff/availability, /api/staff/calls) are registered inside the console's scope, under
 * its session and CSRF token, by `bookingsStaffRoutes`.
 */

declare module "fastify" {
  interface FastifyInstance {
    /** The CalDAV busy times of this process, shared by the offer and the console. */
    bookingCalendars: CalendarCache;
    /** After a privacy request: calls off the calls of people who asked not to be contacted, and takes cancelled calls out of staff's calendars. */
    sweepBookings: () => Promise<void>;
  }
}

export async function setUpBookings(app: FastifyInstance): Promise<void> {
  app.decorate(
    "bookingCalendars",
    new CalendarCache(app.config.BOOKING_CALENDAR_CACHE_SECONDS * 1000, app.config.STAFF_SECRET_KEY, app.log),
  );
  app.decorate("sweepBookings", () => sweepBookings(app, app.bookingCalendars));
  startBookingSweeps(app, app.bookingCalendars);
  await registerBookingRoutes(app, app.bookingCalendars);
}

export async function bookingsStaffRoutes(app: FastifyInstance): Promise<void> {
  await registerAvailabilityRoutes(app, app.bookingCalendars);
  await registerStaffCallRoutes(app);
}
