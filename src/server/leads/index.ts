/**
 * Leads and qualification: the door. The public forms (facility lead, nurse application), the
 * qualifying chat's answers and the admin API's exports, each a Fastify plugin app.ts registers;
 * `completeQualification` for voice, whose call ends a qualification as the chat does.
 */

export { LEAD_CSV_COLUMNS, adminRoutes } from "./admin";
export { completeQualification } from "./complete-qualification";
export { leadRoutes } from "./leads";
export { registerStaffConsole } from "./leads-staff-routes";
export { nurseApplicationRoutes } from "./nurse-applications";
export { qualificationRoutes } from "./qualification";
