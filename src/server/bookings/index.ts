/**
 * Booking a call with staff (decision 0036): the door. `setUpBookings` (bookings-setup.ts)
 * registers the lead's routes and starts the sweeps; the staff routes are registered inside the
 * console's scope by `bookingsStaffRoutes`.
 */
export { bookingsStaffRoutes, setUpBookings } from "./bookings-setup";
export { callsOfLead } from "./bookings-repository";
