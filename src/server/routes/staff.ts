import type { FastifyPluginAsync } from "fastify";
import { registerStaffAuth } from "./staff-auth";
import { registerStaffConsole } from "./staff-console";
import { registerRewardStaffRoutes } from "../rewards/reward-routes";

/** The staff console's API (/api/staff/*): sign-in, sessions, CSRF, then the console's routes. */
export const staffRoutes: FastifyPluginAsync<{ pipelineWebhookUrl?: string | undefined }> = async (app, options) => {
  await registerStaffAuth(app);
  await registerStaffConsole(app, options);
  await registerRewardStaffRoutes(app);
};
