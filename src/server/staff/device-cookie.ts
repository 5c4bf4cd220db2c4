import type { FastifyReply, FastifyRequest } from "fastify";

import { staffCookie } from "../console-origin";

const DEVICE_COOKIE = "staff_device";
/** A device is remembered for 180 days after its last successful sign-in. */
const DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60;

/**
 * The device cookie (OWASP "device cookies", docs/decisions/0015): set at a successful sign-in,
 * a random id whose hash the server keeps with the account it was given to. A browser that
 * holds one for the account it signs in to is throttled on its own failures only. HttpOnly,
 * SameSite=Strict, sent to the console's API only (sign-in and the second factor read it).
 */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, deviceId: string): void {
  const cookie = staffCookie(request, DEVICE_COOKIE);
  void reply.setCookie(cookie.name, deviceId, {
    httpOnly: true,
    sameSite: "strict",
    secure: cookie.secure,
    path: cookie.path ?? "/api/staff",
    maxAge: DEVICE_MAX_AGE_S,
  });
}

export const deviceIdOf = (request: FastifyRequest): string | undefined =>
  request.cookies[staffCookie(request, DEVICE_COOKIE).name] || undefined;
