/**
 * Verification (decisions 0024, 0029, 0040): the door. `setUpVerification` starts the runner that checks a
 * lead's facility and pays on proof; the console's verification routes go inside the staff scope;
 * `verificationView` is the lead page's section; `verifyLead` is one check (tests, the runner).
 */

export { verificationStaffRoutes } from "./staff-verification";
export type { StaffVerificationOptions } from "./staff-verification";
export { setUpVerification } from "./verification-setup";
export { verificationView } from "./verification-view";
export type { WorkAddressConfirmedAt } from "./verification-view";
export type { VerificationDeps } from "./verify-lead";
export { verifyLead } from "./verify-lead";
