export { LEAD_CSV_COLUMNS, adminRoutes } from "./admin";
export { completeQualification } from "./complete-qualification";
export { leadRoutes } from "./leads";
export { nurseApplicationRoutes } from "./nurse-applications";
export { qualificationRoutes } from "./qualification";
