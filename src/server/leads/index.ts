/**
 * Leads and qualification: the door. The public forms (facility lead, nurse application), the
 * qualifying chat's answers and the admin API's exports, each a Fastify plugin app.ts registers;
 * `completeQualification` for voice, whose call ends a qualification as the chat does.
 */

export { leadsAdminRoutes } from "./admin";
export { completeQualification } from "./complete-qualification";
export { leadsPublicRoutes } from "./leads-public-routes";
export { leadsStaffRoutes } from "./leads-staff-routes";
