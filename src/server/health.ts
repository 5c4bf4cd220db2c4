import type { FastifyPluginAsync } from "fastify";
import { ping } from "./store/database";

/** GET /api/health: answers ok only after a real query. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/api/health", async (_request, reply) => {
    try {
      await ping(app.store.db);
      return { status: "ok", database: app.store.kind };
    } catch (error) {
      app.log.error({ err: error }, "health check query failed");
      return reply.code(503).send({ status: "error", database: app.store.kind });
    }
  });
};
