import type { FastifyPluginAsync } from "fastify";
import { leadRoutes } from "./leads";
import { nurseApplicationRoutes } from "./nurse-applications";
import { qualificationRoutes } from "./qualification";

/** The public forms' routes: a facility lead, a nurse's application, the qualification chat. */
export const leadsPublicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(leadRoutes);
  await app.register(nurseApplicationRoutes);
  await app.register(qualificationRoutes);
};
