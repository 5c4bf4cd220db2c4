import { timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { recentFacilityLeads } from "../store/leads-repository";
import { recentNurseApplications } from "../store/nurse-applications-repository";

/** Bearer token compared in constant time (lengths leak nothing useful: we hash-compare equal-length buffers). */
export function hasAdminToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  const given = Buffer.from(header.startsWith("Bearer ") ? header.slice(7) : "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Operator endpoints under /api/admin; they exist only when ADMIN_TOKEN is set. */
export const adminRoutes: FastifyPluginAsync<{ token: string }> = async (app, { token }) => {
  app.addHook("onRequest", async (request, reply) => {
    if (!hasAdminToken(request, token)) return reply.code(401).send({ error: "Unauthorized" });
  });
  app.get("/api/admin/leads", async () => ({ leads: await recentFacilityLeads(app.store.db) }));
  app.get("/api/admin/nurse-applications", async () => ({
    applications: await recentNurseApplications(app.store.db),
  }));
};
