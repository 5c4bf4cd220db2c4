import type { FastifyReply, FastifyRequest } from "fastify";
import { staffCookie } from "../console-origin";
import type { SessionLimits } from "../store/staff-repository";

const SESSION_COOKIE = "staff_session";

/**
 * The session cookie: HttpOnly, SameSite=Lax, Path=/ (the console's page and its API), Secure
 * when the request came over HTTPS (behind a proxy: X-Forwarded-Proto, with TRUST_PROXY).
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
  limits: SessionLimits,
  startedAt = new Date(),
): void {
  const cookie = staffCookie(request, SESSION_COOKIE);
  void reply.setCookie(cookie.name, sessionId, {
    httpOnly: true,
    sameSite: "lax",
    secure: cookie.secure,
    path: "/",
    // The browser drops it at the absolute lifetime; the server ends it sooner when idle.
    maxAge: Math.max(1, Math.floor((startedAt.getTime() + limits.absoluteMs - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const cookie = staffCookie(request, SESSION_COOKIE);
  void reply.clearCookie(cookie.name, { httpOnly: true, sameSite: "lax", secure: cookie.secure, path: "/" });
}

export const sessionIdOf = (request: FastifyRequest): string | undefined =>
  request.cookies[staffCookie(request, SESSION_COOKIE).name] || undefined;
