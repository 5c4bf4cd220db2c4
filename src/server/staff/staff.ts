import type { FastifyPluginAsync } from "fastify";
import { registerStaffAuth } from "./staff-auth";
import { registerStaffConsole } from "../leads";
import { registerStaffSecondFactor } from "./staff-second-factor";
import { registerStaffSecurity } from "./staff-security";
import { registerStaffMailAlerts } from "./staff-mail-alerts";
import { registerStaffPrivacy } from "../privacy";
import { registerRewardStaffRoutes, registerApprovalRoutes } from "../rewards";
import { registerStaffBookingRoutes } from "../bookings";
import { reportStaffRoutes } from "../reports";
import { registerStaffVerification, type StaffVerificationOptions } from "../verification";

/** The staff console's API (/api/staff/*): sign-in, sessions, CSRF, the second factor, passwords and the security log, then the console's routes. */
export const staffRoutes: FastifyPluginAsync<
  { pipelineWebhookUrl?: string | undefined } & StaffVerificationOptions
> = async (app, options) => {
  await registerStaffAuth(app);
  await registerStaffSecondFactor(app);
  await registerStaffSecurity(app);
  await registerStaffMailAlerts(app);
  await registerStaffConsole(app, options);
  await registerStaffPrivacy(app, options);
  await registerRewardStaffRoutes(app);
  await registerApprovalRoutes(app);
  await registerStaffVerification(app, options);
  await registerStaffBookingRoutes(app);
  await app.register(reportStaffRoutes);
};
