export { registerAdminPrivacy } from "./admin-privacy";
export { contactLinkUrls, issueContactLink, newContactToken } from "./contact-links";
export { doNotContactOf, voiceCallRefused } from "./do-not-contact";
export { isOptedOut } from "./privacy-requests";
export { startRetention } from "./retention";
export { registerStaffPrivacy } from "./staff-privacy";
export { stopContactingRoutes } from "./stop-contacting";

export { exportPerson } from "./export-person";
export { erasePerson } from "./privacy-requests";
