export { registerStaffVerification } from "./staff-verification";
export type { StaffVerificationOptions } from "./staff-verification";
export { setUpVerification } from "./verification-setup";
export { verificationView } from "./verification-view";
export type { WorkAddressConfirmedAt } from "./verification-view";
export type { VerificationDeps } from "./verify-lead";

export { verifyLead } from "./verify-lead";
