import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionLimits } from "../store/staff-repository";

const SESSION_COOKIE = "staff_session";

/**
 * The session cookie: HttpOnly, SameSite=Lax, Path=/ (the console's page and its API), Secure
 * when the request came over HTTPS (behind a proxy: X-Forwarded-Proto, with TRUST_PROXY).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string, limits: SessionLimits, startedAt = new Date()): void {
  void reply.setCookie(SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    path: "/",
    // The browser drops it at the absolute lifetime; the server ends it sooner when idle.
    maxAge: Math.max(1, Math.floor((startedAt.getTime() + limits.absoluteMs - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure: request.protocol === "https", path: "/" });
}

export const sessionIdOf = (request: FastifyRequest): string | undefined => request.cookies[SESSION_COOKIE] || undefined;
