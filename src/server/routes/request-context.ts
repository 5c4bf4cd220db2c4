import type { FastifyRequest } from "fastify";
import type { RequestContext } from "../store/leads-repository";

export function requestContext(request: FastifyRequest): RequestContext {
  const userAgent = request.headers["user-agent"];
  return { clientIp: request.ip, userAgent: userAgent?.slice(0, 1024), now: new Date() };
}
