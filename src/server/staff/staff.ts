import type { FastifyPluginAsync } from "fastify";
import { registerStaffAuth } from "./staff-auth";
import { leadsStaffRoutes } from "../leads";
import { staffAccountRoutes } from "./staff-accounts-routes";
import { registerStaffSecondFactor } from "./staff-second-factor";
import { registerStaffSecurity } from "./security-routes";
import { registerStaffMailAlerts } from "./mail-alerts-routes";
import { privacyStaffRoutes } from "../privacy";
import { rewardsStaffRoutes } from "../rewards";
import { bookingsStaffRoutes } from "../bookings";
import { reportsStaffRoutes } from "../reports";
import { verificationStaffRoutes, type StaffVerificationOptions } from "../verification";

/** The staff console's API (/api/staff/*): sign-in, sessions, CSRF, the second factor, passwords and the security log, then the console's routes. */
export const staffRoutes: FastifyPluginAsync<
  { pipelineWebhookUrl?: string | undefined } & StaffVerificationOptions
> = async (app, options) => {
  await registerStaffAuth(app);
  await registerStaffSecondFactor(app);
  await registerStaffSecurity(app);
  await registerStaffMailAlerts(app);
  await leadsStaffRoutes(app, options);
  await staffAccountRoutes(app);
  await privacyStaffRoutes(app, options);
  await rewardsStaffRoutes(app);
  await verificationStaffRoutes(app, options);
  await bookingsStaffRoutes(app);
  await app.register(reportsStaffRoutes);
};
