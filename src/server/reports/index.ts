/** Reports (issue 39, decision 0039): the door. The routes are report-routes.ts's. */
export { reportPublicRoutes, reportStaffRoutes } from "./report-routes";
