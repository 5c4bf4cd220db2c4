import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Limiter } from "../abuse-protection";
import { clientAddressKey } from "../client-address";

/** The routes a stranger can reach with a guess: signing in, the second factor's, a password change. */
const GUESSING_ROUTES = new Set([
  "/api/staff/sign-in",
  "/api/staff/second-factor/verify",
  "/api/staff/second-factor/confirm",
  "/api/staff/second-factor/setup",
  "/api/staff/second-factor/remove",
  "/api/staff/password",
]);

const STAFF_RATE_LIMITED = "Too many tries from your network. Wait a minute and try again.";

/**
 * A per-client limit (IPv6: per /64) on the routes that take a guess, checked on onRequest before
 * anything is read or written (decision 0026): 5,000 tries a minute from one address cost the database
 * nothing past the first few. Counted in the rate-limit plugin's store (Redis when REDIS_URL is
 * set); answered 429 with Retry-After, counted in the metrics, not in the security log.
 */
export function registerStaffRateLimit(app: FastifyInstance): void {
  const perMinute = app.config.STAFF_RATE_LIMIT_PER_MINUTE;
  if (perMinute <= 0) return;
  const limiter = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `staff-minute:${clientAddressKey(request)}`,
  }) as unknown as Limiter;
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? "";
    if (request.method !== "POST" || !GUESSING_ROUTES.has(route)) return;
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    app.metrics.requestRateLimited(route, "staff-minute");
    return reply
      .code(429)
      .header("retry-after", String(Math.max(1, result.ttlInSeconds ?? 60)))
      .send({ error: STAFF_RATE_LIMITED });
  });
}
