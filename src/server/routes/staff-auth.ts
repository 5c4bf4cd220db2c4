import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { UNTYPEABLE_TEXT_MESSAGE, findUntypeableText } from "../../domain";
import { clientAddress } from "../abuse-protection";
import { safeEqual } from "../constant-time";
import { verifyPassword } from "../staff/passwords";
import { clearSessionCookie, sessionIdOf, setSessionCookie } from "../staff/session-cookie";
import { STAFF_MESSAGES } from "../staff/staff-messages";
import {
  createSession,
  deleteSession,
  findAccountByEmail,
  findSession,
  isLocked,
  recordFailedSignIn,
  type StaffSession,
} from "../store/staff-repository";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in staff member (set on every /api/staff route but sign-in). */
    staff?: StaffSession;
  }
}

/** Sign-in attempts allowed per client IP per 15 minutes (failed or not), on top of the per-account limit. */
export const SIGN_IN_PER_IP = 30;
const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

const SignInSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});

/**
 * Open without a session: signing in, and asking whether one is signed in (answered 200 with
 * `account: null` when not, so the console's first look is not a failed request).
 */
const PUBLIC_ROUTES = new Set(["/api/staff/sign-in", "/api/staff/session"]);

/**
 * Sessions for the console's API (registered inside its scope): every route but sign-in needs
 * a live session (401), and every change the session's CSRF token in X-CSRF-Token (403). The
 * cross-site Origin check of every /api write is in abuse-protection.ts.
 */
export async function registerStaffAuth(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  if (!app.hasDecorator("createRateLimit")) await app.register(rateLimit, { global: false });
  const perIp = app.createRateLimit({
    max: SIGN_IN_PER_IP,
    timeWindow: SIGN_IN_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `staff-sign-in:${clientAddress(request)}`,
  });

  app.addHook("onRequest", async (request, reply) => {
    if (PUBLIC_ROUTES.has(request.routeOptions.url ?? "")) return;
    const sessionId = sessionIdOf(request);
    const session = sessionId ? await findSession(app.store.db, sessionId) : undefined;
    if (!session) return reply.code(401).send({ error: STAFF_MESSAGES.signInRequired });
    request.staff = session;
    const changes = !["GET", "HEAD", "OPTIONS"].includes(request.method);
    if (changes && !safeEqual(request.headers["x-csrf-token"], session.csrfToken)) {
      return reply.code(403).send({ error: STAFF_MESSAGES.csrfMissing });
    }
  });

  // Searches and filters in the query string get the same refusal as bodies (routes/validation.ts).
  app.addHook("preValidation", async (request, reply) => {
    const path = findUntypeableText(request.query);
    if (path) return reply.code(400).send({ error: UNTYPEABLE_TEXT_MESSAGE, fields: { [String(path[0] ?? "_form")]: UNTYPEABLE_TEXT_MESSAGE } });
  });

  app.post("/api/staff/sign-in", async (request, reply) => {
    const limit = await perIp(request);
    if (!limit.isAllowed && limit.isExceeded) {
      app.metrics.signInThrottled("ip");
      return reply.code(429).header("retry-after", String(Math.max(1, limit.ttlInSeconds))).send({ error: STAFF_MESSAGES.signInThrottled });
    }
    const parsed = SignInSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: STAFF_MESSAGES.signInFailed });
    const { email, password } = parsed.data;
    const account = await findAccountByEmail(app.store.db, email);
    if (account && isLocked(account)) {
      app.metrics.signInThrottled("account");
      return reply.code(429).header("retry-after", "900").send({ error: STAFF_MESSAGES.signInThrottled });
    }
    const valid = await verifyPassword(account?.passwordHash, password);
    if (!account || !valid || account.disabledAt) {
      if (account && !account.disabledAt) await recordFailedSignIn(app.store.db, account.id);
      request.log.info("staff sign-in failed");
      app.metrics.signInFailed();
      return reply.code(401).send({ error: STAFF_MESSAGES.signInFailed });
    }
    // A fresh session id at every sign-in; the one the browser held before (if any) is ended.
    const previous = sessionIdOf(request);
    if (previous) await deleteSession(app.store.db, previous);
    const { sessionId, csrfToken } = await createSession(app.store.db, account.id);
    setSessionCookie(request, reply, sessionId);
    return { account: { email: account.email, role: account.role }, csrfToken };
  });

  app.get("/api/staff/session", async (request) => {
    const sessionId = sessionIdOf(request);
    const session = sessionId ? await findSession(app.store.db, sessionId) : undefined;
    if (!session) return { account: null };
    return { account: { email: session.account.email, role: session.account.role }, csrfToken: session.csrfToken };
  });

  app.post("/api/staff/sign-out", async (request, reply) => {
    const sessionId = sessionIdOf(request);
    if (sessionId) await deleteSession(app.store.db, sessionId);
    clearSessionCookie(request, reply);
    return { signedOut: true };
  });
}
