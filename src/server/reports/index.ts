/** Reports (decision 0039): the door. The routes are report-routes.ts's. */
export { reportsPublicRoutes, reportsStaffRoutes } from "./report-routes";
