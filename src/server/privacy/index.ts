/**
 * Privacy (decisions 0025, 0033, 0037): the door. Its routes (stop contacting, the staff's and the admin's
 * privacy requests), the retention job, and what other capabilities ask of it: whether a person
 * may be contacted or mailed, the stop-contacting link of an e-mail, a person's export and erasure.
 * Where a person's data lives: personal-data-map.ts (read by erasure, export and a test).
 */

export { privacyAdminRoutes } from "./admin-privacy";
export { contactLinkUrls, issueApplicationContactLink, issueContactLink, newContactToken } from "./contact-links";
export { doNotContactOf, voiceCallRefused } from "./do-not-contact-state";
export { isOptedOut } from "./privacy-request-log";
export { startRetention } from "./retention";
export { privacyStaffRoutes } from "./privacy-staff-routes";
export { privacyPublicRoutes } from "./stop-contacting-routes";
export { exportPerson } from "./export-person";
export { erasePerson } from "./privacy-request-log";
