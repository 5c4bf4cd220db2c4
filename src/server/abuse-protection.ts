import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { clientAddress, clientAddressKey, normalizeIp } from "./client-address";
import type { Config } from "./config";
import { isApiRequest } from "./console-request-paths";
import { ONE_CLICK_API, STOP_CONTACTING_API } from "../domain/do-not-contact";
import { VOICE_CALL_CHECK_PATH } from "../domain/voice-keys";

/** The public form endpoints: rate-limited per client IP. */
const PUBLIC_POST_ROUTES = new Set(["/api/leads", "/api/nurse-applications", STOP_CONTACTING_API, ONE_CLICK_API]);

/** The qualification chat's routes: a chat is about ten requests, so they have their own per-minute limit (CHAT_RATE_LIMIT_PER_MINUTE). */
// The work e-mail code's routes (decision 0031) and the check before a voice call share that limit: a person types a code or two.
const CHAT_POST_ROUTES = new Set([
  "/api/qualification/session",
  "/api/qualification/answers",
  "/api/work-email/confirm",
  "/api/work-email/confirm-link",
  "/api/work-email/new-code",
  "/api/work-email/waiting",
  VOICE_CALL_CHECK_PATH,
]);

export const RATE_LIMITED_MESSAGE = "Too many submissions. Please try again later.";
export const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed.";

/** Hosts a browser may post from: the request's own host, and SITE_URL's when set. */
function isSameSite(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true; // not a browser's cross-origin request (curl, server-to-server, same-origin GET)
  // "null" (sandboxed frames, file://) and garbage are refused.
  if (!URL.canParse(origin)) return false;
  const host = new URL(origin).host;
  // URL drops a default port, a Host header may keep it: compare without :80 / :443.
  const plain = (value: string) => value.toLowerCase().replace(/:(80|443)$/, "");
  const allowed = [plain(request.host ?? "")];
  if (config.SITE_URL) allowed.push(plain(new URL(config.SITE_URL).host));
  return allowed.includes(plain(host));
}

/** A limiter made by the rate-limit plugin's createRateLimit; `{ increment: false }` only reads the count. */
export interface Limiter {
  (
    request: FastifyRequest,
    options?: { increment: boolean },
  ): Promise<{ isAllowed: boolean; isExceeded?: boolean; remaining?: number; ttlInSeconds?: number }>;
}

/**
 * Abuse protection of the JSON API: cross-site Origin refused (403) on every write, and a
 * per-client-IP limit per minute and per day on the public form routes, and per minute on the
 * qualification chat's routes (429 + Retry-After),
 * shared through Redis when REDIS_URL is set. Loopback is exempt by default
 * (RATE_LIMIT_EXEMPT_IPS). Runs on onRequest, before the body is read.
 */
export async function registerAbuseProtection(
  app: FastifyInstance,
  config: Config,
  options: { rateLimitNamespace?: string } = {},
) {
  app.addHook("onRequest", async (request, reply) => {
    if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return;
    if (!isApiRequest(request)) return;
    // A mail provider's one-click POST (RFC 8058) may come with its own Origin: its token is what it proves.
    if (request.routeOptions.url === ONE_CLICK_API) return;
    if (!isSameSite(request, config)) return reply.code(403).send({ error: CROSS_SITE_MESSAGE });
  });

  let redis: Redis | undefined;
  if (config.REDIS_URL) {
    const { Redis } = await import("ioredis"); // loaded only when Redis is used (~20 MB resident)
    redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false });
    redis.on("error", (error: Error) => app.log.warn({ err: error.message }, "rate limit: Redis unavailable"));
    app.addHook("onClose", async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  // Registered always: the admin routes count failed sign-ins with it too (app.createRateLimit).
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: options.rateLimitNamespace ?? "staffing-rate-limit:" } : {}),
    // Fail open: a Redis outage must not turn leads away.
    skipOnError: true,
  });

  const limits: Array<{ max: number; windowMs: number; prefix: string }> = [];
  if (config.RATE_LIMIT_PER_MINUTE > 0)
    limits.push({ max: config.RATE_LIMIT_PER_MINUTE, windowMs: 60_000, prefix: "minute:" });
  if (config.RATE_LIMIT_PER_DAY > 0)
    limits.push({ max: config.RATE_LIMIT_PER_DAY, windowMs: 86_400_000, prefix: "day:" });
  const chatLimits =
    config.CHAT_RATE_LIMIT_PER_MINUTE > 0
      ? [{ max: config.CHAT_RATE_LIMIT_PER_MINUTE, windowMs: 60_000, prefix: "chat-minute:" }]
      : [];
  if (limits.length === 0 && chatLimits.length === 0) return;

  const exempt = new Set(config.RATE_LIMIT_EXEMPT_IPS.map(normalizeIp));
  const limiterOf = ({ max, windowMs, prefix }: { max: number; windowMs: number; prefix: string }) =>
    app.createRateLimit({
      max,
      timeWindow: windowMs,
      // IPv6 clients by their /64 (decision 0040): one subscriber rotating through its prefix is one client.
      keyGenerator: (request: FastifyRequest) => prefix + clientAddressKey(request),
      allowList: (request: FastifyRequest) => exempt.has(clientAddress(request)),
    }) as unknown as Limiter;
  const formLimiters = limits.map(limiterOf);
  const chatLimiters = chatLimits.map(limiterOf);

  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "POST") return;
    const route = request.routeOptions.url ?? "";
    const limiters = PUBLIC_POST_ROUTES.has(route) ? formLimiters : CHAT_POST_ROUTES.has(route) ? chatLimiters : [];
    for (const [index, limiter] of limiters.entries()) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        app.metrics.requestRateLimited(
          route,
          (limiters === chatLimiters ? chatLimits : limits)[index]!.prefix.slice(0, -1),
        );
        return reply
          .code(429)
          .header("retry-after", String(Math.max(1, result.ttlInSeconds ?? 60)))
          .send({ error: RATE_LIMITED_MESSAGE });
      }
    }
  });
}
