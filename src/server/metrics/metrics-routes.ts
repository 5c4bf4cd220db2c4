import type { FastifyPluginAsync } from "fastify";
import { tokenGuard } from "../token-guard";

/**
 * GET /metrics: the app's registry in the Prometheus text format, for a scraper holding
 * METRICS_TOKEN (its own: never ADMIN_TOKEN, decision 0026); registered only when it is set (else
 * 404). Wrong tokens are limited as the admin API's are (token-guard.ts).
 */
export const metricsRoutes: FastifyPluginAsync<{ token: string }> = async (app, { token }) => {
  app.addHook("onRequest", tokenGuard(app, { token, name: "metrics", realm: "metrics" }));
  app.get("/metrics", async (_request, reply) => {
    const registry = app.metrics.registry;
    return reply
      .header("cache-control", "no-store")
      .type(registry.contentType)
      .send(await registry.metrics());
  });
};
