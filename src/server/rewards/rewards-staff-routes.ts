import type { FastifyInstance } from "fastify";
import { registerApprovalRoutes } from "./approval-routes";
import { registerRewardStaffRoutes } from "./reward-routes";

/** The rewards' console routes, inside the console's scope (its session and CSRF token): a lead's rewards, the approvals. */
export async function rewardsStaffRoutes(app: FastifyInstance): Promise<void> {
  await registerRewardStaffRoutes(app);
  await registerApprovalRoutes(app);
}
