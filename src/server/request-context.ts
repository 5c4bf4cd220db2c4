import type { FastifyRequest } from "fastify";
import { clientAddress } from "./client-address";
import type { RequestContext } from "./store/submission";

/** An Idempotency-Key worth keeping: 1-200 visible ASCII characters; anything else is ignored. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

export function requestContext(request: FastifyRequest): RequestContext {
  const userAgent = request.headers["user-agent"];
  const referer = request.headers.referer;
  const key = request.headers["idempotency-key"];
  const idempotencyKey = typeof key === "string" && IDEMPOTENCY_KEY.test(key) ? key : undefined;
  return {
    clientIp: clientAddress(request), // the consent proof's address: client-address.ts
    userAgent: userAgent?.slice(0, 1024),
    now: new Date(),
    referer: referer?.slice(0, 2048),
    idempotencyKey,
  };
}
