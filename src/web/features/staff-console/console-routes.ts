/**
 * What the console's route modules (src/web/app/routes/staff*.tsx) take from this feature, in
 * one module: every route then depends on the same chunks, so the route manifest that every
 * public page loads lists one short, repeated set of imports per console route (decision 0027).
 */
export { StaffConsole, changeSession, layoutRevalidates, loadConsole } from "./staff-console";
export { ViewError } from "./console-ui";
export { LeadList, loadLeadList } from "./lead-list";
export { BackToList, LeadPage, changeLead, loadLead } from "./lead-page";
export {
  ApplicationDetail,
  ApplicationList,
  BackToApplications,
  loadApplication,
  loadApplications,
} from "./applications-view";
export { AccountsView, changeAccounts, loadAccounts } from "./accounts-view";
export { OwnSecurityView, changeOwnSecurity, loadOwnSecurity } from "./own-security-view";
export { SecurityLogView, loadSecurityLog } from "./security-log-view";
export { ThrottlesView, changeThrottles, loadThrottles } from "./throttles-view";
export { ApprovalsView, changeApprovals, loadApprovals } from "./approvals-view";
export { PrivacyView, changePrivacy, loadPrivacy } from "./privacy-view";
export { CallsView, changeCalls, loadCalls } from "./calls-view";
export { ReportsView, loadReports } from "./reports-view";
