/**
 * Staff and sessions: the door. `staffRoutes` is the console's API (/api/staff/*): sign-in,
 * sessions, CSRF, the second factor, the security log, accounts, leads and the pipeline, and
 * inside its scope the console routes of rewards, privacy, verification, bookings and reports.
 */

export { staffRoutes } from "./staff";
