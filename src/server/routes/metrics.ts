import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { safeEqual } from "../constant-time";

/** The bearer token, compared in constant time. */
function hasToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  return safeEqual(header.startsWith("Bearer ") ? header.slice(7) : "", token);
}

/**
 * GET /metrics: the app's registry in the Prometheus text format, for a scraper holding the
 * token (METRICS_TOKEN, else ADMIN_TOKEN); registered only when one is set (else 404).
 */
export const metricsRoutes: FastifyPluginAsync<{ token: string }> = async (app, { token }) => {
  app.get("/metrics", async (request, reply) => {
    if (!hasToken(request, token)) return reply.code(401).header("www-authenticate", 'Bearer realm="metrics"').send({ error: "Unauthorized" });
    const registry = app.metrics.registry;
    return reply.header("cache-control", "no-store").type(registry.contentType).send(await registry.metrics());
  });
};
