import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Limiter } from "./abuse-protection";
import { clientAddressKey } from "./client-address";
import { safeEqual } from "./constant-time";

/** Failed bearer-token attempts allowed per client (IPv6: per /64) per window before 429 (shared through Redis when set). */
export const TOKEN_FAILURES_ALLOWED = 10;
const TOKEN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** The bearer token, compared in constant time (SHA-256 digests: even its length does not show). */
function hasBearerToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  return safeEqual(header.startsWith("Bearer ") ? header.slice(7) : "", token);
}

/**
 * An onRequest hook for routes behind a bearer token (the admin API, /metrics): failed attempts
 * are counted per client by the rate-limit plugin the public forms use; a client that used up its
 * failures is refused even with the right token, so guessing gains nothing.
 */
export function tokenGuard(
  app: FastifyInstance,
  options: { token: string; name: "admin" | "metrics"; realm?: string },
) {
  const failures = app.createRateLimit({
    max: TOKEN_FAILURES_ALLOWED,
    timeWindow: TOKEN_FAILURE_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `${options.name}-failures:${clientAddressKey(request)}`,
  }) as unknown as Limiter;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const count = await failures(request, { increment: false });
    if (count.remaining === 0) {
      app.metrics.requestRateLimited(request.routeOptions.url ?? "unmatched", `${options.name}-failures`);
      return reply
        .code(429)
        .header("retry-after", String(Math.max(1, count.ttlInSeconds ?? 60)))
        .send({ error: "Too many failed attempts" });
    }
    if (hasBearerToken(request, options.token)) return;
    await failures(request);
    if (options.realm) void reply.header("www-authenticate", `Bearer realm="${options.realm}"`);
    return reply.code(401).send({ error: "Unauthorized" });
  };
}
